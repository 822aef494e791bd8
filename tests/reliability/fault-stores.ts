// What every kill -9 round of the reliability suite starts from (tests/reliability/faults*.test.ts):
// the real server's settings for a round, the first administrator's token, and a store of the
// round's own, already migrated: what is under test is what a kill does to writes, not the first
// start, and migrating afresh for every round was most of the suite's time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from '../../server/db/database.ts';
import { createFromPostgresTemplate, migratedDataDir } from '../support/db-template.ts';
import { identity } from './fault-support.ts';

const TEMP_PASSWORD = 'Fault-Temp-Pass-1!';
const NEW_PASSWORD = 'Fault-Perm-Pass-2!';
export const QUIET = {
  SERVE_SPA: 'false',
  LOG_LEVEL: 'error',
  API_RATE_LIMIT_PER_IP: '1000000',
  API_RATE_LIMIT_PER_TOKEN: '1000000',
  IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
  ADMIN_TEMP_PASSWORD: TEMP_PASSWORD,
  IDENTITY_SECRET: 'faults-suite-secret-0123456789abcdefghij',
};

/** The first SUPER_ADMIN's access token (setting the permanent password on the first sign-in). */
export async function adminToken(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { amplify: { auth: { user_pool_client_id: string } } };
  const ClientId = config.amplify.auth.user_pool_client_id;
  const USERNAME = 'admin@clinic.local';
  for (const PASSWORD of [NEW_PASSWORD, TEMP_PASSWORD]) {
    const started = await identity(baseUrl, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME, PASSWORD } }).catch(
      () => null,
    );
    if (!started) continue;
    if (started.AuthenticationResult) return started.AuthenticationResult.AccessToken;
    const done = await identity(baseUrl, 'RespondToAuthChallenge', {
      ClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: started.Session,
      ChallengeResponses: { USERNAME, NEW_PASSWORD },
    });
    return done.AuthenticationResult.AccessToken;
  }
  throw new Error('the administrator could not sign in');
}

/** A database of the test's own on the PostgreSQL server, cloned from the migrated template. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `clinic_faults_${Math.random().toString(36).slice(2, 10)}`;
  await createFromPostgresTemplate(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export type Cleanups = Array<() => Promise<unknown> | unknown>;

/** A data directory and, on PostgreSQL, a database of the round's own (both removed by `cleanups`),
 *  already migrated from the test template. */
export async function freshStore(engine: Engine, prefix: string, cleanups: Cleanups): Promise<{ env: Record<string, string>; dataDir: string }> {
  const dataDir = engine === 'pglite' ? await migratedDataDir(prefix) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  let env: Record<string, string> = { ...QUIET, DATABASE_URL: '' };
  if (engine === 'postgres') {
    const db = await freshPostgres();
    cleanups.push(db.drop);
    env = { ...env, DATABASE_URL: db.url };
  }
  return { env, dataDir };
}
