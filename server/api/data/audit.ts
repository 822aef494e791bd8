// The audit trail: one append-only row per read or write of a client's profile, enrollments or
// consent (and per user created or removed). Written with the caller's transaction so the record
// and the change it describes commit together. It holds ids and action names, never personal data.
import type { components } from '../../../openapi/generated/api.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ClinicRole } from '../../identity/contracts.ts';

export type AuditAction =
  | 'user.create'
  | 'user.read'
  | 'user.delete'
  | 'profile.read'
  | 'profile.update'
  | 'profile.create'
  | 'role.change'
  | 'consent.record'
  | 'enrollment.list'
  | 'enrollment.create'
  | 'enrollment.update'
  | 'enrollment.delete'
  | 'user.deactivate'
  | 'user.reactivate'
  | 'user.invitation.resend'
  | 'user.password.reset'
  | 'consent.read'
  | 'consent.withdraw'
  | 'settings.update'
  | 'thrive_check.create'
  | 'thrive_check.list'
  | 'profile.email_sync'
  | 'appointment.list'
  | 'appointment.read'
  | 'appointment.create'
  | 'appointment.transition'
  | 'appointment.series'
  | 'appointment.seen'
  | 'waitlist.list'
  | 'waitlist.create'
  | 'waitlist.accept'
  | 'package.list'
  | 'package.create'
  | 'scheduling.configure'
  | 'discovery.prospect.list'
  | 'discovery.prospect.read'
  | 'discovery.prospect.create'
  | 'discovery.prospect.update'
  | 'discovery.prospect.transition'
  | 'discovery.prospect.call'
  | 'discovery.prospect.convert'
  | 'discovery.visit.list'
  | 'discovery.visit.read'
  | 'discovery.visit.create'
  | 'discovery.visit.update'
  | 'discovery.visit.sign'
  | 'discovery.enquiry'
  | 'discovery.funnel';

export interface AuditEntry {
  actor: { id: number; role: ClinicRole };
  action: AuditAction;
  client: number | null;
  requestId: string;
  outcome: 'success' | 'denied';
}

/** Who does what to whose record; the entry `withAudit` records when the write commits. */
export interface AuditIntent<T> {
  actor: AuditEntry['actor'];
  action: AuditAction;
  requestId: string;
  /** The client whose record it is; a function of the result when the write creates them. */
  client: number | null | ((result: NoInfer<T>) => number | null);
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
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    const client = typeof intent.client === 'function' ? intent.client(result) : intent.client;
    const outcome = intent.outcome ?? 'success';
    for (const action of [intent.action, ...(intent.also ?? [])]) {
      await recordAudit(trx, { actor: intent.actor, action, client, requestId: intent.requestId, outcome });
    }
    return result;
  });
}

/** Records a refused attempt (it is part of the trail) and throws the refusal. */
export async function refuse(db: Db, intent: Omit<AuditEntry, 'outcome'>, refusal: Error): Promise<never> {
  await recordAudit(db, { ...intent, outcome: 'denied' });
  throw refusal;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      actor_id: entry.actor.id,
      actor_role: entry.actor.role,
      action: entry.action,
      client_id: entry.client,
      request_id: entry.requestId,
      outcome: entry.outcome,
    })
    .execute();
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
  if (q.action) base = base.where('action', '=', q.action);
  if (q.from) base = base.where('occurred_at', '>=', new Date(q.from));
  if (q.to) base = base.where('occurred_at', '<', new Date(q.to));
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'occurred_at', 'actor_id', 'actor_role', 'action', 'client_id', 'request_id', 'outcome'])
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
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
    })),
  };
}
