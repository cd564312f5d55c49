import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Initial JavaScript of the built web app: the entry script of dist/index.html plus every chunk it preloads,
 * gzipped (level 9, as a server would send it). Lazy route chunks are not counted. Budget: 170 KB.
 */
const root = new URL('..', import.meta.url).pathname;

export function initialJs(): { files: string[]; gzipBytes: number; rawBytes: number } {
  const dist = join(root, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const f of new Set(files)) {
    const buf = readFileSync(join(dist, f.replace(/^\//, '')));
    rawBytes += buf.length;
    gzipBytes += gzipSync(buf, { level: 9 }).length;
  }
  return { files, gzipBytes, rawBytes };
}

export function bundleBench(): string[] {
  if (!existsSync(join(root, 'dist/index.html'))) return ['initial JS: dist/ not built (run `npm run build`)'];
  const r = initialJs();
  return [`initial JS: ${(r.gzipBytes / 1024).toFixed(1)} KB gzip (${(r.rawBytes / 1024).toFixed(1)} KB raw) in ${r.files.length} files   (budget 170 KB)`];
}
