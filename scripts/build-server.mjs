// The server as one ES module (dist-server/server.mjs), built by esbuild when missing or older than its sources.
// Starting from it skips tsx's transpiling at every start and Node's per-file module resolution (drizzle-orm alone
// is ~200 files, each re-reading its 180 KB package.json), which cost a second of start-up and ~200 MB of heap.
// It also makes the embedded database's initial data folder (src/core/db/initial-db.ts: initdb and the migrations,
// done here once instead of at every first start), in a child process, when the one of the current migrations is missing.
// Packages that find their own files at run time (PGlite's wasm, swagger-ui's assets) or that load only on use
// (playwright-core for PDFs, exceljs for Excel) stay outside the bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_BUNDLE = join(root, 'dist-server/server.mjs');
/** Node keeps the bundle's compiled code here, so later starts skip parsing and compiling its 4 MB again. */
const INITIAL_DB_BUILDER = join(root, 'dist-server/initial-db.mjs');
export const SERVER_ENV = { NODE_COMPILE_CACHE: join(root, 'dist-server/compile-cache') };
const EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger-ui', 'playwright-core', 'exceljs', 'pg-native'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return path.endsWith('.test.ts') ? 0 : st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) if (e !== 'web') max = Math.max(max, newest(join(path, e)));
  return max;
}

const OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: EXTERNAL.flatMap((p) => [p, `${p}/*`]),
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
};

/** Builds the bundle unless it is newer than every server source, then the initial database if missing; returns whether it built the bundle. */
export async function buildServer({ force = false } = {}) {
  const inputs = [join(root, 'src'), join(root, 'package-lock.json'), join(root, 'scripts/build-server.mjs')];
  const stale = force || !existsSync(SERVER_BUNDLE) || Math.max(...inputs.map(newest)) >= statSync(SERVER_BUNDLE).mtimeMs;
  if (stale) {
    const { build } = await import('esbuild');
    await build({ ...OPTIONS, entryPoints: [join(root, 'src/server.ts')], outfile: SERVER_BUNDLE });
    await build({
      ...OPTIONS, outfile: INITIAL_DB_BUILDER,
      stdin: { contents: "import { buildInitialDb } from './src/core/db/initial-db'; if (await buildInitialDb()) console.log('Built the initial database.');", resolveDir: root, loader: 'ts' },
    });
  }
  // quick when it exists (a hash of the migrations); else initdb and the migrations, once
  const r = spawnSync(process.execPath, [INITIAL_DB_BUILDER], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the initial database failed');
  return stale;
}

if (process.argv[1] === new URL(import.meta.url).pathname) await buildServer({ force: process.argv.includes('--force') });
