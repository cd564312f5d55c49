import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, picture } from '../../../tests/support/db-diff';
import { type TestApp, testApp } from '../../../tests/support/test-app';
import { type Kit, kit } from '../../modules/accounting/server/test-kit';
import { type StockKit, stockKit } from '../../modules/inventory/server/test-kit';
import { buildApp } from './app';

/**
 * Bad input never gets a 500 (issue 21 §1): impossible or far-off dates, NUL characters, ids past PostgreSQL's
 * integer and amounts whose products or sums would overflow NUMERIC, sent to the real endpoints (bodies, document
 * lines, list filters, search, report parameters), are each refused with a 400/422 that names the field, in English
 * and, asked with Accept-Language: ar, in Arabic; nothing is stored. Then PostgreSQL's data errors that slip past the
 * checks answer a generic 400, never a 500.
 */
let t: TestApp;
let a: Kit;
let k: StockKit;
let sid: string;
let partnerId: number;
let productId: number;

beforeAll(async () => {
  t = await testApp();
  a = await kit(t);
  k = await stockKit(t);
  sid = /sid=[^;]+/.exec(t.admin.cookie)![0];
  partnerId = await a.contact();
  productId = await k.product({ name: 'Widget', cost: '2' });
});
afterAll(async () => { await t?.close(); });

