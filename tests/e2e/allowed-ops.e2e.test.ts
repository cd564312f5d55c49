import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './harness';

/**
 * The web offers only what the server accepts (allowedOps, from the definition's states): a confirmed invoice's
 * page has no Edit or Delete and only the transitions from its state, a draft's page has them; in the list only the
 * draft can be selected for bulk delete. In both languages.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); });
afterAll(async () => { await e?.close(); });

const L = {
  en: { prefix: '', edit: 'Edit', delete: 'Delete', confirm: 'Confirm', submit: 'Submit', markSent: 'Mark as sent', confirmed: 'Confirmed', draft: 'Draft', selectRow: 'Select row' },
  ar: { prefix: '/ar', edit: 'تعديل', delete: 'حذف', confirm: 'تأكيد', submit: 'إرسال للاعتماد', markSent: 'تعيين كمرسلة', confirmed: 'مؤكدة', draft: 'مسودة', selectRow: 'تحديد الصف' },
} as const;

async function post(req: APIRequestContext, path: string, data: unknown): Promise<{ id: number; status: string }> {
  const r = await req.post(`${e.base}${path}`, { data, headers: { origin: e.base } });
  expect(r.status(), await r.text()).toBeLessThan(300);
  return r.json();
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

for (const lang of ['en', 'ar'] as const) {
  describe(`allowed operations in ${lang}`, () => {
    it('a confirmed invoice shows no Edit or Delete, a draft shows both; only the draft is selectable in the list', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      await e.login(page, t.prefix);
      const req = context.request;
      const partnerId = (await (await req.get(`${e.base}/api/contacts/contacts?search=Ahmed`)).json()).items[0].id;
      const reference = `KEPT-${lang}`;
      const invoice = () => post(req, '/api/accounting/invoices', {
        type: 'SALE', partnerId, date: new Date().toISOString().slice(0, 10), reference, lines: [{ description: 'Service', quantity: '1', unitPrice: '100' }],
      });
      const draft = await invoice();
      const confirmed = await post(req, `/api/accounting/invoices/${(await invoice()).id}/confirm`, {});
      expect(confirmed.status).toBe('CONFIRMED');

      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoicedetails/${confirmed.id}`);
      await button(page, t.markSent).waitFor({ timeout: 15000 });
      await expect.poll(() => page.getByText(t.confirmed, { exact: true }).count()).toBeGreaterThan(0);
      for (const name of [t.edit, t.delete, t.confirm, t.submit]) expect(await button(page, name).count(), name).toBe(0);
      await e.shot(page, `allowed-ops-confirmed-${lang}`);

      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoicedetails/${draft.id}`);
      await button(page, t.edit).waitFor({ timeout: 15000 });
      for (const name of [t.delete, t.confirm, t.submit]) expect(await button(page, name).count(), name).toBe(1);
      expect(await button(page, t.markSent).count()).toBe(0);
      await e.shot(page, `allowed-ops-draft-${lang}`);

      await page.goto(`${e.base}${t.prefix}/accounting/accounts/invoice?q=${reference}`);
      const rows = page.getByRole('row').filter({ has: page.getByText(t.draft, { exact: true }) });
      const kept = page.getByRole('row').filter({ has: page.getByText(t.confirmed, { exact: true }) });
      await kept.first().waitFor({ timeout: 15000 });
      expect(await rows.count()).toBe(1);
      expect(await kept.count()).toBe(1);
      expect(await rows.getByRole('checkbox', { name: t.selectRow }).count()).toBe(1);
      expect(await kept.getByRole('checkbox', { name: t.selectRow }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
