import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Locale, isRtl } from '../i18n/locale';

/**
 * HTML -> PDF with Debian's Chromium (no network, no JavaScript) and the Noto Naskh Arabic font embedded, so
 * Arabic is shaped (joined letters), right-to-left, with numbers kept left-to-right. Every text is escaped
 * by `esc` before it reaches the HTML: names with markup stay inert. The page shows nothing on screen
 * (`@media screen`): it is only printed, and laying out, painting and rasterizing it for the screen first cost
 * about 30% of the CPU of a long report.
 *
 * The browser is Chromium's headless shell (Debian package chromium-headless-shell: the same version, Blink and
 * layout, the same pages and text) when installed, else Chromium itself (CHROMIUM_PATH overrides both).
 * Chromium's new headless mode is the whole browser without a window: it idles at ~250 MB Pss, keeps an omnibox
 * WebUI renderer and a spare renderer, and its renderer peaks ~60 MB higher per part; the shell idles at ~120 MB
 * and takes ~20% less CPU per report. `--disable-software-rasterizer`: nothing is drawn on a screen, and the GPU
 * process without SwiftShader holds ~17 MB instead of ~35.
 */
const CHROMIUM = process.env.CHROMIUM_PATH
  ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'].find((p) => existsSync(p)) ?? '/usr/lib/chromium/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-software-rasterizer', '--disable-dev-shm-usage', '--disable-extensions', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

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
@media screen{body{display:none}}
body{font-family:'Noto Naskh Arabic',sans-serif;font-size:11px;margin:24px;color:#111}
h1{font-size:18px;margin:0 0 4px} .muted{color:#555} .company{font-weight:700;font-size:12px;margin:0 0 2px}
table{width:100%;border-collapse:collapse;margin-top:12px} th,td{border-bottom:1px solid #ddd;padding:4px 6px;text-align:start}
th{background:#f3f3f3} td.n,th.n{text-align:end;direction:ltr;unicode-bidi:isolate;white-space:nowrap} td.d,th.d{text-align:end;white-space:nowrap}
tr.total td,tr.heading td{font-weight:700} .bi{display:block;font-size:9px;color:#555}
table.report{font-size:10px} table.report td,table.report th{padding:2px 5px;line-height:1.35}
</style></head><body>${body}</body></html>`;
}

type Browser = import('playwright-core').Browser;
type BrowserContext = import('playwright-core').BrowserContext;
type Page = import('playwright-core').Page;
type CDPSession = import('playwright-core').CDPSession;

/**
 * One Chromium per server process, launched on first use (playwright-core adds 55-80 MB to the server's RSS and the
 * headless shell idles at ~120 MB Pss: an idle server should not carry them), shared by concurrent PDFs (a fresh
 * context and page each), closed after PDF_BROWSER_IDLE_MS (default 60 s) without a PDF in progress, and launched
 * again when it crashed or was closed. Documents print one at a time (`printing`): two at once would only share
 * the same two cores and add their memory peaks; a long report is printed in parts, so a short PDF asked meanwhile
 * waits for one part, not for the whole report. Flags measured and left out (docs/decisions/pdf-memory.md):
 * `--single-process` (~5% less with the shell, but it hangs with two pages open and crashes when a second context
 * opens after the first was closed), `--no-zygote`, `--in-process-gpu`, `--renderer-process-limit=1`, site
 * isolation off, `--js-flags=--max-old-space-size` (no lower peak with the garbage collected between parts).
 */
const IDLE_MS = Number(process.env.PDF_BROWSER_IDLE_MS ?? 60_000);
const PRINT_TIMEOUT_MS = 120_000;
let browser: Promise<Browser> | null = null;
let active = 0;
let idleTimer: NodeJS.Timeout | null = null;
let printing: Promise<unknown> = Promise.resolve();

/** Runs `fn` after every print queued before it (one page renders at a time). */
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = printing.then(fn, fn);
  printing = run.catch(() => undefined);
  return run;
}

function launch(): Promise<Browser> {
  const p = (async () => {
    const { chromium } = await import('playwright-core');
    const b = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    b.on('disconnected', () => { if (browser === p) browser = null; });
    return b;
  })();
  p.catch(() => { if (browser === p) browser = null; });
  return p;
}

async function liveBrowser(): Promise<Browser> {
  const current = browser;
  if (current) {
    const b = await current.catch(() => null);
    if (b?.isConnected()) return b;
    if (browser === current) browser = null;
  }
  browser ??= launch();
  return browser;
}

/** Closes the shared browser now (shutdown, tests); the next PDF launches a new one. */
export async function closeBrowser(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const b = browser;
  browser = null;
  if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
}

/** Whether a browser is up (for tests of the idle close). */
export const browserRunning = () => browser !== null;

const PDF_OPTIONS = { format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } } as const;
/** A new page's viewport (Playwright's default), given back after a measure. */
const SCREEN = { width: 1280, height: 720 };
/** The width an A4 page leaves its content inside PDF_OPTIONS' margins, in CSS px: portrait 190 mm, landscape 277 mm. */
const CONTENT_PX = { portrait: Math.floor((190 * 96) / 25.4), landscape: Math.floor((277 * 96) / 25.4) };

/**
 * How a document `widthPx` wide (laid out for print) fits an A4 page: upright when it fits, else across (landscape),
 * else across and scaled down to the page's width (Chromium's print scale, 0.1 at least). A wide report (a product's
 * sales by month: 13 columns of months) would otherwise run off the page's edge, on the left in Arabic, and its
 * columns be lost.
 */
export interface A4Fit { landscape: boolean; scale: number }
export function a4Fit(widthPx: number): A4Fit {
  if (widthPx <= CONTENT_PX.portrait) return { landscape: false, scale: 1 };
  if (widthPx <= CONTENT_PX.landscape) return { landscape: true, scale: 1 };
  return { landscape: true, scale: Math.max(0.1, Math.floor((CONTENT_PX.landscape / widthPx) * 1000) / 1000) };
}

/**
 * Runs `fn` with a `print` that renders HTML documents to PDF in one context and page of the shared browser
 * (JavaScript off, offline), opened at the first print and closed when `fn` ends. The parts of a long report
 * share that page: a fresh context per part started a renderer process each time, half of the CPU of a report in
 * 1,000-row parts, and a fresh page per part doubled Chromium's CPU for no lower peak. Before the next part the
 * renderer's garbage is collected (HeapProfiler.collectGarbage, also with JavaScript off), which returns the
 * previous part's memory: without it the renderer peaked ~115 MB higher (500-row parts), for ~12% less CPU.
 * Retried once when the browser crashed meanwhile.
 */
/** A print's page: A4 (the default), or a roll `widthMm` wide as long as its content (a till receipt: one page). */
export interface PrintOptions { widthMm?: number }

async function withBrowser<T>(fn: (print: (html: string, opts?: PrintOptions) => Promise<Buffer>) => Promise<T>): Promise<T> {
  active++;
  if (idleTimer) { clearTimeout(idleTimer); idleTimer = null; }
  try {
    for (let attempt = 0; ; attempt++) {
      const b = await liveBrowser();
      let open = null as Promise<{ ctx: BrowserContext; page: Page; cdp: CDPSession }> | null;
      // how the first A4 document of this run fits the page, kept for the next ones (the parts of one report)
      let fit: A4Fit | undefined;
      try {
        return await fn((html, opts) => oneAtATime(async () => {
          // A print that hangs would hold the queue: past PRINT_TIMEOUT_MS the browser is closed, the print fails.
          const stuck = setTimeout(() => void b.close().catch(() => undefined), PRINT_TIMEOUT_MS);
          try {
            const reused = open !== null;
            open ??= (async () => {
              const ctx = await b.newContext({ javaScriptEnabled: false, offline: true });
              const page = await ctx.newPage();
              return { ctx, page, cdp: await ctx.newCDPSession(page) };
            })();
            const { page, cdp } = await open;
            if (reused) await cdp.send('HeapProfiler.collectGarbage');
            if (opts?.widthMm) return await printRoll(page, cdp, html, opts.widthMm);
            const printed = await printA4(page, cdp, html, fit);
            fit = printed.fit;
            return printed.pdf;
          } finally {
            clearTimeout(stuck);
          }
        }));
      } catch (e) {
        if (attempt === 0 && !b.isConnected()) continue; // crashed meanwhile: relaunch once
        throw e;
      } finally {
        if (open) await (await open.catch(() => null))?.ctx.close().catch(() => undefined);
      }
    }
  } finally {
    if (--active === 0) {
      idleTimer = setTimeout(() => { if (active === 0) void closeBrowser(); }, IDLE_MS);
      idleTimer.unref();
    }
  }
}

/**
 * A roll's single page: the document laid out for print at the roll's width (JavaScript stays off: the height comes
 * from the DevTools protocol's layout metrics, not from a script), then printed on one page of that height.
 */
async function printRoll(page: Page, cdp: CDPSession, html: string, widthMm: number): Promise<Buffer> {
  // a short viewport: the content's size is never reported below the viewport's
  await page.setViewportSize({ width: Math.ceil((widthMm * 96) / 25.4), height: 50 });
  await page.emulateMedia({ media: 'print' });
  await page.setContent(html, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
  const m = await cdp.send('Page.getLayoutMetrics') as { cssContentSize?: { height: number }; contentSize: { height: number } };
  const height = Math.ceil((m.cssContentSize ?? m.contentSize).height) + 4;
  return Buffer.from(await page.pdf({ width: `${widthMm}mm`, height: `${height}px`, printBackground: true, margin: { top: '0', bottom: '0', left: '0', right: '0' }, pageRanges: '1' }));
}

/**
 * An A4 document: laid out for print at the page's content width (JavaScript off: the width comes from the DevTools
 * protocol's layout metrics), then printed upright or across (a4Fit). Wider still, it is laid out again zoomed out
 * to the page's width (CSS zoom on the root): Chromium's own print scale leaves a right-to-left page blank.
 * Measuring is a layout of its own: the parts of one report (the same columns) take the first part's fit, `known`.
 * The general ledger PDF (10,000 lines, 2026-11-29): measured on every part and left in print media, its Chromium
 * took about 40 % more CPU; measured once and given back, 10.0-11.5 s against 8.1-10.1 s without measuring.
 */
async function printA4(page: Page, cdp: CDPSession, html: string, known?: A4Fit): Promise<{ pdf: Buffer; fit: A4Fit }> {
  let fit = known;
  if (!fit) {
    await page.setViewportSize({ width: CONTENT_PX.portrait, height: 50 });
    await page.emulateMedia({ media: 'print' });
    await page.setContent(html, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
    const m = await cdp.send('Page.getLayoutMetrics') as { cssContentSize?: { width: number }; contentSize: { width: number } };
    fit = a4Fit(Math.ceil((m.cssContentSize ?? m.contentSize).width));
    // the page as it was for the print itself (measured on print media in a short viewport, the parts laid out
    // after it took Chromium about 40 % more CPU)
    await page.emulateMedia({ media: null });
    await page.setViewportSize(SCREEN);
    if (fit.scale < 1) await page.setContent(zoomed(html, fit.scale), { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
  } else await page.setContent(fit.scale < 1 ? zoomed(html, fit.scale) : html, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
  return { pdf: Buffer.from(await page.pdf({ ...PDF_OPTIONS, landscape: fit.landscape })), fit };
}

/** The document with its root zoomed by `scale` (a style first in its head, or before it when it has none). */
const zoomed = (html: string, scale: number) => {
  const style = `<style>html{zoom:${scale}}</style>`;
  return html.includes('<head>') ? html.replace('<head>', `<head>${style}`) : `${style}${html}`;
};

export async function htmlToPdf(html: string, opts?: PrintOptions): Promise<Buffer> {
  return withBrowser((print) => print(html, opts));
}

/**
 * Several HTML documents printed one after the other and joined into one PDF. A long report is printed in parts
 * because Chromium keeps every page of a print job in memory (~0.2 MB per table row), so one pass over 10,000
 * rows took ~1.6-1.9 GB (Pss); parts of a few hundred rows keep it to one part's worth, printed one after the
 * other on the same page (see withBrowser). `parts` is read lazily, one document per print, and called anew when
 * the browser crashed and the whole document is printed again.
 */
export async function htmlPartsToPdf(parts: () => AsyncIterable<string> | Iterable<string>): Promise<Buffer> {
  const { mergePdfs } = await import('./pdf-merge');
  return withBrowser(async (print) => {
    const pdfs: Buffer[] = [];
    for await (const html of parts()) pdfs.push(await print(html));
    return pdfs.length === 1 ? pdfs[0]! : await mergePdfs(pdfs);
  });
}
