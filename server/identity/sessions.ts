// Auth sessions: the opaque `Session` string carried between challenge steps. Three minutes,
// single use (consumed only when the step succeeds, so a mistyped code can be retried), a few
// failed answers at most. Only a hash of the string is stored.
import { createHash, randomBytes } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Errors } from './errors.ts';
import { purgeRateLimits } from './rate-limit.ts';

export const SESSION_MS = 3 * 60_000;
const MAX_FAILURES = 5;

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

export interface AuthSession {
  idHash: string;
  sub: string;
  challenge: string;
  data: Record<string, unknown>;
}

export async function createSession(db: Db, sub: string, challenge: string, data: Record<string, unknown> = {}): Promise<string> {
  const id = randomBytes(96).toString('base64');
  await db
    .insertInto('identity.auth_sessions')
    .values({
      id_hash: hashId(id),
      sub,
      challenge,
      data: sql`${JSON.stringify(data)}::jsonb`,
      expires_at: new Date(Date.now() + SESSION_MS),
    })
    .execute();
  return id;
}

/** The live session for `id`, or Cognito's session errors. */
export async function readSession(db: Db, id: unknown, challenges: string[]): Promise<AuthSession> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096) throw Errors.sessionInvalid();
  const row = await db.selectFrom('identity.auth_sessions').selectAll().where('id_hash', '=', hashId(id)).executeTakeFirst();
  if (!row) throw Errors.sessionInvalid();
  if (row.used_at) throw Errors.sessionReused();
  if (new Date(row.expires_at).getTime() <= Date.now()) throw Errors.sessionExpired();
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  if (!challenges.includes(row.challenge)) throw Errors.sessionInvalid();
  if (Number(data.failures ?? 0) >= MAX_FAILURES) throw Errors.sessionExpired();
  return { idHash: row.id_hash, sub: row.sub, challenge: row.challenge, data };
}

/** The challenge a live-or-not session row was created for, or null when there is no such row. */
export async function sessionChallenge(db: Db, id: unknown): Promise<string | null> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 4096) return null;
  const row = await db.selectFrom('identity.auth_sessions').select('challenge').where('id_hash', '=', hashId(id)).executeTakeFirst();
  return row?.challenge ?? null;
}

/** Marks the session spent; false if a concurrent request spent it first. */
export async function consumeSession(db: Db, session: AuthSession): Promise<void> {
  const result = await db
    .updateTable('identity.auth_sessions')
    .set({ used_at: new Date() })
    .where('id_hash', '=', session.idHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw Errors.sessionReused();
}

export async function recordSessionFailure(db: Db, session: AuthSession): Promise<void> {
  await db
    .updateTable('identity.auth_sessions')
    .set({ data: sql`jsonb_set(data, '{failures}', to_jsonb(coalesce((data->>'failures')::int, 0) + 1))` })
    .where('id_hash', '=', session.idHash)
    .execute();
}

export async function updateSessionData(db: Db, session: AuthSession, data: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('identity.auth_sessions')
    .set({ data: sql`${JSON.stringify(data)}::jsonb` })
    .where('id_hash', '=', session.idHash)
    .execute();
}

/**
 * Records a PASSWORD_VERIFIER secret block as answered; false if it already was (a replay).
 * The block itself carries the SRP state, so this one insert is all the storage SRP needs.
 */
export async function spendSecretBlock(db: Db, blockId: string, sub: string, expiresAt: number): Promise<boolean> {
  const { rows } = await secretBlockSpending(blockId, sub, expiresAt).execute(db);
  await purgeNowAndThen(db);
  return rows.length === 1;
}

/**
 * spendSecretBlock() as a statement that returns the user's sub once if the block was unspent,
 * for a caller that makes it the condition of its own writes (Tokens.mint's record); that
 * caller calls purgeNowAndThen() after it.
 */
export function secretBlockSpending(blockId: string, sub: string, expiresAt: number): RawBuilder<{ sub: string }> {
  return sql<{ sub: string }>`insert into identity.auth_sessions (id_hash, sub, challenge, expires_at, used_at)
    values (${hashId(`srp:${blockId}`)}, ${sub}, 'PASSWORD_VERIFIER', ${new Date(expiresAt)}, ${new Date()})
    on conflict (id_hash) do nothing
    returning sub`;
}

/** Now and then, clears what has expired (auth sessions and codes), so the tables stay small. */
export async function purgeNowAndThen(db: Db): Promise<void> {
  if (Math.random() < 0.01) await purgeExpired(db);
}

export async function purgeExpired(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  await db.deleteFrom('identity.auth_sessions').where('expires_at', '<', dayAgo).execute();
  await db.deleteFrom('identity.codes').where('expires_at', '<', dayAgo).execute();
  await purgeRateLimits(db);
}
