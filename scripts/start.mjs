// `npm start`: builds the web app and the server bundle when missing or older than their sources, then runs the
// server from the bundle (see build-server.mjs).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE, SERVER_ENV } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(path)) if (e !== 'node_modules' && !e.endsWith('.test.ts')) max = Math.max(max, newest(join(path, e)));
  return max;
}

const sources = ['src/web', 'src/modules', 'src/core/entity', 'src/core/i18n', 'src/core/text', 'index.html', 'vite.config.ts', 'package-lock.json'];
const stale = !existsSync(built) || Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs;
// the web app and the server (its bundle, the initial database) build side by side
const web = !stale ? Promise.resolve(0) : new Promise((resolve) => {
  console.log('Building the web app...');
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
    .on('exit', (code) => resolve(code ?? 1));
});
await buildServer();
const webStatus = await web;
if (webStatus !== 0) process.exit(webStatus);
const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...SERVER_ENV, ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
