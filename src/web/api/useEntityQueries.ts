import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyEntity } from '../../core/entity/define';
import { api } from './client';

/**
 * TanStack Query hooks generic over an entity definition: one set of hooks serves every entity, with the
 * endpoints of docs/API.md (/api/<module>/<path>). Every mutation invalidates all entity queries, because a
 * change can alter the titles (`_refs`) other lists show.
 */
export type Row = Record<string, unknown> & {
  id: number;
  version: number;
  _refs?: Record<string, string | null>;
  createdAt?: string;
  updatedAt?: string;
};

/** `totalCapped`: the server stopped counting at `total`; there are more. */
export interface ListResult { items: Row[]; total: number; totalCapped?: boolean; page: number; pageSize: number }

export interface ListQuery {
  search?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
  filters?: Record<string, string>;
}

export interface HistoryItem {
  id: number;
  action: string;
  at: string;
  userId: number | null;
  userName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export function entityUrl(def: AnyEntity): string {
  return `/api/${def.module}/${def.path}`;
}

export function listQueryString(q: ListQuery): string {
  const p = new URLSearchParams();
  if (q.search) p.set('search', q.search);
  if (q.sort) p.set('sort', q.sort);
  if (q.page) p.set('page', String(q.page));
  if (q.pageSize) p.set('pageSize', String(q.pageSize));
  // 'date.gte' / 'date.lte' are range bounds: filter[date][gte].
  for (const [k, v] of Object.entries(q.filters ?? {})) if (v !== '') p.set(`filter[${k.replace(/\.(gte|lte)$/, '][$1')}]`, v);
  const s = p.toString();
  return s ? '?' + s : '';
}

const keys = {
  all: ['entity'] as const,
  list: (def: AnyEntity, q: ListQuery, url?: string) => ['entity', def.name, 'list', q, ...(url ? [url] : [])] as const,
  one: (def: AnyEntity, id: number) => ['entity', def.name, 'one', id] as const,
  history: (def: AnyEntity, id: number) => ['entity', def.name, 'history', id] as const,
};

/** `url`: another API answering the entity's list (a list preset's, core/entity/preset.ts); the generic one by default. */
export function useEntityList(def: AnyEntity, query: ListQuery, enabled = true, url?: string) {
  return useQuery({
    queryKey: keys.list(def, query, url),
    queryFn: ({ signal }) => api<ListResult>((url ?? entityUrl(def)) + listQueryString(query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useEntity(def: AnyEntity, id: number | undefined) {
  return useQuery({
    queryKey: keys.one(def, id ?? 0),
    queryFn: ({ signal }) => api<Row>(`${entityUrl(def)}/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** The company's record of a singleton entity (GET <base>/current). */
export function useCurrentEntity(def: AnyEntity) {
  return useQuery({
    queryKey: ['entity', def.name, 'current'] as const,
    queryFn: ({ signal }) => api<Row>(`${entityUrl(def)}/current`, { signal }),
  });
}

export function useEntityHistory(def: AnyEntity, id: number) {
  return useQuery({
    queryKey: keys.history(def, id),
    queryFn: ({ signal }) => api<{ items: HistoryItem[] }>(`${entityUrl(def)}/${id}/history`, { signal }),
  });
}

function useInvalidateAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

export function useCreate(def: AnyEntity) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => api<Row>(entityUrl(def), { method: 'POST', body: values }),
    onSuccess: invalidate,
  });
}

export function useUpdate(def: AnyEntity) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, version, values }: { id: number; version: number; values: Record<string, unknown> }) =>
      api<Row>(`${entityUrl(def)}/${id}`, { method: 'PATCH', body: { ...values, version } }),
    onSuccess: invalidate,
  });
}

/** After a delete the record's own queries are dropped (not refetched into a 404) and everything else refreshed. */
export function useDelete(def: AnyEntity) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${entityUrl(def)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_r, id) => {
      const own = (k: readonly unknown[]) => k[1] === def.name && (k[2] === 'one' || k[2] === 'history') && k[3] === id;
      qc.removeQueries({ predicate: (q) => own(q.queryKey) });
      return qc.invalidateQueries({ queryKey: keys.all, predicate: (q) => !own(q.queryKey) });
    },
  });
}

export function useBulkDelete(def: AnyEntity) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (ids: number[]) => api<{ deleted: number }>(`${entityUrl(def)}/bulk-delete`, { method: 'POST', body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useTransition(def: AnyEntity) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, name, version }: { id: number; name: string; version: number }) =>
      api<Row>(`${entityUrl(def)}/${id}/${name}`, { method: 'POST', body: { version } }),
    onSuccess: invalidate,
  });
}
