import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, axeBothSchemes } from './a11y';
import { TILL, activeSession, shown } from './pos-session';
import { type E2E, startE2E, waitPath } from './harness';

/**
 * A till return in real Chromium, both languages: a sale at the till by keyboard (scan, quantity 3, F9, cash), the
 * order found in past orders, its Return opening /pos/return with the order; by keyboard, one of the three taken
 * back with an item reason and the return's reason, refunded in cash (F9, Enter on the confirmation): the credit note's number
 * shown, one confirmed sales return in the session with its negative cash row, the receipt's PDF served, and the
 * session's summary showing the refund; then the same order found at the return screen by its day (typed, Enter,
 * the day's till orders listed, Enter on the first). Nothing in English on the Arabic pages but the data; axe-core clean in
 * both schemes on the filled form and on the result.
 */
let e: E2E;
beforeAll(async () => { e = await startE2E(); }, 600_000);
afterAll(async () => { await e?.close(); });

const rows = async <T,>(q: ReturnType<typeof sql>) => (await e.db.orm.execute(q)).rows as T[];
const L = {
  en: { prefix: '' as const, search: /Search products/, pay: 'Payment', cart: 'Cart', number: 'Search by order number', ret: 'Return', toReturn: 'To return', itemReason: 'Item reason',
    reason: 'Reason', done: /Return RET\/\d{4}\/\d{5} confirmed/, refunds: 'Refunds', confirm: 'Confirm return', orderNumber: 'Order number', pick: 'Return this order',
    lines: 'Items of the order' },
  ar: { prefix: '/ar' as const, search: /ابحث عن منتج/, pay: 'الدفع', cart: 'السلة', number: 'البحث برقم الطلب', ret: 'إرجاع', toReturn: 'الكمية المرتجعة', itemReason: 'سبب الصنف',
    reason: 'السبب', done: /تم تأكيد المرتجع RET\/\d{4}\/\d{5}/, refunds: 'المبالغ المستردة', confirm: 'تأكيد الإرجاع', orderNumber: 'رقم الطلب', pick: 'إرجاع هذا الطلب',
    lines: 'أصناف الطلب' },
};

/** Only Latin letters of the data (product names, numbers, codes) may show on an Arabic page. */
async function englishWords(page: Page, allowed: RegExp): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !allowed.test(w));
}

