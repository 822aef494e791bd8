// `npm start`: build the SPA if needed, open the database, migrate, start the one server process,
// and stop cleanly on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the
// database) within 10 s.
import { buildApp, type Runtime } from './app.ts';
import { newBackupToken, publishBackupEndpoint } from './backup/endpoint.ts';
import { bootstrapSuperAdmin } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installProcessGuards } from './http/process-guards.ts';
import { createIdentityRuntime } from './identity/index.ts';
import { createLogger } from './logger.ts';
import { createMailTransport } from './mail/transport.ts';
import { projectRoot } from './project-root.ts';
import { ensureSpaBuild } from './spa-build.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);

  if (config.serveSpa) {
    const started = Date.now();
    if (await ensureSpaBuild(projectRoot, config.distDir)) {
      log.info({ duration_ms: Date.now() - started }, 'web app built (it was missing or older than its sources)');
    }
  }

  const database = await openDatabase(config);
  log.info({ engine: database.engine }, 'database open');
  await migrateToLatest(database.db);

  const mail = createMailTransport({
    kind: config.mail.transport,
    smtpUrl: config.mail.smtpUrl,
    fromAddress: config.supportEmail,
    db: database.db,
    log,
  });
  const identity = await createIdentityRuntime(config, database.db, { mail, log, env: process.env });
  const runtime: Runtime = { config, database, identity, mail, migrated: true, backupToken: newBackupToken() };
  const app = await buildApp(runtime, { logger: log, serveSpa: config.serveSpa });
  await bootstrapSuperAdmin({ db: database.db, admin: identity.admin, config });

  let stopping = false;
  let unpublishBackup = () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const deadline = setTimeout(() => {
      log.error('shutdown deadline passed; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      unpublishBackup();
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: { type: (error as Error).name, stack: (error as Error).stack } }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  // Serving: from here on a stray rejection or throw is logged, not fatal (http/process-guards.ts).
  // Before this a fault at start-up still exits, so the supervisor starts afresh.
  installProcessGuards(log);
  // `npm run backup` finds this server (and its token) through DATA_DIR.
  unpublishBackup = publishBackupEndpoint(config.dataDir, {
    pid: process.pid,
    port: (app.server.address() as { port: number }).port,
    token: runtime.backupToken!,
  });
  log.info({ address, public_url: config.publicUrl }, 'listening');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
