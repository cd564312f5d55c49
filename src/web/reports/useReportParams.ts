import { useCallback, useMemo } from 'react';
import { useCompanyToday } from '../api/useAuth';
import { useSearchParamsWriter } from '../shell/useSearchParamsWriter';
import type { ReportConfig } from './types';

/**
 * Report filters live in the URL (shareable, survive reload); defaults: up to the company's today (its time zone, not the browser's), from 1 January of that year,
 * or, with `serverDefaultFrom`, no `from` at all (the server starts at the fiscal year and says so in the
 * answer's params). Every filter of the report's config has a value (null when unset); `query()` sends only what
 * the report accepts. A change starts from the newest URL the report navigated to, so one made before the last has
 * rendered keeps it (shell/useSearchParamsWriter.ts).
 */
export interface ReportFilters { from: string | null; to: string; period: string | null; page: number; values: Record<string, string | null> }
export type FilterPatch = Record<string, string | number | null>;

const paramOf = (f: ReportConfig['filters'][number]) => (typeof f === 'string' ? null : f.param);

export function useReportParams(cfg: ReportConfig, serverDefaultFrom = false) {
  const [sp, write] = useSearchParamsWriter();
  const today = useCompanyToday();
  const filters: ReportFilters = useMemo(() => {
    const to = sp.get('to') || today();
    const values: Record<string, string | null> = {};
    for (const f of cfg.filters) { const p = paramOf(f); if (p) values[p] = sp.get(p); }
    return { from: sp.get('from') ?? (serverDefaultFrom ? null : `${to.slice(0, 4)}-01-01`), to, period: sp.get('period'), page: Math.max(1, Number(sp.get('page')) || 1), values };
  }, [sp, cfg, serverDefaultFrom, today]);

  const set = useCallback((patch: FilterPatch) => write((next) => {
    for (const [k, v] of Object.entries<string | number | null>({ page: 1, ...patch })) {
      if (v === null || v === undefined || v === '' || (k === 'page' && Number(v) === 1)) next.delete(k);
      else next.set(k, String(v));
    }
  }), [write]);

  const query = useCallback((extra: Record<string, string | number> = {}, withPage = true) => {
    const q = new URLSearchParams();
    const has = (f: 'from' | 'period') => cfg.filters.includes(f);
    if (has('from') && filters.from) q.set('from', filters.from);
    if (filters.to) q.set('to', filters.to);
    if (has('period') && filters.period) q.set('period', filters.period);
    for (const [k, v] of Object.entries(filters.values)) if (v) q.set(k, v);
    if (cfg.paged && withPage && filters.page > 1) q.set('page', String(filters.page));
    for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
    return q.toString();
  }, [cfg, filters]);

  return { filters, set, query };
}