/** A request as the admin with no locale cookie: the language comes from Accept-Language. */
async function send(method: 'GET' | 'POST', url: string, body: unknown, lang: 'en' | 'ar') {
  const r = await t.app.inject({
    method, url, headers: { cookie: sid, 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.statusCode, error: (r.json() as { error?: { message: string; fields?: Record<string, string> } }).error };
}

/**
 * Sends the request in English and in Arabic: both refused with 400 or 422, `field` named in `fields`, its message
 * matching `en` / `ar` (the field's label in that language), and nothing stored.
 */
async function refused(method: 'GET' | 'POST', url: string, body: unknown, field: string, en: RegExp, ar: RegExp): Promise<void> {
  const before = await picture(t.db);
  for (const [lang, want] of [['en', en], ['ar', ar]] as const) {
    const r = await send(method, url, body, lang);
    expect([400, 422], `${method} ${url} ${lang}: ${JSON.stringify(r)}`).toContain(r.status);
    expect(Object.keys(r.error?.fields ?? {}), JSON.stringify(r.error)).toContain(field);
    expect(r.error!.fields![field]).toMatch(want);
  }
  // nothing stored anywhere: every table of the database as it was (tests/support/db-diff.ts)
  expect(changes(before, await picture(t.db)), `${method} ${url}`).toEqual({});
}

const entry = (date: string, lines?: unknown[]) => ({
  journalId: a.jr('GEN'), date, post: true,
  lines: lines ?? [{ accountId: a.acc('1101'), debit: '10' }, { accountId: a.acc('4101'), credit: '10' }],
});
const invoice = (o: Record<string, unknown>) => ({ type: 'SALE', partnerId, date: '2026-04-01', lines: [{ description: 'x', quantity: '1', unitPrice: '10' }], ...o });
const receipt = (o: Record<string, unknown>) => ({ vendorId: partnerId, receiptDate: '2026-03-05', locationId: k.loc.stock, items: [{ productId, quantity: '1', unitCost: '3' }], ...o });
const delivery = (o: Record<string, unknown>) => ({ destinationType: 'customer', deliveryDate: '2026-04-02', locationId: k.loc.stock, items: [{ productId, quantity: '1' }], validate: true, ...o });

// The messages name the field: "Date must be a date" / "يجب أن يكون التاريخ تاريخًا", "... between 1900-01-01 and 2200-12-31".
const DATES = [['2026-02-30', /must be a date/, /تاريخًا/], ['0000-01-01', /must be a date/, /تاريخًا/], ['9999-12-31', /must be between 1900-01-01 and 2200-12-31/, /بين 1900-01-01 و2200-12-31/]] as const;

describe('dates: impossible or outside 1900..2200', () => {
  for (const [date, en, ar] of DATES) {
    it(`refuses ${date} in bodies, list filters and report parameters`, async () => {
      await refused('POST', '/api/accounting/journal-entries', entry(date), 'date', new RegExp('^Date ' + en.source), new RegExp('التاريخ.*' + ar.source));
      await refused('POST', '/api/accounting/invoices', invoice({ date }), 'date', new RegExp('^Date ' + en.source), /التاريخ/);
      await refused('POST', '/api/accounting/invoices', invoice({ dueDate: date }), 'dueDate', new RegExp('^Due date ' + en.source), /تاريخ الاستحقاق/);
      await refused('POST', '/api/inventory/receipts', receipt({ receiptDate: date }), 'receiptDate', new RegExp('^Receipt date ' + en.source), /تاريخ الاستلام/);
      await refused('POST', '/api/inventory/receipts', receipt({ items: [{ productId, quantity: '1', unitCost: '3', lotName: 'L1', expiryDate: date }] }), 'items',
        /^Line 1: Expiry date/, /^السطر 1: .*تاريخ الانتهاء/);
      await refused('POST', '/api/inventory/deliveries', delivery({ deliveryDate: date }), 'deliveryDate', new RegExp('^Delivery date ' + en.source), /تاريخ التسليم/);
      await refused('GET', `/api/accounting/reports/trial-balance?to=${date}`, undefined, 'to', /\bTo\b/, /إلى/);
      await refused('GET', `/api/accounting/reports/general-ledger?from=${date}&to=2026-12-31`, undefined, 'from', /\bFrom\b/, /من/);
      await refused('GET', `/api/inventory/reports/stock-balance?to=${date}`, undefined, 'to', /\bTo\b/, /إلى/);
      await refused('GET', `/api/accounting/invoices?filter[date][gte]=${date}`, undefined, 'date', /\bDate\b/, /التاريخ/);
      await refused('GET', `/api/inventory/receipts?filter[receiptDate]=${date}`, undefined, 'receiptDate', /Receipt date/, /تاريخ الاستلام/);
    });
  }

  it('accepts the edges of the range and a leap day', async () => {
    expect((await t.admin.post('/api/accounting/journal-entries', entry('2024-02-29'))).statusCode).toBe(201);
    expect((await t.admin.get('/api/accounting/invoices?filter[date][gte]=1900-01-01&filter[date][lte]=2200-12-31')).statusCode).toBe(200);
    expect((await t.admin.get('/api/accounting/reports/trial-balance?from=1900-01-01&to=2200-12-31')).statusCode).toBe(200);
  });
});

describe('NUL characters', () => {
  it('refuses a NUL in a name, a reference, a line, a filter and a search term', async () => {
    await refused('POST', '/api/contacts/contacts', { kind: 'company', name: 'Acme\u0000' }, 'name', /^Name contains a character that is not allowed/, /الاسم/);
    await refused('POST', '/api/accounting/invoices', invoice({ reference: 'R-\u00001' }), 'reference', /^Reference contains/, /المرجع/);
    await refused('POST', '/api/accounting/journal-entries', { ...entry('2026-03-01'), reference: '\u0000' }, 'reference', /^Reference contains/, /المرجع/);
    await refused('POST', '/api/inventory/deliveries', delivery({ items: [{ productId, quantity: '1', notes: 'a\u0000' }] }), 'items', /not allowed/, /غير مسموح/);
    await refused('GET', '/api/contacts/contacts?search=ac%00me', undefined, 'search', /^Search contains/, /البحث/);
    await refused('GET', '/api/accounting/journal-entries?filter[sourceType]=%00', undefined, 'sourceType', /Source/, /المصدر/);
    await refused('GET', '/api/accounting/journal-entries?filter[status]=posted%00', undefined, 'status', /Status/, /الحالة/);
  });

  it('refuses a state filter naming no state of the record (its states are an allowlist, as an enum\'s options)', async () => {
    await refused('GET', `/api/accounting/journal-entries?filter[status]=${encodeURIComponent("' OR 1=1 --")}`, undefined, 'status', /Status/, /الحالة/);
    await refused('GET', '/api/accounting/journal-entries?filter[status]=posted,nope', undefined, 'status', /Status/, /الحالة/);
    expect((await t.admin.get('/api/accounting/journal-entries?filter[status]=posted,draft')).statusCode).toBe(200);
  });
});

describe('ids past 2147483647', () => {
  it('refuses them in a body, in a line and in a filter', async () => {
    for (const id of [2147483648, 9007199254740991]) {
      await refused('POST', '/api/accounting/invoices', invoice({ partnerId: id }), 'partnerId', /^Partner: the selected record does not exist/, /الشريك/);
      await refused('POST', '/api/accounting/journal-entries', entry('2026-03-01', [{ accountId: id, debit: '1' }, { accountId: a.acc('4101'), credit: '1' }]), 'lines',
        /^Line 1: Account/, /^السطر 1: الحساب/);
      await refused('POST', '/api/inventory/receipts', receipt({ items: [{ productId: id, quantity: '1' }] }), 'items', /^Line 1: Product/, /^السطر 1: المنتج/);
      await refused('GET', `/api/accounting/invoices?filter[partnerId]=${id}`, undefined, 'partnerId', /Partner/, /الشريك/);
      await refused('GET', `/api/accounting/reports/general-ledger?accountId=${id}`, undefined, 'accountId', /accountId/, /accountId/);
    }
    await refused('GET', '/api/accounting/journal-entries?filter[sourceId]=9999999999', undefined, 'sourceId', /Source ID/, /معرّف المصدر/);
  });

  it('documents the bound in the OpenAPI schema: bodies and filters', async () => {
    const doc = (await t.admin.get('/api/openapi.json')).json();
    expect(doc.components.schemas.InvoiceCreate.properties.partnerId.maximum).toBe(2147483647);
    const filter = doc.paths['/api/accounting/invoices'].get.parameters.find((p: { name: string }) => p.name === 'filter[partnerId]');
    expect(filter.schema).toMatchObject({ type: 'integer', maximum: 2147483647 });
    expect(doc.components.schemas.InvoiceCreate.properties.date).toMatchObject({ format: 'date' });
  });
});

describe('amounts and quantities that would overflow NUMERIC', () => {
  it('refuses them in invoice lines, entry lines, stock items and money fields', async () => {
    const five = Array.from({ length: 5 }, () => ({ description: 'x', unitPrice: '9999999999999999' }));
    await refused('POST', '/api/accounting/invoices', invoice({ lines: five }), 'lines', /^Line 1: Unit price is too large/, /^السطر 1: .*سعر الوحدة/);
    await refused('POST', '/api/accounting/invoices', invoice({ lines: [{ quantity: '99999999999999', unitPrice: '9999999999999999.9999' }] }), 'lines',
      /^Line 1: Quantity is too large/, /^السطر 1: .*الكمية/);
    // each within its own bound, the line's value (quantity x price) is not
    await refused('POST', '/api/accounting/invoices', invoice({ lines: [{ description: 'ok', unitPrice: '1' }, { quantity: '999999999', unitPrice: '999999999999' }] }), 'lines',
      /^Line 2: Unit price times the quantity is too large/, /^السطر 2: .*سعر الوحدة/);
    await refused('POST', '/api/accounting/invoices', invoice({ discount: '99999999999999999' }), 'discount', /^Discount is too large/, /الخصم/);
    await refused('POST', '/api/accounting/journal-entries', entry('2026-03-01', [{ accountId: a.acc('1101'), debit: '9999999999999999' }, { accountId: a.acc('4101'), credit: '9999999999999999' }]),
      'lines', /^Line 1: Debit is too large \(at most 999999999999999.9999\)/, /^السطر 1: .*مدين/);
    // lines within the ledger bound whose total is not
    const big = '999999999999999';
    await refused('POST', '/api/accounting/journal-entries', entry('2026-03-01', [{ accountId: a.acc('1101'), debit: big }, { accountId: a.acc('1101'), debit: big }, { accountId: a.acc('4101'), credit: big }, { accountId: a.acc('4101'), credit: big }]),
      'lines', /^The entry total is too large/, /^إجمالي القيد كبير جدًا/);
    // an invoice whose lines fit but whose taxes push the total past the ledger bound
    const tax = (await t.admin.post('/api/accounting/taxes', { name: 'Huge', rate: '99999999', type: 'percentage' })).json();
    await refused('POST', '/api/accounting/invoices', invoice({ lines: [{ description: 'x', unitPrice: '999999999999', taxId: tax.id }] }), 'lines',
      /^The invoice total is too large/, /^إجمالي الفاتورة كبير جدًا/);
    await refused('POST', '/api/inventory/receipts', receipt({ items: [{ productId, quantity: '99999999999999', unitCost: '9999999999999999.9999' }] }), 'items',
      /^Line 1: Quantity is too large/, /^السطر 1: .*الكمية/);
    await refused('POST', '/api/inventory/receipts', receipt({ items: [{ productId, quantity: '999999999', unitCost: '999999999999' }] }), 'items',
      /^Line 1: Unit cost times the quantity is too large/, /^السطر 1: .*تكلفة الوحدة/);
    await refused('POST', '/api/inventory/products', { name: 'Dear', categoryId: (await t.admin.post('/api/inventory/categories', { name: 'C' })).json().id, productType: 'storable', uomId: k.uom('Unit'), cost: '1000000000000' },
      'cost', /^Cost is too large \(at most 999999999999.9999\)/, /التكلفة/);
    // a delivery's quantity at the product's cost
    const dear = await k.product({ name: 'Dear', cost: '999999999999' });
    await refused('POST', '/api/inventory/deliveries', delivery({ items: [{ productId: dear, quantity: '999999' }] }), 'items', /^Line 1: Unit cost times the quantity/, /^السطر 1:/);
  });

  it('accepts the largest values: an invoice of lines at the bound confirms and its entry balances', async () => {
    const r = await t.admin.post('/api/accounting/invoices', invoice({ lines: Array.from({ length: 5 }, () => ({ description: 'x', unitPrice: '999999999999.9999' })) }));
    expect(r.statusCode, r.body).toBe(201);
    // each line rounds to the currency's 2 decimals: 1,000,000,000,000.00, five of them still fit NUMERIC(20,4)
    expect(r.json().totalAmount).toBe('5000000000000.0000');
    const c = await t.admin.post(`/api/accounting/invoices/${r.json().id}/confirm`, {});
    expect(c.statusCode, c.body).toBe(200);
  });
});

describe('the error handler, last line of defence', () => {
  it('answers PostgreSQL data errors with a generic 400 in the caller\'s language', async () => {
    const probes: Record<string, ReturnType<typeof sql>> = {
      '22P02': sql`SELECT 'abc'::int`, '22003': sql`SELECT 1e20::numeric(20,4)`, '22008': sql`SELECT '2026-02-30'::date`,
      '22007': sql`SELECT 'soon'::date`, '22021': sql`SELECT convert_from('\\x00'::bytea, 'UTF8')`, '22P05': sql`SELECT '"\\u0000"'::jsonb`,
      '54000': sql`SELECT '{{{{{{{1}}}}}}}'::int[]`,
    };
    const app = await buildApp({
      db: t.db, entities: [], version: 'test',
      extend: (x) => { x.get('/api/probe/:code', async (req) => t.db.orm.execute(probes[(req.params as { code: string }).code]!)); },
    });
    try {
      for (const code of Object.keys(probes)) {
        for (const [lang, msg] of [['en', 'A value in the request is not valid or out of range'], ['ar', 'إحدى القيم في الطلب غير صالحة أو خارج النطاق']] as const) {
          const r = await app.inject({ method: 'GET', url: `/api/probe/${code}`, headers: { 'accept-language': lang } });
          expect(r.statusCode, `${code} ${r.body}`).toBe(400);
          expect(r.json().error).toEqual({ code: 'bad_request', message: msg });
        }
      }
      // anything else is still a 500
      expect((await app.inject({ method: 'GET', url: '/api/probe/none' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});
