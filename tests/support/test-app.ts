// The real server, built in-process around a fresh database, for integration tests over
// app.inject() (or a real port when a client such as aws-amplify needs one).
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type Runtime } from '../../server/app.ts';
import { loadConfig, type ServerConfig } from '../../server/config.ts';
import type { Engine } from '../../server/db/database.ts';
import { createIdentityRuntime } from '../../server/identity/index.ts';
import { createMailTransport } from '../../server/mail/transport.ts';
import { createTestDatabase, type TestDatabase } from './engines.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  runtime: Runtime;
  /** Base URL once `listen()` has been called. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function buildTestApp(engine: Engine, options: { env?: Record<string, string>; serveSpa?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  // inject() and the test's own clients connect from loopback, which stands in for the clinic's
  // proxy: tests give each simulated caller its own X-Forwarded-For. A test of the default (no
  // proxy trusted) passes TRUST_PROXY: ''.
  const config: ServerConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', TRUST_PROXY: 'loopback', ...options.env });
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const mail = createMailTransport({
    kind: config.mail.transport,
    smtpUrl: config.mail.smtpUrl,
    fromAddress: config.supportEmail,
    db: database.db,
    log,
  });
  const identity = await createIdentityRuntime(config, database.db, { mail, log, env: { ...options.env } });
  const runtime: Runtime = { config, database, identity, mail, migrated: true };
  const app = await buildApp(runtime, { logger: log, serveSpa: options.serveSpa ?? false });
  return {
    app,
    database,
    runtime,
    async listen() {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return address;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
