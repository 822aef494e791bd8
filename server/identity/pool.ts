// The built-in user pool's identity: `ap-south-1_<name>` and one public app client, created on
// first start and read back ever after. IDENTITY_POOL_ID pins the id (e.g. to match a
// pre-existing Amplify configuration).
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const IDENTITY_REGION = 'ap-south-1';

export interface PoolIdentity {
  poolId: string;
  clientId: string;
}

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const lowerAlphanumeric = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Cognito's shapes: pool `<region>_<9 alphanumerics>`, client id 26 lower-case alphanumerics. */
export function generatePoolIdentity(): PoolIdentity {
  return {
    poolId: `${IDENTITY_REGION}_${randomString(alphanumeric, 9)}`,
    clientId: randomString(lowerAlphanumeric, 26),
  };
}

export async function ensurePool(db: Db, pinnedPoolId: string | null): Promise<PoolIdentity> {
  const fresh = generatePoolIdentity();
  // Insert-if-absent then read: two instances starting together end up with the same row.
  await sql`insert into identity.pool (singleton, pool_id, client_id)
            values (true, ${pinnedPoolId ?? fresh.poolId}, ${fresh.clientId})
            on conflict (singleton) do nothing`.execute(db);
  const row = await db.selectFrom('identity.pool').select(['pool_id', 'client_id']).executeTakeFirstOrThrow();
  if (pinnedPoolId && row.pool_id !== pinnedPoolId) {
    await sql`update identity.pool set pool_id = ${pinnedPoolId}`.execute(db);
    return { poolId: pinnedPoolId, clientId: row.client_id };
  }
  return { poolId: row.pool_id, clientId: row.client_id };
}
