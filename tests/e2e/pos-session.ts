import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './harness';

/** The signed-in user's active POS session (the demo admin has one), else one started at the first branch. */
export async function activeSession(e: E2E, page: Page): Promise<number> {
  const me = await (await page.request.get(`${e.base}/api/auth/me`)).json();
  const list = await (await page.request.get(`${e.base}/api/pos/sessions?filter[status]=active&filter[userId]=${me.user.id}`)).json();
  if (list.items.length > 0) return list.items[0].id;
  const branches = await (await page.request.get(`${e.base}/api/pos/branches`)).json();
  const r = await page.request.post(`${e.base}/api/pos/sessions`, { data: { branchId: branches.items[0].id, openingCash: '100' } });
  expect(r.status()).toBe(201);
  return (await r.json()).id;
}
