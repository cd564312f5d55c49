import { useMemo } from 'react';
import { useSearchParamsWriter } from '../shell/useSearchParamsWriter';
import type { ListQuery } from '../api/useEntityQueries';

/**
 * The list's query lives in the URL (q, sort, page, size, f.<field>), so a filtered page can be bookmarked,
 * shared, and comes back with the Back button. Changing search, sort, filters or page size returns to page 1.
 * Each change starts from the newest URL this list navigated to, not from the params of the last render
 * (shell/useSearchParamsWriter.ts says why).
 */
export const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_SIZE = 25;

export function useListParams() {
  const [params, write] = useSearchParamsWriter();

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

  const update = (changes: Record<string, string | null>, resetPage = true, dropFilters = false) => write((p) => {
    if (dropFilters) for (const k of [...p.keys()]) if (k.startsWith('f.')) p.delete(k);
    for (const [k, v] of Object.entries(changes)) if (v === null || v === '') p.delete(k); else p.set(k, v);
    if (resetPage) p.delete('page');
  });

  return {
    query,
    setSearch: (s: string) => update({ q: s.trim() || null }),
    setSort: (s: string | null) => update({ sort: s }),
    setPage: (n: number) => update({ page: n > 1 ? String(n) : null }, false),
    setPageSize: (n: number) => update({ size: n === DEFAULT_SIZE ? null : String(n) }),
    setFilter: (key: string, v: string | null) => update({ ['f.' + key]: v }),
    // several filters in one navigation (a range's two bounds), so no render shows one without the other
    setFilters: (changes: Record<string, string | null>) => update(Object.fromEntries(Object.entries(changes).map(([k, v]) => ['f.' + k, v]))),
    // every filter of the URL the change starts from, one set just before included
    clearFilters: () => update({}, true, true),
  };
}
