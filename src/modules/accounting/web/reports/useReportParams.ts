import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportConfig } from './reportConfig';

/** Report filters live in the URL (shareable, survive reload); defaults: the current year up to today. */
export interface ReportFilters {
  from: string; to: string; period: string | null;
  accountId: string | null; journalId: string | null; contactId: string | null; page: number;
}

const today = () => new Date().toISOString().slice(0, 10);

export function useReportParams(cfg: ReportConfig) {
  const [sp, setSp] = useSearchParams();
  const filters: ReportFilters = useMemo(() => {
    const to = sp.get('to') || today();
    return {
      from: sp.get('from') ?? `${to.slice(0, 4)}-01-01`,
      to,
      period: sp.get('period'),
      accountId: sp.get('accountId'),
      journalId: sp.get('journalId'),
      contactId: sp.get('contactId'),
      page: Math.max(1, Number(sp.get('page')) || 1),
    };
  }, [sp]);

  const set = useCallback((patch: Partial<ReportFilters>) => {
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries({ page: 1, ...patch })) {
        if (v === null || v === undefined || (k === 'page' && v === 1)) next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    }, { replace: true });
  }, [setSp]);

  /** The server query string for the current filters (only what this report accepts). */
  const query = useCallback((extra: Record<string, string | number> = {}, withPage = true) => {
    const q = new URLSearchParams();
    const f = cfg.filters;
    if (f.includes('from') && filters.from) q.set('from', filters.from);
    if (filters.to) q.set('to', filters.to);
    if (f.includes('period') && filters.period) q.set('period', filters.period);
    if (f.includes('account') && filters.accountId) q.set('accountId', filters.accountId);
    if (f.includes('journal') && filters.journalId) q.set('journalId', filters.journalId);
    if (f.includes('contact') && filters.contactId) q.set('contactId', filters.contactId);
    if (cfg.paged && withPage && filters.page > 1) q.set('page', String(filters.page));
    for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
    return q.toString();
  }, [cfg, filters]);

  return { filters, set, query };
}
