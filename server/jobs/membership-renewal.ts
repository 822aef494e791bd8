// Memberships' renewal round (issue 35), run by the memberships worker (index.ts) and by tests with
// a clock of their own. For each running membership, in its own transaction with its row locked:
//  - a renewing membership whose period ends within RENEWAL_NOTICE_DAYS gets the next period's
//    invoice (at the plan's fee of the day), and the client a mail saying so (renewal due);
//  - a renewal unpaid when the period is over lapses, its invoice credited (one partly paid is left
//    to the desk, which refunds or takes the rest);
//  - a membership cancelling, or not renewing, ends when its last paid period is over.
// Each step is one the membership chart allows now (requireLifecycleStep), so a round that runs
// twice, or on two servers at once, does each thing once.
import { membershipLifecycle } from '../../machines/memberships/membership-lifecycle.ts';
import { periodOf, periodOver, renewalDue } from '../../machines/memberships/membership-rules.ts';
import { type AuditEntry, recordSystemAudit, SYSTEM_ACTOR_ROLE } from '../api/audit/data.ts';
import { formatRupees } from '../api/billing/document-pdf.ts';
import { findDocument } from '../api/billing/data.ts';
import { stepTo } from '../../machines/lifecycle/lifecycle.ts';
import { clinicDay, findMembership, lastPeriod, periodsOf } from '../api/memberships/data.ts';
import { issueMembershipInvoice, withdrawInvoice } from '../api/memberships/invoicing.ts';
import { setStatus } from '../api/memberships/selling.ts';
import { MEMBERSHIP_TEXTS as T } from '../api/memberships/texts.ts';
import type { Db } from '../db/database.ts';
import type { MailTransport } from '../mail/transport.ts';
import { deliverWith } from './notices.ts';

/**
 * The worker's audit actor: rows with no actor id and role SYSTEM, as recordSystemAudit writes them
 * (migration 1480); billing's issuing records its entries through the same columns.
 */
const SYSTEM_ACTOR = { id: null, role: SYSTEM_ACTOR_ROLE } as unknown as AuditEntry['actor'];

export type RenewalOutcome = 'invoiced' | 'lapsed' | 'ended';

/** One round: what it did to which membership. */
export async function membershipRenewalRound(db: Db, mail: MailTransport, now: Date = new Date()): Promise<{ membership: number; outcome: RenewalOutcome }[]> {
  const running = await db.selectFrom('memberships').select('id').where('status', 'in', ['active', 'renewal_due', 'cancelling']).orderBy('id').execute();
  const done: { membership: number; outcome: RenewalOutcome }[] = [];
  for (const { id } of running) {
    const outcome = await db.transaction().execute((trx) => renewalStep(trx, mail, id, now));
    if (outcome) done.push({ membership: id, outcome });
  }
  return done;
}

async function renewalStep(trx: Db, mail: MailTransport, id: number, now: Date): Promise<RenewalOutcome | null> {
  const m = await findMembership(trx, id, true);
  if (!m) return null;
  const today = await clinicDay(trx, now);
  const periods = await periodsOf(trx, [id]);
  const paid = periods.filter((p) => p.paid);
  if (!paid.length) return null;
  const last = lastPeriod(paid);
  const over = periodOver(last.ends_on!, today);
  const requestId = `membership-renewal:${id}:${today}`;

  if (m.status === 'renewal_due') {
    const unpaid = lastPeriod(periods);
    if (!over || unpaid.paid) return null;
    await setStatus(trx, id, m.status, 'lapsed', { period_over: true });
    await withdrawInvoice(trx, unpaid.document_id, T.lapsedReason, m.created_by!, 'leave');
    await recordSystemAudit(trx, { action: 'membership.lapse', client: m.client_id, requestId });
    return 'lapsed';
  }
  if (m.status === 'cancelling' || !m.auto_renew || over) {
    if (!stepTo(membershipLifecycle, m.status, 'ended', { extras: { period_over: over } })) return null;
    await setStatus(trx, id, m.status, 'ended', { period_over: over });
    await recordSystemAudit(trx, { action: 'membership.end', client: m.client_id, requestId });
    return 'ended';
  }
  if (!renewalDue(last.ends_on!, today)) return null;
  const plan = await trx.selectFrom('membership_plans').selectAll().where('id', '=', m.plan_id).executeTakeFirstOrThrow();
  const first = periods.find((p) => p.seq === 0)!;
  const seq = last.seq + 1;
  const next = periodOf(first.starts_on!, plan.period, seq);
  await setStatus(trx, id, m.status, 'renewal_due', { period_over: false });
  const document = await issueMembershipInvoice(trx, {
    client: m.client_id,
    plan: { ...plan, fee_paise: Number(plan.fee_paise) },
    description: T.renewalLine(plan.name, next.startsOn, next.endsOn),
    by: m.created_by!,
    audit: { actor: SYSTEM_ACTOR, action: 'billing.document.issue', client: m.client_id, requestId },
  });
  await trx
    .insertInto('membership_periods')
    .values({ membership_id: id, seq, starts_on: next.startsOn, ends_on: next.endsOn, document_id: document })
    .execute();
  await recordSystemAudit(trx, { action: 'membership.renewal_invoice', client: m.client_id, requestId });
  const doc = (await findDocument(trx, document))!;
  const client = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', m.client_id).executeTakeFirstOrThrow();
  await deliverWith(trx, mail, `membership-renewal:${id}:${seq}`, {
    channel: 'email',
    to: client.email,
    subject: T.renewalSubject(plan.name),
    body: T.renewalBody(client.first_name, plan.name, doc.number!, formatRupees(Number(doc.total_paise)), next.startsOn, last.ends_on!),
  });
  return 'invoiced';
}
