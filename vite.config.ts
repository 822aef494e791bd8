// The SPA build, into build/web/. Writes version.json (polled by the version banner), a manifest that the
// front-end size benchmark reads, and brotli/gzip copies of every text asset so the server sends
// compressed files without compressing on each request. In development, proxies the server's paths to `npm run dev`'s
// watched server process.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const serverPort = Number(process.env.DEV_SERVER_PORT ?? 3001);
const serverTarget = `http://127.0.0.1:${serverPort}`;

function versionFile(): Plugin {
  let outDir = '';
  return {
    name: 'clinic-version-json',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
      const builtAt = new Date().toISOString();
      fs.writeFileSync(path.join(outDir, 'version.json'), `${JSON.stringify({ version: `${pkg.version}+${builtAt.replace(/[-:.TZ]/g, '')}`, builtAt })}\n`);
    },
  };
}

const compressible = /\.(js|mjs|css|svg|json|html|txt|map)$/;

function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'clinic-precompressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!compressible.test(name)) continue;
        const file = path.join(assets, name);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * Modules loaded on demand that every page load still waits for before its first screen (the
 * toasts, app-root.tsx): index.html names their chunks as <link rel="modulepreload">, so they
 * download beside the entry instead of after it has run. They still run only when imported.
 */
const preloadedOnDemand = ['src/app/toasts.tsx'];

function modulepreloadOnDemand(modules: string[]): Plugin {
  return {
    name: 'clinic-modulepreload-on-demand',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          for (const imported of chunk.imports) add(imported);
        };
        for (const m of modules) {
          const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.split(path.sep).join('/').endsWith(`/${m}`));
          if (!chunk) throw new Error(`modulepreloadOnDemand: no chunk loaded on demand for ${m}`);
          add(chunk.fileName);
        }
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), precompressedAssets(), modulepreloadOnDemand(preloadedOnDemand)],
  build: {
    outDir: 'build/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A route module takes its page from a domain's public entry (src/features/<domain>/index.ts),
      // which names every screen of the domain. The domains' modules do nothing when imported (they
      // declare components, hooks and calls), so a module none of whose exports a chunk uses is left
      // out of it: each route's chunk carries its own page, not the whole domain.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]features[\\/]/.test(id) },
      output: {
        // What the entry imports statically (React, MUI's core, Amplify's session, XState, the
        // shell and the sign-in form) is one chunk instead of a dozen small shared ones: every page
        // load needs all of it, and each extra file is one more request queued on the browser's
        // six HTTP/1.1 connections before the first screen. Pages loaded on demand import from it.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(
      ['/api', '/identity', '/config.json', '/version.json', '/dev', '/healthz', '/readyz'].map((p) => [p, { target: serverTarget, xfwd: true }]),
    ),
  },
});
