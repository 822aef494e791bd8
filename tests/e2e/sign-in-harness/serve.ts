// Serves the sign-in test page with Vite's dev server and proxies the server's paths
// (/config.json, /identity, /dev) to a running clinic server, so aws-amplify talks to the real
// identity service through the page's own origin.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

export async function serveSignInHarness(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const root = import.meta.dirname;
  const server = await createServer({
    configFile: false,
    root,
    plugins: [react()],
    logLevel: 'warn',
    cacheDir: path.resolve(root, '../../../node_modules/.vite-sign-in-harness'),
    server: {
      host: '127.0.0.1',
      port: 0,
      strictPort: false,
      hmr: false,
      proxy: Object.fromEntries(['/config.json', '/identity', '/dev'].map((p) => [p, { target }])),
    },
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
