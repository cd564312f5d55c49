import { describe, expect, it } from 'vitest';
import { modules } from '../modules/registry';
import { summarize } from './appMap';
import { webScreens } from './moduleWeb';

// A module screen (a ScreenDef in a manifest) has no generic page: without its component in the module's
// web/index.ts the router answers 404, so this keeps every listed screen real.
describe('module screens', () => {
  it('every screen of every manifest has its component', () => {
    const built = new Set(webScreens.map((s) => s.route));
    const missing = summarize(modules)
      .modules.flatMap((m) => m.entries)
      .filter((e) => e.kind === 'screen' && !built.has(e.route))
      .map((e) => e.route);
    expect(missing).toEqual([]);
  });

  // A screen the registry does not list has no permission to guard it (the router's Guard lets anyone in, and its
  // API answers 403): every module screen is a route of the app map, where its permission is declared.
  it('every module screen is a registry route, with its permission declared there', () => {
    const routes = new Set(summarize(modules).modules.flatMap((m) => m.entries).map((e) => e.route));
    expect(webScreens.map((s) => s.route).filter((r) => !routes.has(r))).toEqual([]);
  });
});

describe('the menu entry a hidden screen belongs to', () => {
  const entries = summarize(modules).modules.flatMap((m) => m.entries);
  const underOf = (route: string) => entries.find((e) => e.route === route)?.under;

  it('a report opened from a reports index marks that index, not a list sharing its permission', () => {
    expect(underOf('/sales/reports/customer-statement')).toBe('/sales/reports');
    expect(underOf('/sales/reports/product-sales')).toBe('/sales/reports');
    const reportsIndexes = entries.filter((e) => !e.hidden && /\/reports$/.test(e.route)).map((e) => e.route);
    expect(reportsIndexes.length).toBeGreaterThan(1);
    const strays = entries.filter((e) => e.hidden && reportsIndexes.some((r) => e.route.startsWith(`${r}/`)) && !e.route.startsWith(`${e.under}/`));
    expect(strays.map((e) => `${e.route} under ${e.under}`)).toEqual([]);
  });

  it('a record page marks its list', () => {
    expect(underOf('/sales/orderdetails/{id}')).toBe('/sales/orders');
  });

});
