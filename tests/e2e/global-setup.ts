// One real server for the end-to-end suite: `npm start`'s command on a temporary DATA_DIR,
// built-in identity with self sign-up on (the sign-in component's sign-up tab is tested) and a
// known bootstrap password. Tests read the base URL with inject('baseUrl').
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type ServerProcess, startServer } from '../support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminTempPassword: string;
  }
}

export const E2E_ADMIN_EMAIL = 'admin@clinic.local';
export const E2E_ADMIN_TEMP_PASSWORD = 'Temp#Pass1234';

let server: ServerProcess | null = null;

export async function setup(project: TestProject) {
  server = await startServer({
    env: {
      IDENTITY_ALLOW_SELF_SIGNUP: 'true',
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_TEMP_PASSWORD: E2E_ADMIN_TEMP_PASSWORD,
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      // Always a fresh PGlite under the temporary DATA_DIR, even when CI sets DATABASE_URL.
      DATABASE_URL: '',
    },
    timeoutMs: 240_000,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('adminEmail', E2E_ADMIN_EMAIL);
  project.provide('adminTempPassword', E2E_ADMIN_TEMP_PASSWORD);
}

export async function teardown() {
  if (!server) return;
  const code = await server.stop('SIGTERM');
  if (code !== 0) console.error(`e2e server exited with ${code}:\n${server.output().slice(-4000)}`);
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
