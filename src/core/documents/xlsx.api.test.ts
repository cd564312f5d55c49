import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../tests/support/test-app';

/**
 * Formula injection in Excel downloads (xlsx.ts), read from the files' XML as Excel reads it: text that a spreadsheet
 * takes for a formula is a text cell (t="s", no <f>) in the Text number format (built-in 49, so re-entering it keeps
 * it text); other text stays General and numbers stay numeric cells, a negative amount too.
 */
let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

// jszip: exceljs's own reader of zips (resolved from exceljs, as core/documents/exceljs.ts resolves its parts)
const JSZip = createRequire(createRequire(import.meta.url).resolve('exceljs/package.json'))('jszip') as {
  loadAsync(b: Buffer): Promise<{ file(name: string): { async(type: 'string'): Promise<string> } | null }>;
};

const FORMULA_LIKE = ['=HYPERLINK("http://x")', '@SUM(1)', '+1', '-1+1', '＝1+1'];
const TEXT_FMT = 49;

interface XCell { ref: string; type: string | null; numFmtId: number; formula: boolean; text: string | null; value: string | null }

const unescapeXml = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attr = (attrs: string, name: string) => attrs.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? null;

/** The first sheet's cells, each with its type, number format, formula element and text (shared strings resolved). */
async function cellsOf(buf: Buffer): Promise<{ sheetXml: string; cells: XCell[] }> {
  const zip = await JSZip.loadAsync(buf);
  const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const sharedXml = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '';
  const stylesXml = await zip.file('xl/styles.xml')!.async('string');
  const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => [...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((x) => unescapeXml(x[1]!)).join(''));
  const cellXfs = stylesXml.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)![1]!;
  const xfFormats = [...cellXfs.matchAll(/<xf\b([^>]*)>/g)].map((m) => Number(attr(m[1]!, 'numFmtId') ?? 0));
  const cells = [...sheetXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
    const attrs = m[1]!;
    const inner = m[2] ?? '';
    const type = attr(attrs, 't');
    const value = inner.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? null;
    return {
      ref: attr(attrs, 'r')!, type, numFmtId: xfFormats[Number(attr(attrs, 's') ?? 0)]!, formula: /<f[\s>/]/.test(inner),
      text: type === 's' && value !== null ? shared[Number(value)]! : null, value,
    };
  });
  return { sheetXml, cells };
}

function expectTextCell(cells: XCell[], text: string) {
  const c = cells.find((x) => x.text === text);
  expect(c, `a cell holding ${JSON.stringify(text)}`).toBeDefined();
  expect(c).toMatchObject({ type: 's', formula: false, numFmtId: TEXT_FMT });
}

describe('Excel downloads keep formula-like text as text', () => {
  it('a list export: text cells in the Text format, no formula element, plain text left General', async () => {
    for (const name of [...FORMULA_LIKE, 'Plain Trading']) {
      const r = await t.admin.post('/api/contacts/contacts', { kind: 'individual', name, nameAr: `${name} ع` });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().name).toBe(name);
    }
    const res = await t.admin.get('/api/contacts/contacts/export.xlsx');
    expect(res.statusCode).toBe(200);
    const { sheetXml, cells } = await cellsOf(res.rawPayload);
    expect(sheetXml).not.toMatch(/<f[\s>/]/);
    for (const name of FORMULA_LIKE) {
      expectTextCell(cells, name);
      expectTextCell(cells, `${name} ع`);
    }
    expect(cells.find((x) => x.text === 'Plain Trading')).toMatchObject({ type: 's', formula: false, numFmtId: 0 });
  });

  it('a report: the label a text cell in the Text format, -5.00 a number', async () => {
    const accounts = (await t.admin.get('/api/accounting/accounts?pageSize=200')).json().items as { id: number; code: string }[];
    const journals = (await t.admin.get('/api/accounting/journals?pageSize=200')).json().items as { id: number; code: string }[];
    const acc = (code: string) => accounts.find((a) => a.code === code)!.id;
    const draft = await t.admin.post('/api/accounting/journal-entries', {
      journalId: journals.find((j) => j.code === 'GEN')!.id, date: '2026-03-10', reference: 'x',
      lines: [{ accountId: acc('1101'), debit: '5', label: '=HYPERLINK("http://x")' }, { accountId: acc('4101'), credit: '5.00', label: '-1+1' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await t.admin.post(`/api/accounting/journal-entries/${draft.json().id}/post`, {})).statusCode).toBe(200);

    const res = await t.admin.get(`/api/accounting/reports/general-ledger?from=2026-01-01&to=2026-12-31&accountId=${acc('4101')}&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    const { sheetXml, cells } = await cellsOf(res.rawPayload);
    expect(sheetXml).not.toMatch(/<f[\s>/]/);
    expectTextCell(cells, '-1+1');
    // the line's balance (and the totals' credit) -5.00 and 5.00: numeric cells (no t="s"), in the money format
    const minus = cells.filter((c) => c.value === '-5');
    expect(minus.length).toBeGreaterThan(0);
    for (const c of minus) expect(c).toMatchObject({ type: null, formula: false, numFmtId: 4 });
    expect(cells.filter((c) => c.text !== null && /^-?5(\.00)?$/.test(c.text))).toEqual([]);
  });
});
