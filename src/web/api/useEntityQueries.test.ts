import { describe, expect, it } from 'vitest';
import { listQueryString } from './useEntityQueries';

describe('list query string', () => {
  it('sends filters as filter[field], and date bounds as filter[field][gte|lte]', () => {
    const q = listQueryString({ search: 'قهوة', sort: '-date', page: 2, pageSize: 50, filters: { moveType: 'incoming', 'date.gte': '2026-01-01', 'date.lte': '2026-01-31', productId: '' } });
    const p = new URLSearchParams(q.slice(1));
    expect(q.startsWith('?')).toBe(true);
    expect([...p]).toEqual([
      ['search', 'قهوة'], ['sort', '-date'], ['page', '2'], ['pageSize', '50'],
      ['filter[moveType]', 'incoming'], ['filter[date][gte]', '2026-01-01'], ['filter[date][lte]', '2026-01-31'],
    ]);
  });

  it('is empty without parameters', () => {
    expect(listQueryString({})).toBe('');
  });
});
