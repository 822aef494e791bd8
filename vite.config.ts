// The SPA build. Writes dist/version.json (polled by the version banner), a manifest that the
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
  let outDir = 'dist';
  return {
    name: 'clinic-version-json',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };
      const builtAt = new Date().toISOString();
      fs.writeFileSync(
        path.join(outDir, 'version.json'),
        `${JSON.stringify({ version: `${pkg.version}+${builtAt.replace(/[-:.TZ]/g, '')}`, builtAt })}\n`,
      );
    },
  };
}

const compressible = /\.(js|mjs|css|svg|json|html|txt|map)$/;

function precompressedAssets(): Plugin {
  let outDir = 'dist';
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

export default defineConfig({
  plugins: [react(), versionFile(), precompressedAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(
      ['/api', '/identity', '/config.json', '/version.json', '/dev', '/healthz', '/readyz'].map((p) => [p, { target: serverTarget, xfwd: true }]),
    ),
  },
});
