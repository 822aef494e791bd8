// Selling a membership, its start when the first invoice is paid, and the client's or desk's
// cancellations. Every status change is one step of machines/memberships/membership-lifecycle.ts
// (requireLifecycleStep, 409 otherwise), taken with the membership's row locked.
import { membershipLifecycle, type MembershipStatus } from '../../../machines/memberships/membership-lifecycle.ts';
import { periodOf } from '../../../machines/memberships/membership-rules.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type AuditEntry, recordSystemAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { notFound } from '../policy.ts';
import { clinicDay, findMembership, lastPeriod, periodsOf } from './data.ts';
import { issueMembershipInvoice, withdrawInvoice } from './invoicing.ts';
import { MEMBERSHIP_TEXTS as T } from './texts.ts';

const RUNNING: MembershipStatus[] = ['awaiting_payment', 'active', 'renewal_due', 'cancelling'];

export async function setStatus(trx: Db, id: number, from: MembershipStatus, to: MembershipStatus, extras: Record<string, unknown> = {}): Promise<void> {
  requireLifecycleStep(membershipLifecycle, 'membership', from, to, { extras });
  await trx.updateTable('memberships').set({ status: to, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Sells plan `plan` to `client`: the membership awaiting payment, its first invoice issued; the membership's id. */
export async function sellMembership(
  trx: Db,
  sale: { client: number; plan: number; autoRenew?: boolean },
  by: number,
  audit: Omit<AuditEntry, 'outcome'>,
): Promise<number> {
  const plan = await trx.selectFrom('membership_plans').selectAll().where('id', '=', sale.plan).forUpdate().executeTakeFirst();
  if (!plan) throw badRequest('plan', T.planUnknown);
  if (!plan.active) throw new HttpError(409, T.planRetired);
  // The client's row is locked so two sales of the same plan at once cannot both pass the check.
  await trx.selectFrom('users').select('id').where('id', '=', sale.client).forUpdate().executeTakeFirstOrThrow();
  const running = await trx
    .selectFrom('memberships')
    .select('id')
    .where('client_id', '=', sale.client)
    .where('plan_id', '=', plan.id)
    .where('status', 'in', RUNNING)
    .executeTakeFirst();
  if (running) throw new HttpError(409, T.alreadyMember);
  const m = await trx
    .insertInto('memberships')
    .values({ client_id: sale.client, plan_id: plan.id, status: 'awaiting_payment', auto_renew: sale.autoRenew ?? plan.auto_renew, created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  const document = await issueMembershipInvoice(trx, {
    client: sale.client,
    plan: { ...plan, fee_paise: Number(plan.fee_paise) },
    description: T.saleLine(plan.name, plan.period),
    by,
    audit: { ...audit, action: 'billing.document.issue' },
  });
  await trx.insertInto('membership_periods').values({ membership_id: m.id, seq: 0, starts_on: null, ends_on: null, document_id: document }).execute();
  return m.id;
}

/**
 * Billing's "document paid" listener: a membership invoice paid in full pays its period. The first
 * starts the membership, its first period from the clinic's today; a renewal makes it active again.
 * Runs in the payment's transaction, so the payment and the start commit together.
 */
export async function membershipInvoicePaid(trx: Db, documentId: number, now: Date = new Date()): Promise<void> {
  const period = await trx
    .selectFrom('membership_periods')
    .select(['id', 'membership_id', 'seq', 'paid'])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!period || period.paid) return;
  const m = (await findMembership(trx, period.membership_id, true))!;
  if (m.status !== 'awaiting_payment' && m.status !== 'renewal_due') return;
  await setStatus(trx, m.id, m.status, 'active');
  if (period.seq === 0) {
    const plan = await trx.selectFrom('membership_plans').select('period').where('id', '=', m.plan_id).executeTakeFirstOrThrow();
    const { startsOn, endsOn } = periodOf(await clinicDay(trx, now), plan.period, 0);
    await trx.updateTable('membership_periods').set({ paid: true, starts_on: startsOn, ends_on: endsOn }).where('id', '=', period.id).execute();
  } else {
    await trx.updateTable('membership_periods').set({ paid: true }).where('id', '=', period.id).execute();
  }
  await recordSystemAudit(trx, { action: 'membership.activate', client: m.client_id, requestId: `membership-paid:${documentId}` });
}

/** The membership, when the caller may act on it: a client only their own (another's 404). */
export async function reachableMembership(db: Db, id: number, caller: { id: number; role: string }, clientRole: boolean) {
  const m = await findMembership(db, id);
  if (!m || (clientRole && m.client_id !== caller.id)) throw notFound();
  return m;
}

/** Stops renewal: the membership ends with its current period; an unpaid renewal invoice is credited. */
export async function cancelRenewal(trx: Db, id: number, by: number): Promise<void> {
  const m = (await findMembership(trx, id, true))!;
  requireLifecycleStep(membershipLifecycle, 'membership', m.status, 'cancelling');
  if (m.status === 'renewal_due') {
    const next = lastPeriod(await periodsOf(trx, [id]));
    if (!next.paid) {
      await withdrawInvoice(trx, next.document_id, T.renewalCancelledReason, by);
      await trx.deleteFrom('membership_periods').where('id', '=', next.id).execute();
    }
  }
  await trx.updateTable('memberships').set({ status: 'cancelling', auto_renew: false, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Cancels a sale not yet paid: its invoice credited in full. */
export async function cancelSale(trx: Db, id: number, by: number): Promise<void> {
  const m = (await findMembership(trx, id, true))!;
  requireLifecycleStep(membershipLifecycle, 'membership', m.status, 'cancelled');
  const [first] = await periodsOf(trx, [id]);
  await withdrawInvoice(trx, first.document_id, T.saleCancelledReason, by);
  await setStatus(trx, id, m.status, 'cancelled');
}
