import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Locale, isRtl } from '../i18n/locale';

/**
 * HTML -> PDF with Debian's Chromium (no network, no JavaScript) and the Noto Naskh Arabic font embedded, so
 * Arabic is shaped (joined letters), right-to-left, with numbers kept left-to-right. Every text is escaped
 * by `esc` before it reaches the HTML: names with markup stay inert.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

let fontCss: string | null = null;
function fonts(): string {
  if (fontCss) return fontCss;
  const req = createRequire(import.meta.url);
  const dir = req.resolve('@fontsource/noto-naskh-arabic/package.json').replace(/package\.json$/, 'files/');
  const face = (subset: string, weight: number) => {
    const b64 = readFileSync(`${dir}noto-naskh-arabic-${subset}-${weight}-normal.woff2`).toString('base64');
    return `@font-face{font-family:'Noto Naskh Arabic';font-weight:${weight};src:url(data:font/woff2;base64,${b64}) format('woff2');}`;
  };
  fontCss = [face('arabic', 400), face('arabic', 700), face('latin', 400), face('latin', 700)].join('\n');
  return fontCss;
}

export function page(title: string, body: string, locale: Locale): string {
  const dir = isRtl(locale) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:">
<title>${esc(title)}</title><style>${fonts()}
body{font-family:'Noto Naskh Arabic',sans-serif;font-size:11px;margin:24px;color:#111}
h1{font-size:18px;margin:0 0 4px} .muted{color:#555}
table{width:100%;border-collapse:collapse;margin-top:12px} th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:start}
th{background:#f3f3f3} td.n,th.n{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap}
tr.total td,tr.heading td{font-weight:700} .bi{display:block;font-size:9px;color:#555}
</style></head><body>${body}</body></html>`;
}

export async function htmlToPdf(html: string): Promise<Buffer> {
  // Loaded on first use: the driver costs ~80 MB of memory that an idle server should not carry.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const ctx = await browser.newContext({ javaScriptEnabled: false, offline: true });
    const p = await ctx.newPage();
    await p.setContent(html, { waitUntil: 'load' });
    return Buffer.from(await p.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } }));
  } finally {
    await browser.close();
  }
}
