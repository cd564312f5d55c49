import { describe, expect, it } from 'vitest';
import { assetCache, precacheList, strategyOf } from './rules';

const O = 'https://till.example';
const s = (path: string, method = 'GET', mode = 'cors', origin = O) => strategyOf(method, mode, new URL(path, origin), O);

describe('till service worker rules', () => {
  it('answers page loads from the network first, the build files from their cache, the till reads with a fallback', () => {
    expect(s('/pos/order', 'GET', 'navigate')).toBe('shell');
    expect(s('/ar/pos/order?x=1', 'GET', 'navigate')).toBe('shell');
    expect(s('/assets/index-AbC123.js')).toBe('asset');
    expect(s('/favicon.svg')).toBe('asset');
    for (const p of ['/api/auth/me', '/api/pos/sessions?filter[status]=active', '/api/inventory/products?search=x', '/api/inventory/categories',
      '/api/sales/price-lists?pageSize=100', '/api/contacts?filter[isCustomer]=true', '/api/pos/customers']) expect(s(p)).toBe('data');
  });

  it('never touches a sale, another request method, another origin, health, exports or other APIs', () => {
    expect(s('/api/pos/sales', 'POST')).toBe('pass');
    expect(s('/api/pos/quote', 'POST')).toBe('pass');
    expect(s('/api/pos/sessions/3/close', 'POST')).toBe('pass');
    expect(s('/api/auth/logout', 'POST')).toBe('pass');
    expect(s('/api/health')).toBe('pass');
    expect(s('/builds/latest.json?1')).toBe('pass');
    expect(s('/api/pos/sessions/3/pdf?lang=ar')).toBe('pass');
    expect(s('/api/pos/customers/export.xlsx')).toBe('pass');
    expect(s('/api/accounting/invoices')).toBe('pass');
    expect(s('/api/inventory/productsx')).toBe('pass');
    expect(strategyOf('GET', 'cors', new URL('https://cdn.example/assets/a.js'), O)).toBe('pass');
  });

  it('precaches the scripts, styles and woff2 fonts of a build, in a cache named by the build', () => {
    expect(precacheList(['index.html', 'assets/a-1.js', 'assets/b-2.css', 'assets/f-3.woff2', 'assets/f-3.woff', 'builds/latest.json', 'sw-till.js']))
      .toEqual(['/assets/a-1.js', '/assets/b-2.css', '/assets/f-3.woff2']);
    expect(assetCache('20261127-abc')).toBe('daftar-till-build-20261127-abc');
  });
});
