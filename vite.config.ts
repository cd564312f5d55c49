import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

/**
 * Web build. Every build gets an id that the app knows (`__BUILD_ID__`) and that is also written to
 * dist/builds/latest.json; running tabs poll that file and offer a reload when the two differ.
 * `virtual:app-map` is the registry projected to what the shell needs (src/web/appMap.ts), computed here at
 * build time so entity definitions stay out of the initial bundle.
 * In dev, /api goes to the server (API_TARGET, default http://127.0.0.1:3000). The proxy rewrites Origin to the
 * target, because the server refuses state-changing requests from a foreign Origin.
 */
const buildId = process.env.BUILD_ID ?? `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

function buildManifest(version: string): Plugin {
  return {
    name: 'daftar-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ version }) + '\n' });
    },
  };
}

const APP_MAP = 'virtual:app-map';
const APP_ROUTES = 'virtual:app-routes';
const VIRTUAL = [APP_MAP, APP_ROUTES];
const REGISTRY_FILES = /src\/(modules\/[^/]+\/(model\/|manifest)|modules\/registry|core\/entity\/|web\/appMap)/;

function appMap(): Plugin {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'daftar-app-map',
    resolveId: (id) => (VIRTUAL.includes(id) ? '\0' + id : undefined),
    async load(id) {
      if (!VIRTUAL.some((v) => id === '\0' + v)) return undefined;
      const { modules } = await tsImport(here + 'src/modules/registry.ts', import.meta.url);
      const { summarize, routesOf } = await tsImport(here + 'src/web/appMap.ts', import.meta.url);
      const map = summarize(modules);
      return `export default ${JSON.stringify(id === '\0' + APP_MAP ? map : routesOf(map))};`;
    },
    handleHotUpdate({ file, server }) {
      if (!REGISTRY_FILES.test(file)) return;
      for (const v of VIRTUAL) {
        const mod = server.moduleGraph.getModuleById('\0' + v);
        if (mod) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
    },
  };
}

/** `virtual:contrast.css`: the theme's AA colour variables (src/web/themeContrast.ts), computed at build time. */
function contrastCss(): Plugin {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const ID = 'virtual:contrast.css';
  return {
    name: 'daftar-contrast-css',
    resolveId: (id) => (id === ID ? '\0' + ID : undefined),
    async load(id) {
      if (id !== '\0' + ID) return undefined;
      const m = await tsImport(here + 'src/web/themeContrast.ts', import.meta.url);
      return m.contrastCss();
    },
  };
}

/**
 * Emits dist/sw-till.js, the till's service worker (src/modules/pos/web/till/offline/sw.ts), bundled by esbuild
 * with this build's id and the list of its hashed files (`precacheList`), so each build's worker differs byte for
 * byte (the browser installs it on the next till load) and precaches exactly the files of its own build.
 * The server serves it with `cache-control: no-cache` (every file outside /assets/).
 */
function tillServiceWorker(buildId: string): Plugin {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'daftar-till-sw',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_opts, bundle) {
      const { precacheList } = await tsImport(here + 'src/modules/pos/web/till/offline/rules.ts', import.meta.url);
      const files: string[] = precacheList(Object.keys(bundle));
      const out = await esbuild({
        entryPoints: [`${here}src/modules/pos/web/till/offline/sw.ts`],
        bundle: true, write: false, format: 'iife', target: 'es2022', minify: true, legalComments: 'none',
        define: { __TILL_BUILD__: JSON.stringify(buildId), __TILL_PRECACHE__: JSON.stringify(files) },
      });
      this.emitFile({ type: 'asset', fileName: 'sw-till.js', source: out.outputFiles[0]!.text });
    },
  };
}

const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    configure: (p: { on: (ev: 'proxyReq', cb: (req: { getHeader(n: string): unknown; setHeader(n: string, v: string): void }) => void) => void }) => {
      p.on('proxyReq', (req) => {
        if (req.getHeader('origin')) req.setHeader('origin', new URL(apiTarget).origin);
      });
    },
  },
};

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), appMap(), contrastCss(), buildManifest(buildId), tillServiceWorker(buildId)],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: { port: Number(process.env.WEB_PORT ?? 5173), host: '127.0.0.1', proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), host: '127.0.0.1', proxy },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 600 },
});
