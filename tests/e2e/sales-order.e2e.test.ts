import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ZONE, type E2E, startE2E, waitPath } from './harness';
import { companyToday } from '../../src/core/time/company-time';

/**
 * A sales order through the web app in both languages: created by the form (its live totals with the default VAT
 * shown before saving), confirmed, paid in part then in full from its page by the Pay dialog: completed and paid;
 * the invoice carries the order's totals to the cent and is paid, the delivery took the goods out of stock.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 600_000);
afterAll(async () => { await e?.close(); });

const L = {
  en: {
    prefix: '', newOrder: /^New sales order$/i, customer: 'Customer', orderDate: 'Order date', product: 'Product', quantity: 'Quantity',
    addLine: 'Add line', save: 'Save', confirm: 'Confirm', pay: 'Pay', amount: 'Amount', total: 'Total',
    customerSearch: 'Noor', customerOption: /Al-Noor Markets/, partiallyPaid: 'Partially paid', completed: 'Completed', receipt: 'Receipt',
  },
  ar: {
    prefix: '/ar', newOrder: /^إضافة أمر بيع$/, customer: 'العميل', orderDate: 'تاريخ الطلب', product: 'المنتج', quantity: 'الكمية',
    addLine: 'إضافة بند', save: 'حفظ', confirm: 'تأكيد', pay: 'دفع', amount: 'المبلغ', total: 'الإجمالي',
    customerSearch: 'النور', customerOption: /أسواق النور|Al-Noor Markets/, partiallyPaid: 'مدفوع جزئيًا', completed: 'مكتمل', receipt: 'الإيصال',
  },
} as const;

async function pick(page: Page, input: Locator, search: string, option: RegExp) {
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option }).first().click({ timeout: 10000 });
}

const rows = async <T,>(q: ReturnType<typeof sql>) => (await e.db.orm.execute(q)).rows as T[];
const onHand = async (name: string) => (await rows<{ q: string }>(sql`SELECT coalesce(sum(q.quantity), 0)::text AS q FROM stock_quants q JOIN products p ON p.id = q.product_id
  JOIN locations l ON l.id = q.location_id WHERE p.name = ${name} AND l.kind = 'internal'`))[0]!.q;

for (const lang of ['en', 'ar'] as const) {
  describe(`sales order in ${lang}`, () => {
    it('creates an order by the form with live totals, confirms it, pays part then the rest: completed, paid, invoice and stock agree', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      page.on('response', (r) => { if (r.status() >= 400) void r.text().then((b) => errors.push(`${r.status()} ${r.request().method()} ${r.url()} ${r.request().postData() ?? ''} -> ${b}`)); });
      await e.login(page, t.prefix);
      const note = `E2E order ${lang} ${Date.now() % 100000}`;
      const stockBefore = Number(await onHand('Stapler'));

      await page.goto(`${e.base}${t.prefix}/sales/orders`);
      await page.getByRole('button', { name: t.newOrder }).click();
      const form = page.getByRole('dialog');
      await pick(page, form.getByRole('combobox', { name: t.customer, exact: true }), t.customerSearch, t.customerOption);
      await form.getByLabel(t.orderDate, { exact: true }).fill(companyToday(DEMO_ZONE));
      await form.getByRole('button', { name: t.addLine }).click();
      await pick(page, form.getByRole('combobox', { name: t.product, exact: true }).first(), 'Stapler', /Stapler|دبّاسة/);
      await form.getByRole('textbox', { name: t.quantity, exact: true }).first().fill('2');
      // 2 x 24.00 + VAT 15% (7.20): the server's quote, before anything is saved
      await expect.poll(() => form.locator(`[data-total="${t.total}"]`).innerText(), { timeout: 15000 }).toMatch(/55[.٫]20|٥٥٫٢٠/);
      await form.getByLabel(lang === 'en' ? 'Notes' : 'ملاحظات', { exact: true }).fill(note);
      await e.shot(page, `${lang}-sales-order-form`);
      await form.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 10000 }).catch(() => {});
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      const [made] = await rows<{ id: number }>(sql`SELECT id FROM sales_orders WHERE notes = ${note}`);
      expect(made).toBeTruthy();
      await page.goto(`${e.base}${t.prefix}/sales/orderdetails/${made!.id}`);

      await page.getByRole('button', { name: t.confirm, exact: true }).first().click({ timeout: 30000 }).catch(async (err) => { await e.shot(page, `${lang}-sales-order-noconfirm`); throw err; });
      await page.getByRole('dialog').getByRole('button', { name: t.confirm, exact: true }).click({ timeout: 15000 });
      await page.getByRole('button', { name: t.pay, exact: true }).click({ timeout: 15000 });
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: new RegExp(`^${t.amount}`) }).fill('20');
      await dialog.getByRole('button', { name: t.pay, exact: true }).click();
      await expect.poll(() => page.getByText(t.partiallyPaid, { exact: true }).count(), { timeout: 15000 }).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: t.receipt }).count()).toBe(1);

      await page.getByRole('button', { name: t.pay, exact: true }).click({ timeout: 15000 });
      dialog = page.getByRole('dialog');
      // the amount defaults to what is due
      await expect.poll(() => dialog.getByRole('textbox', { name: new RegExp(`^${t.amount}`) }).inputValue(), { timeout: 10000 }).toBe('35.2000');
      await dialog.getByRole('button', { name: t.pay, exact: true }).click();
      await expect.poll(() => page.getByText(t.completed, { exact: true }).count(), { timeout: 15000 }).toBeGreaterThan(0);
      await e.shot(page, `${lang}-sales-order-paid`);

      const order = await (await context.request.get(`${e.base}/api/sales/orders/${made!.id}`)).json();
      expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid', subtotal: '48.0000', taxAmount: '7.2000', totalAmount: '55.2000', paidAmount: '55.2000', dueAmount: '0.0000' });
      const invoice = await (await context.request.get(`${e.base}/api/accounting/invoices/${order.invoiceId}`)).json();
      expect(invoice).toMatchObject({ status: 'PAID', subtotal: '48.0000', taxAmount: '7.2000', totalAmount: '55.2000', paidAmount: '55.2000', dueAmount: '0.0000', reference: order.number });
      const delivery = await (await context.request.get(`${e.base}/api/inventory/deliveries/${order.deliveryId}`)).json();
      expect(delivery.status).toBe('done');
      expect(Number(await onHand('Stapler'))).toBe(stockBefore - 2);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
