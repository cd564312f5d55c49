import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizeSearch } from '../../../../core/text/arabic-normalize';
import { api } from '../../../../web/api/client';
import type { ListResult, Row } from '../../../../web/api/useEntityQueries';
import type { Product } from './cart';
import { keptProducts } from './offline/register';

/**
 * What the till reads, through the generic list APIs: the user's active sessions, categories, salable products
 * (the catalogue of a category, and the search as the cashier types: the platform's Arabic-aware `?search=`), price
 * lists and customers. Every product seen is remembered for the page's life, so search and barcodes still work
 * from memory while the server is out of reach (folded the way the server folds: normalizeSearch); after a reload
 * with the server down, the memory starts from the products the till's service worker kept (offline/register.ts).
 */
export interface TillProduct extends Product { sku?: string | null; categoryId?: number | null }

const list = (path: string, params: Record<string, string>) => api<ListResult>(`${path}?${new URLSearchParams(params).toString()}`);
const SALABLE = { 'filter[salable]': 'true', 'filter[isActive]': 'true' };
const asProduct = (r: Row): TillProduct => ({
  id: r.id, name: String(r.name ?? ''), nameAr: (r.nameAr as string | null) ?? null, salePrice: (r.salePrice as string | null) ?? '0',
  barcode: (r.barcode as string | null) ?? null, sku: (r.sku as string | null) ?? null, categoryId: (r.categoryId as number | null) ?? null,
});

export function useSessions(userId: number | undefined) {
  return useQuery({
    queryKey: ['pos', 'till', 'sessions', userId],
    enabled: userId !== undefined,
    queryFn: async () => (await list('/api/pos/sessions', { 'filter[status]': 'active', 'filter[userId]': String(userId), pageSize: '50', sort: '-openedAt' })).items,
  });
}

export function useCategories() {
  return useQuery({ queryKey: ['pos', 'till', 'categories'], staleTime: 5 * 60_000, queryFn: async () => (await list('/api/inventory/categories', { pageSize: '100', sort: 'name' })).items });
}

export function usePriceLists() {
  return useQuery({ queryKey: ['pos', 'till', 'priceLists'], staleTime: 5 * 60_000, queryFn: async () => (await list('/api/sales/price-lists', { 'filter[isActive]': 'true', pageSize: '100', sort: 'name' })).items });
}

/** Every product seen during the page's life (the till's offline search and barcodes read it). */
const seen = { current: new Map<number, TillProduct>() };

export function useProductMemory() {
  return productMemory;
}

const productMemory = (() => {
  let recalled = false;
  const remember = (items: Row[]) => items.map((r) => { const p = asProduct(r); seen.current.set(p.id, p); return p; });
  const local = (term: string, categoryId: number | null) => {
    const t = normalizeSearch(term.trim());
    return [...seen.current.values()].filter((p) => (categoryId === null || p.categoryId === categoryId)
      && (!t || normalizeSearch([p.name, p.nameAr, p.sku, p.barcode].filter(Boolean).join(' ')).includes(t)));
  };
  /** Products matching `term` (the server's search; from memory when it cannot be reached). */
  const search = async (term: string, categoryId: number | null, pageSize = 24): Promise<TillProduct[]> => {
    try {
      const params: Record<string, string> = { ...SALABLE, pageSize: String(pageSize), sort: 'name' };
      if (term.trim()) params.search = term.trim();
      if (categoryId !== null) params['filter[categoryId]'] = String(categoryId);
      return remember((await list('/api/inventory/products', params)).items);
    } catch {
      // after a reload while the server is down the page's memory is empty: fill it from the worker's kept answers
      if (!recalled) { recalled = true; remember(await keptProducts().catch(() => [])); }
      return local(term, categoryId).slice(0, pageSize);
    }
  };
  /** The product whose barcode (or SKU) is exactly `code`. */
  const byCode = async (code: string): Promise<TillProduct | null> => {
    const c = normalizeSearch(code.trim());
    const exact = (ps: TillProduct[]) => ps.find((p) => p.barcode === c) ?? ps.find((p) => p.sku !== null && p.sku !== undefined && normalizeSearch(p.sku) === c) ?? null;
    return exact(await search(c, null, 10)) ?? exact(local(c, null));
  };
  return { search, byCode };
})();

/** The first page of the catalogue, asked for as soon as the till opens (with the session, not after it). */
export const catalogueQuery = { queryKey: ['pos', 'till', 'products', '', null] as const, queryFn: () => productMemory.search('', null), staleTime: 30_000 };

export function useProductSearch(memory: ReturnType<typeof useProductMemory>, term: string, categoryId: number | null) {
  return useQuery({
    queryKey: ['pos', 'till', 'products', term.trim(), categoryId],
    queryFn: () => memory.search(term, categoryId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
