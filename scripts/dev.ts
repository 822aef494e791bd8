// `npm run dev`: the server in watch mode on DEV_SERVER_PORT (default 3001, API and identity
// only) and Vite's dev server with HMR on PORT (default 3000), which proxies the server's paths.
import { spawn } from 'node:child_process';

const serverPort = process.env.DEV_SERVER_PORT ?? '3001';
const appPort = process.env.PORT ?? '3000';

const server = spawn(process.execPath, ['--watch', '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: serverPort,
    SERVE_SPA: 'false',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${appPort}`,
  },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', appPort, '--strictPort'], {
  stdio: 'inherit',
  env: { ...process.env, DEV_SERVER_PORT: serverPort },
});

const stop = () => {
  server.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
