import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from '../api/useEntityQueries';

/**
 * The list's query lives in the URL (q, sort, page, size, f.<field>), so a filtered page can be bookmarked,
 * shared, and comes back with the Back button. Changing search, sort, filters or page size returns to page 1.
 */
export const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_SIZE = 25;

export function useListParams() {
  const [params, setParams] = useSearchParams();
  // What this list last navigated to, until that navigation is rendered. react-router's functional update starts from
  // the params of the last render: a change made before the previous one rendered (the debounced search firing
  // right after a click on a header) started from the params before the click and undid it (the sort lost).
  const sent = useRef<URLSearchParams | null>(null);
  useEffect(() => { sent.current = null; }, [params]);

  const query = useMemo<ListQuery>(() => {
    const filters: Record<string, string> = {};
    for (const [k, v] of params) if (k.startsWith('f.') && v) filters[k.slice(2)] = v;
    const size = Number(params.get('size'));
    return {
      search: params.get('q') || undefined,
      sort: params.get('sort') || undefined,
      page: Math.max(1, Number(params.get('page')) || 1),
      pageSize: PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE,
      filters,
    };
  }, [params]);

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const p = new URLSearchParams(sent.current ?? params);
    for (const [k, v] of Object.entries(changes)) if (v === null || v === '') p.delete(k); else p.set(k, v);
    if (resetPage) p.delete('page');
    sent.current = p;
    setParams(p, { replace: true, preventScrollReset: true });
  };

  return {
    query,
    setSearch: (s: string) => update({ q: s.trim() || null }),
    setSort: (s: string | null) => update({ sort: s }),
    setPage: (n: number) => update({ page: n > 1 ? String(n) : null }, false),
    setPageSize: (n: number) => update({ size: n === DEFAULT_SIZE ? null : String(n) }),
    setFilter: (key: string, v: string | null) => update({ ['f.' + key]: v }),
    clearFilters: () => update(Object.fromEntries(Object.keys(query.filters ?? {}).map((k) => ['f.' + k, null]))),
  };
}
