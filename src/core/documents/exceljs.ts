import { createRequire } from 'node:module';
import { drainingIterate } from './exceljs.iterate-stream';

/**
 * exceljs, loaded on first use, with two faults of its streaming reader mended: its UTF-8 decoding (below) and its
 * iteration of a zip's entries, which now and then lost the last one (`exceljs.iterate-stream.ts`).
 *
 * exceljs 4.4.0 decodes each inflated chunk of an .xlsx part to text on its own (`lib/utils/parse-sax.js`:
 * `bufferToString(chunk)`), so a multi-byte character cut by a chunk boundary (any Arabic letter or digit; chunks are
 * 16 KB) becomes U+FFFD: an Arabic file's cell now and then reads "18�" instead of "186٫٥" (exceljs issues #2063,
 * #2316; the fix, pull request #1665, is not merged). Before exceljs is first loaded, this replaces that module's
 * export, in Node's module cache, with the same generator decoding through one streaming `TextDecoder` per part.
 * Every server module loads exceljs through here, so it never runs unmended (the tests mend it before each file:
 * `tests/support/exceljs-mend.ts`, as a test may load exceljs itself to write a file); `read-xlsx.test.ts` reads a file whose
 * Arabic shared strings cross many chunk boundaries and fails if the mend is lost. An exceljs whose file moved makes
 * `mendExceljs()` throw at the first load rather than read wrong text.
 */
type Excel = typeof import('exceljs');
let loaded: Promise<Excel> | null = null;

export function loadExceljs(): Promise<Excel> {
  loaded ??= (async () => {
    mendExceljs();
    return (await import('exceljs')).default as unknown as Excel;
  })();
  return loaded;
}

let mended = false;

/** Replaces exceljs's parse-sax and iterate-stream in Node's module cache (once); must run before exceljs is first loaded. */
export function mendExceljs(): void {
  if (mended) return;
  mended = true;
  const req = createRequire(createRequire(import.meta.url).resolve('exceljs/package.json'));
  const iterId = req.resolve('./lib/utils/iterate-stream.js');
  req(iterId);
  const iterModule = req.cache[iterId];
  if (!iterModule) throw new Error('exceljs: lib/utils/iterate-stream.js is not where it was; check the mend in core/documents/exceljs.ts');
  iterModule.exports = drainingIterate;
  const id = req.resolve('./lib/utils/parse-sax.js');
  req(id);
  const cached = req.cache[id];
  if (!cached) throw new Error('exceljs: lib/utils/parse-sax.js is not where it was; check the UTF-8 mend in core/documents/exceljs.ts');
  const { SaxesParser } = req('saxes') as typeof import('saxes');
  const { PassThrough } = req('readable-stream') as typeof import('node:stream');
  cached.exports = async function* parseSax(input: AsyncIterable<Buffer | string> & { pipe?: unknown }) {
    let iterable: AsyncIterable<Buffer | string> = input;
    if (typeof input.pipe === 'function' && !(Symbol.asyncIterator in input)) iterable = (input as unknown as NodeJS.ReadableStream).pipe(new PassThrough()) as never;
    const parser = new SaxesParser();
    let error: Error | undefined;
    parser.on('error', (e) => { error = e; });
    let events: { eventType: string; value: unknown }[] = [];
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    const decoder = new TextDecoder('utf-8');
    for await (const chunk of iterable) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      if (error) throw error;
      yield events;
      events = [];
    }
    const rest = decoder.decode();
    if (rest) {
      parser.write(rest);
      if (error) throw error;
      yield events;
    }
  };
}
