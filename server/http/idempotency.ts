// Idempotency-Key for the writes a person may send twice (a double tap, a retry after a lost
// answer): the operations whose contract declares the header (components.parameters.IdempotencyKey).
//
//   - A first request with a key runs as usual. Its write's transaction also inserts the key's
//     row (recordAudit calls `recordIdempotentWrite`, since every write records its audit entry
//     in its own transaction), so the row exists exactly when the write does, a crash included;
//     the answer is added to the row before it is sent.
//   - A repeat from the same caller (the signed-in user, or the address for a public form) with
//     the same key and the same request gets the first answer back (`Idempotent-Replayed: true`)
//     and writes nothing; with a different request, 422 naming the header. One whose first
//     answer is not stored (still being written, or cut off by a crash after its commit) gets
//     409: it was received, and is not written twice.
//   - Two at once: the second's insert waits on the first's row and finds it taken; its
//     transaction rolls back (409) and nothing of it is written.
//   - Keys last 24 hours. Caller and key are stored as one hash.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { badRequest, HttpError } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_TEXTS = {
  badKey: 'Must be 1 to 255 visible characters (letters, digits and punctuation, no spaces).',
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key for a new submission.',
  inProgress: 'This submission was already received. Reload to see it rather than sending it again.',
} as const;

interface Scope {
  db: Db;
  callerKey: string;
  fingerprint: string;
  requestId: string;
  /** True once this request's write inserted the row. */
  recorded: boolean;
}

// Requests with a key that are in flight, by request id: recordAudit finds its request's scope here.
const inFlight = new Map<string, Scope>();

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Called by recordAudit in every write's transaction: when the request carries a key, its row is
 * inserted there. A row another request holds (the same key sent twice at once) refuses this
 * write with 409, rolling it back.
 */
export async function recordIdempotentWrite(trx: Db, requestId: string): Promise<void> {
  const scope = inFlight.get(requestId);
  if (!scope) return;
  const { rows } = await sql<{ request_id: string }>`
    insert into idempotency_keys (caller_key, fingerprint, request_id) values (${scope.callerKey}, ${scope.fingerprint}, ${requestId})
    on conflict (caller_key) do update set caller_key = excluded.caller_key where idempotency_keys.request_id = ${requestId}
    returning request_id`.execute(trx);
  if (rows.length === 0) throw new HttpError(409, IDEMPOTENCY_TEXTS.inProgress);
  scope.recorded = true;
}

/**
 * The key's checks before the handler, for the operations whose contract declares the header
 * (`operationIds`). Registered in the API's scope after the bearer hook (the caller is known).
 */
export function registerIdempotency(app: FastifyInstance, options: { db: Db; operationIds: Set<string> }): void {
  const { db } = options;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !options.operationIds.has(operationId)) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw.join(',') : raw;
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest('Idempotency-Key', IDEMPOTENCY_TEXTS.badKey);
    const caller = request.caller ? `user:${request.caller.id}` : `address:${request.ip}`;
    const callerKey = hash(`${operationId}\n${caller}\n${key}`);
    const fingerprint = hash(`${request.method} ${request.url}\n${canonical(request.body ?? null)}`);
    await sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`.execute(db);
    const { rows } = await sql<{ fingerprint: string; status: number | null; body: string | null }>`
      select fingerprint, status, body from idempotency_keys where caller_key = ${callerKey}`.execute(db);
    const first = rows[0];
    if (first) {
      if (first.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_TEXTS.otherRequest, { 'Idempotency-Key': [IDEMPOTENCY_TEXTS.otherRequest] });
      if (first.status === null) throw new HttpError(409, IDEMPOTENCY_TEXTS.inProgress);
      return reply
        .code(first.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(first.body ?? '');
    }
    inFlight.set(request.id, { db, callerKey, fingerprint, requestId: request.id, recorded: false });
  });

  // The answer joins the row before it leaves.
  app.addHook('onSend', async (request, reply, payload) => {
    const scope = inFlight.get(request.id);
    if (!scope) return payload;
    inFlight.delete(request.id);
    // A 5xx is not kept as the answer: a row left without one (its write committed) answers 409.
    if (!scope.recorded || reply.statusCode >= 500) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    await sql`update idempotency_keys set status = ${reply.statusCode}, body = ${body} where caller_key = ${scope.callerKey} and request_id = ${scope.requestId}`.execute(
      db,
    );
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request.id);
  });
}