for (const lang of ['en', 'ar'] as const) {
  describe(`till return in ${lang}`, () => {
    it('sells at the till, returns part of it from past orders with a reason and a cash refund, and sees the refund in the session summary', async () => {
      const t = L[lang];
      const { page, context, errors } = await e.newPage();
      const failures: string[] = [];
      page.on('response', (r) => { if (r.status() >= 500) failures.push(`${r.status()} ${r.url()}`); });
      await e.login(page, t.prefix);
      const sessionId = await activeSession(e, page);
      const [water] = await rows<{ id: number; barcode: string; name: string; name_ar: string | null }>(sql`SELECT id, barcode, name, name_ar FROM products WHERE name = 'Mineral water (carton)'`);
      const [before] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders WHERE session_id = ${sessionId}`);

      // a sale of 3 by keyboard: scan, Alt+Q 3, F9, cash pre-filled with the total, Enter
      await page.goto(`${e.base}${t.prefix}/pos/order`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-controls')), { timeout: 15000 }).toBe('till-products');
      await page.keyboard.type(water!.barcode);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('table', { name: t.cart }).locator('tbody tr').count(), { timeout: 10000 }).toBe(1);
      await page.keyboard.press('Alt+KeyQ');
      // the quantity's box has the focus before the 3 is typed (on a loaded machine the dialog shows before it, and
      // the 3 went nowhere: a sale of 1)
      await expect.poll(() => page.getByRole('dialog').getByRole('textbox', { name: TILL[lang].qty }).evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10000 }).toBe(0);
      await page.keyboard.press('F9');
      const pay = page.getByRole('dialog', { name: t.pay });
      await pay.waitFor({ timeout: 10000 });
      // Enter completes the sale once the cash is filled with the total (the change shown); on a loaded machine the
      // dialog opens before that, and an early Enter did nothing (the sale never came)
      await pay.getByTestId('pay-change').waitFor({ timeout: 15000 });
      // Enter goes to the dialog's form once its cash field has the focus (the modal takes it as it opens)
      await expect.poll(() => pay.locator('input[data-autofocus]').evaluate((el) => el === document.activeElement), { timeout: 10000 }).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders WHERE session_id = ${sessionId}`))[0]!.n, { timeout: 30000 }).toBe(before!.n + 1);
      const [order] = await rows<{ id: number; number: string; total_amount: string }>(sql`SELECT id, number, total_amount::text FROM sales_orders WHERE session_id = ${sessionId} ORDER BY id DESC LIMIT 1`);
      expect(await rows<{ q: string }>(sql`SELECT quantity::text AS q FROM sales_order_lines WHERE order_id = ${order!.id}`)).toEqual([{ q: '3.000000' }]);

      // past orders: find it, Return opens the till's return screen with the order
      await page.goto(`${e.base}${t.prefix}/pos/oldorders`);
      await page.getByRole('textbox', { name: t.number }).fill(order!.number);
      await expect.poll(() => page.locator('tr[data-order]').count(), { timeout: 15000 }).toBe(1);
      await page.getByRole('link', { name: `${t.ret} ${order!.number}` }).click();
      await waitPath(page, /\/pos\/return$/);
      const product = lang === 'ar' && water!.name_ar ? water!.name_ar : water!.name;
      const qty = page.getByRole('textbox', { name: `${t.toReturn}: ${product}` });
      // the first returnable line gets the focus: 1 of the 3, Tab to its reason
      await expect.poll(() => qty.evaluate((el) => el === document.activeElement), { timeout: 15000 }).toBe(true);
      await page.keyboard.type('1');
      await page.keyboard.press('Tab');
      await page.keyboard.type(lang === 'en' ? 'Torn carton' : 'كرتون ممزق');
      // Tab on to the return's reason: the first one by the arrow keys and Enter
      await page.keyboard.press('Tab');
      const reason = page.getByRole('combobox', { name: t.reason });
      await expect.poll(() => reason.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.getByRole('option').first().waitFor({ timeout: 5000 });
      // the list marks its first option as the one Enter takes a frame after it opens (late on a loaded machine)
      await expect.poll(() => page.locator('[role="option"][data-combobox-selected]').count(), { timeout: 5000 }).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => reason.inputValue()).not.toBe('');
      // the server's figure: a third of the sale
      const third = (Number(order!.total_amount) / 3).toFixed(2);
      await expect.poll(() => page.getByTestId('return-refund').innerText(), { timeout: 15000 }).toMatch(new RegExp(third.replace('.', '[.٫]')));
      await e.shot(page, `${lang}-till-return-form`);
      // axe (WCAG 2.1 AA) on the filled form, light and dark
      expect(await axeBothSchemes(page, lang, `${lang} till return form`)).toEqual([]);
      if (lang === 'ar') expect(await englishWords(page, /^(SO|POS|RET|Mineral|water|carton|Riyadh|main|store|Customer)$/i)).toEqual([]);
      await page.keyboard.press('F9');
      await page.getByRole('dialog', { name: t.confirm }).waitFor({ timeout: 10000 });
      await page.keyboard.press('Enter');
      await page.getByTestId('return-done').waitFor({ timeout: 20000 });
      await expect.poll(() => page.getByTestId('return-done').innerText()).toMatch(t.done);
      await e.shot(page, `${lang}-till-return-done`);
      expect(await axeBothSchemes(page, lang, `${lang} till return done`)).toEqual([]);
      // "?" lists the screen's keys (F9 confirms, Alt+R prints the receipt)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Shift+Slash');
      await page.getByRole('dialog').getByText('F9', { exact: true }).first().waitFor({ timeout: 5000 });
      await animationsDone(page);
      await e.shot(page, `${lang}-till-return-shortcuts`);
      await page.keyboard.press('Escape');

      const [ret] = await rows<{ id: number; credit_note_id: number; refunded_amount: string; session_id: number; status: string; n: string }>(sql`
        SELECT r.id, r.credit_note_id, r.refunded_amount::text, r.session_id, r.status, i.number AS n FROM sales_returns r JOIN invoices i ON i.id = r.credit_note_id
        WHERE r.order_id = ${order!.id}`);
      expect(ret).toMatchObject({ session_id: sessionId, status: 'confirmed', refunded_amount: `${third}00` });
      expect(await page.getByTestId('credit-note').innerText()).toBe(ret!.n);
      const cash = await rows<{ method: string; amount: string }>(sql`SELECT method, amount::text FROM pos_payments WHERE return_id = ${ret!.id}`);
      expect(cash).toEqual([{ method: 'cash', amount: `-${third}00` }]);
      const [line] = await rows<{ reason: string; quantity: string }>(sql`SELECT reason, quantity::text FROM sales_return_lines WHERE return_id = ${ret!.id}`);
      expect(line).toEqual({ reason: lang === 'en' ? 'Torn carton' : 'كرتون ممزق', quantity: '1.000000' });
      // the receipt is the credit note's PDF (80 mm layout)
      const pdf = await page.request.get(`${e.base}/api/accounting/invoices/${ret!.credit_note_id}/pdf?lang=${lang}&layout=receipt`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');

      // found again without its number: the day typed at the return screen lists that day's till orders, newest
      // first; Enter on the first (this sale) loads it, with the item already returned
      const [{ day }] = (await rows<{ day: string }>(sql`SELECT order_date::text AS day FROM sales_orders WHERE id = ${order!.id}`)) as [{ day: string }];
      const sameDay = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales_orders WHERE order_date = ${day} AND session_id IS NOT NULL AND status IN ('confirmed', 'completed')`);
      await page.goto(`${e.base}${t.prefix}/pos/return`);
      const find = page.getByRole('textbox', { name: t.orderNumber });
      await expect.poll(() => find.evaluate((el) => el === document.activeElement), { timeout: 15000 }).toBe(true);
      await page.keyboard.type(day);
      await page.keyboard.press('Enter');
      if (sameDay[0]!.n > 1) {
        await page.getByTestId('return-matches').waitFor({ timeout: 15000 });
        await expect.poll(() => page.locator('tr[data-match]').count()).toBe(Math.min(20, sameDay[0]!.n));
        const first = page.getByRole('button', { name: `${t.pick} ${order!.number}` });
        await expect.poll(() => first.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
        await e.shot(page, `${lang}-till-return-matches`);
        expect(await axeBothSchemes(page, lang, `${lang} till return matches`)).toEqual([]);
        if (lang === 'ar') expect(await englishWords(page, /^(SO|POS|RET|Mineral|water|carton|Riyadh|main|store|Customer)$/i)).toEqual([]);
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => find.inputValue(), { timeout: 15000 }).toBe(order!.number);
      await expect.poll(() => page.getByRole('table', { name: t.lines }).innerText(), { timeout: 15000 }).toContain(product);

      // the session's summary shows the refund
      await page.goto(`${e.base}${t.prefix}/pos/sessions/${sessionId}`);
      await page.getByTestId('refund-methods').waitFor({ timeout: 15000 });
      const [sum] = await rows<{ refunds: string }>(sql`SELECT (-sum(amount))::numeric(20,2)::text AS refunds FROM pos_payments WHERE session_id = ${sessionId} AND return_id IS NOT NULL AND method IN ('cash', 'bank_transfer')`);
      await expect.poll(async () => shown(await page.getByText(t.refunds, { exact: true }).locator('xpath=..').innerText()), { timeout: 10000 }).toBe(Number(sum!.refunds));
      await e.shot(page, `${lang}-till-return-summary`);
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
