// The audit trail: one append-only row per read or write of a client's profile, enrollments or
// consent (and per user created or removed). Written with the caller's transaction so the record
// and the change it describes commit together. It holds ids and action names, never personal data.
import type { components } from '../../../openapi/generated/api.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ClinicRole } from '../../identity/contracts.ts';
import { isRead, viewOf } from './record-views.ts';
import { recordIdempotentWrite } from '../../http/idempotency.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * Every action the trail can hold: the contract's AuditAction enum (openapi.yaml). A new action is
 * named there first, and the record's Audit tab needs words for it before anything compiles
 * (src/features/clients/record/audit-texts.ts).
 */
export type AuditAction = components['schemas']['AuditAction'];

export interface AuditEntry {
  actor: { id: number; role: ClinicRole };
  action: AuditAction;
  client: number | null;
  requestId: string;
  outcome: 'success' | 'denied';
}

/** Who does what to whose record; the entry `withAudit` records when the write commits. */
export interface AuditIntent<T> {
  /** Who acts; a function of the result when the write creates them (a new client acting on their own record). */
  actor: AuditEntry['actor'] | ((result: NoInfer<T>) => AuditEntry['actor']);
  action: AuditAction;
  requestId: string;
  /**
   * The client whose record it is; a function of the result when the write creates them, or names
   * several (a bulk change records one entry per client, all in the one transaction).
   */
  client: number | null | ((result: NoInfer<T>) => number | null | readonly number[]);
  /** Also recorded, for a write that is two acts at once (a profile edit that changes the role). */
  also?: AuditAction[];
  /** `denied` for a refused read that still runs in the transaction; `success` otherwise. */
  outcome?: AuditEntry['outcome'];
}

/**
 * Runs `write` in a transaction and records its audit entry in the same transaction, so the
 * change and its record commit together or not at all. Outcome `success`, unless the caller
 * records a read it refuses (`outcome: 'denied'`). A write that throws leaves no entry: nothing
 * happened. Refusals before any write go through `refuse`.
 */
export async function withAudit<T>(
  db: Db,
  intent: AuditIntent<T>,
  write: (trx: Db) => Promise<T>,
  /** How the transaction runs: one attempt, or a booking's retries on a serialization conflict. */
  transaction: (db: Db, work: (trx: Db) => Promise<T>) => Promise<T> = (d, work) => d.transaction().execute(work),
): Promise<T> {
  return transaction(db, async (trx) => {
    const result = await write(trx);
    const named = typeof intent.client === 'function' ? intent.client(result) : intent.client;
    const outcome = intent.outcome ?? 'success';
    for (const client of Array.isArray(named) ? named : [named as number | null]) {
      const actor = typeof intent.actor === 'function' ? intent.actor(result) : intent.actor;
      for (const action of [intent.action, ...(intent.also ?? [])]) {
        await recordAudit(trx, { actor, action, client, requestId: intent.requestId, outcome });
      }
    }
    return result;
  });
}

/** withAudit's runner for a write that is one step of a transaction its caller already holds. */
export const inCallersTransaction = <T>(trx: Db, work: (trx: Db) => Promise<T>): Promise<T> => work(trx);

/** Records a refused attempt (it is part of the trail) and throws the refusal. */
export async function refuse(db: Db, intent: Omit<AuditEntry, 'outcome'>, refusal: Error): Promise<never> {
  await recordAudit(db, { ...intent, outcome: 'denied' });
  throw refusal;
}

/**
 * The entries of several writes done together in the caller's transaction (billing issues the
 * drafts that arrive at once in one transaction), in one insert where recordAudit would take one
 * each. Each entry's Idempotency-Key is recorded first, as recordAudit does; a key another request
 * holds refuses that entry's write alone: its 409 is returned in its place (null for the recorded
 * ones) and the caller must not write it. Success entries of writes only (no record views).
 */
export async function recordWriteAudits(db: Db, entries: Omit<AuditEntry, 'outcome'>[]): Promise<(HttpError | null)[]> {
  const refusals: (HttpError | null)[] = [];
  for (const entry of entries) {
    try {
      await recordIdempotentWrite(db, entry.requestId);
      refusals.push(null);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refusals.push(error);
    }
  }
  const rows = entries.filter((_, i) => refusals[i] === null).map((entry) => auditRow({ ...entry, outcome: 'success' }));
  if (rows.some((row) => row.view_id)) throw new Error('recordWriteAudits records writes, never a record view');
  if (rows.length) await db.insertInto('audit_events').values(rows).execute();
  return refusals;
}

/**
 * The columns of an entry's row. A successful read made by a record page view is that view's
 * one `record.view` event (see record-views.ts); `view` is set only then.
 */
function auditRow(entry: AuditEntry) {
  const view = entry.outcome === 'success' && entry.client !== null && isRead(entry.action) ? viewOf(entry.requestId) : null;
  return {
    actor_id: entry.actor.id,
    actor_role: entry.actor.role,
    action: view ? 'record.view' : entry.action,
    client_id: entry.client,
    request_id: entry.requestId,
    outcome: entry.outcome,
    view_id: view,
  };
}

/**
 * The system actor: what the clinic's own workers do with no user behind it (a lab partner's
 * status update or results, brought in by the labs worker). Its rows have actor_role 'SYSTEM' and
 * no actor id; `requestId` says which worker and round (e.g. `lab-partner:<uuid>`), never a person.
 */
export const SYSTEM_ACTOR_ROLE = 'SYSTEM';

export async function recordSystemAudit(db: Db, entry: { action: AuditAction; client: number | null; requestId: string }): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      actor_id: null,
      actor_role: SYSTEM_ACTOR_ROLE,
      action: entry.action,
      client_id: entry.client,
      request_id: entry.requestId,
      outcome: 'success',
      view_id: null,
    })
    .execute();
}

async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  // A write sent with an Idempotency-Key keeps its key in the same transaction (http/idempotency.ts).
  if (entry.outcome === 'success') await recordIdempotentWrite(db, entry.requestId);
  const row = auditRow(entry);
  if (!row.view_id) {
    await db.insertInto('audit_events').values(row).execute();
    return;
  }
  // The view's first read writes its event; every read, the first too, is listed under it.
  await db
    .insertInto('audit_events')
    .values(row)
    .onConflict((oc) => oc.columns(['view_id', 'actor_id', 'client_id']).where('view_id', 'is not', null).doNothing())
    .execute();
  await db
    .insertInto('audit_view_reads')
    .values({ view_id: row.view_id, actor_id: row.actor_id, client_id: entry.client as number, action: entry.action, request_id: row.request_id })
    .execute();
}

/**
 * A read of a user's record with its audit entry, in one statement: the query creator this returns
 * writes the entry (data-modifying CTEs are atomic and run to completion) before whatever is
 * selected from it. One round trip instead of a four-statement transaction on the hottest read
 * (people/data.ts, findProfileAudited). The entry is written only when `entry.client` is a user.
 */
export function auditedRead(db: Db, entry: Omit<AuditEntry, 'client'> & { client: number }) {
  const userId = entry.client;
  const row = auditRow(entry);
  return (
    db
      .with('logged', (qc) =>
        qc
          .insertInto('audit_events')
          .columns(['actor_id', 'actor_role', 'action', 'client_id', 'request_id', 'outcome', 'view_id'])
          .expression(
            qc
              .selectFrom('users')
              .select([
                sql<number>`${row.actor_id}::int`.as('actor_id'),
                sql<string>`${row.actor_role}::text`.as('actor_role'),
                sql<string>`${row.action}::text`.as('action'),
                'id',
                sql<string>`${row.request_id}::text`.as('request_id'),
                sql<string>`${row.outcome}::text`.as('outcome'),
                sql<string | null>`${row.view_id}::uuid`.as('view_id'),
              ])
              .where('id', '=', userId),
          )
          // One page view of the record is one event: a later read of the view adds none.
          .onConflict((oc) => oc.columns(['view_id', 'actor_id', 'client_id']).where('view_id', 'is not', null).doNothing())
          .returning('id'),
      )
      // ...but is listed under the view's event (record-views.ts).
      .with('read', (qc) =>
        qc
          .insertInto('audit_view_reads')
          .columns(['view_id', 'actor_id', 'client_id', 'action', 'request_id'])
          .expression(
            qc
              .selectFrom('users')
              .select([
                sql<string>`${row.view_id}::uuid`.as('view_id'),
                sql<number>`${row.actor_id}::int`.as('actor_id'),
                'id',
                sql<string>`${entry.action}::text`.as('action'),
                sql<string>`${row.request_id}::text`.as('request_id'),
              ])
              .where('id', '=', userId)
              .where(sql<boolean>`${row.view_id}::uuid is not null`),
          )
          .returning('id'),
      )
  );
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  client?: number;
  actor?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

/** The contract's AuditEvent (openapi/openapi.yaml). */
export type AuditEventOut = components['schemas']['AuditEvent'];

export async function listAudit(db: Db, q: AuditQuery): Promise<{ count: number; rows: AuditEventOut[] }> {
  let base = db.selectFrom('audit_events');
  if (q.client !== undefined) base = base.where('client_id', '=', q.client);
  if (q.actor !== undefined) base = base.where('actor_id', '=', q.actor);
  // A read folded into a page view's event still answers a filter on that read.
  if (q.action) {
    const action = q.action;
    base = base.where((eb) =>
      eb.or([
        eb('audit_events.action', '=', action),
        eb.exists(
          eb
            .selectFrom('audit_view_reads as r')
            .select('r.id')
            .whereRef('r.view_id', '=', 'audit_events.view_id')
            .whereRef('r.actor_id', '=', 'audit_events.actor_id')
            .where('r.action', '=', action),
        ),
      ]),
    );
  }
  if (q.from) base = base.where('occurred_at', '>=', new Date(q.from));
  if (q.to) base = base.where('occurred_at', '<', new Date(q.to));
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['audit_events.id', 'occurred_at', 'actor_id', 'actor_role', 'action', 'client_id', 'request_id', 'outcome', 'view_id'])
    // What a page view read: its reads in order, each action once.
    .select(
      sql<string[] | null>`(select array_agg(x.action order by x.first_id) from (
        select r.action, min(r.id) as first_id from audit_view_reads r
        where r.view_id = audit_events.view_id and r.actor_id = audit_events.actor_id and r.client_id = audit_events.client_id
        group by r.action) x)`.as('reads'),
    )
    // The tab names people: the actor's title and name, read at listing time (never stored in the trail).
    .select((eb) =>
      eb
        .selectFrom('users as a')
        .leftJoin('user_profiles as ap', 'ap.user_id', 'a.id')
        .select(sql<string>`concat_ws(' ', nullif(ap.title, ''), a.first_name, a.last_name)`.as('name'))
        .whereRef('a.id', '=', 'audit_events.actor_id')
        .as('actor_name'),
    )
    .orderBy('occurred_at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return {
    count: n,
    rows: rows.map((r) => ({
      id: Number(r.id),
      occurred_at: new Date(r.occurred_at).toISOString(),
      actor: r.actor_id,
      actor_role: r.actor_role,
      action: r.action as AuditAction,
      client: r.client_id,
      request_id: r.request_id,
      outcome: r.outcome,
      actor_name: r.actor_name ?? null,
      reads: (r.reads as AuditAction[] | null) ?? null,
    })),
  };
}
