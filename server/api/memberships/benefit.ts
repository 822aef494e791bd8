// What a client's membership does for a visit's invoice ("Bill this visit"): an included session of
// the period (a ₹0 line "included in membership <name>"), else the plan's discount on the line.
// Taken in the draft's transaction with the client's running memberships locked, so two visits
// billed at once never use the period's last included session twice: the second waits for the
// first to commit and then counts its use.
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { givesBenefits, MEMBERSHIP_STATUSES } from '../../../machines/memberships/membership-lifecycle.ts';
import { membershipDiscountPaise } from '../../../machines/memberships/membership-rules.ts';
import type { Db } from '../../db/database.ts';
import type { NewLine } from '../billing/drafting.ts';
import { getSettings } from '../appointments/data.ts';
import { sessionsUsed } from './data.ts';
import { MEMBERSHIP_TEXTS as T } from './texts.ts';

export type MembershipBenefit =
  { kind: 'included'; membership: number; period: number; service: number; planName: string } | { kind: 'discount'; percent: number; planName: string };

const BENEFIT_STATUSES = MEMBERSHIP_STATUSES.filter(givesBenefits);

/**
 * The benefit `client`'s memberships give a session of `service` on clinic-local `day`: an
 * included session left in the period `day` falls in (first membership first), else the largest
 * discount on the service or on everything, else none. Locks the memberships' rows to the end of
 * `trx`; an included session is taken by `takeIncludedSession` in the same transaction.
 */
export async function membershipBenefitFor(trx: Db, client: number, service: number, day: string): Promise<MembershipBenefit | null> {
  const running = await trx
    .selectFrom('memberships as m')
    .innerJoin('membership_periods as p', 'p.membership_id', 'm.id')
    .innerJoin('membership_plans as pl', 'pl.id', 'm.plan_id')
    .select(['m.id', 'm.plan_id', 'pl.name', 'p.id as period_id'])
    .where('m.client_id', '=', client)
    .where('m.status', 'in', BENEFIT_STATUSES)
    .where('p.paid', '=', true)
    .where('p.starts_on', '<=', day)
    .where('p.ends_on', '>=', day)
    .orderBy('m.id')
    .forUpdate('m')
    .execute();
  if (!running.length) return null;
  const benefits = await trx
    .selectFrom('membership_plan_benefits')
    .selectAll()
    .where(
      'plan_id',
      'in',
      running.map((r) => r.plan_id),
    )
    .where((eb) => eb.or([eb('service_id', '=', service), eb('service_id', 'is', null)]))
    .execute();
  for (const r of running) {
    const included = benefits.find((b) => b.plan_id === r.plan_id && b.kind === 'included');
    if (!included) continue;
    const used = (await sessionsUsed(trx, r.period_id)).get(service) ?? 0;
    if (used < included.sessions!) return { kind: 'included', membership: r.id, period: r.period_id, service, planName: r.name };
  }
  let best: MembershipBenefit | null = null;
  for (const r of running) {
    for (const b of benefits.filter((x) => x.plan_id === r.plan_id && x.kind === 'discount')) {
      if (!best || (best.kind === 'discount' && b.percent! > best.percent)) best = { kind: 'discount', percent: b.percent!, planName: r.name };
    }
  }
  return best;
}

/** Records the included session as used on billing document `documentId`. */
export async function takeIncludedSession(trx: Db, benefit: Extract<MembershipBenefit, { kind: 'included' }>, documentId: number): Promise<void> {
  await trx
    .insertInto('membership_session_uses')
    .values({ membership_id: benefit.membership, period_id: benefit.period, service_id: benefit.service, document_id: documentId })
    .execute();
}

/** The line with the benefit applied: ₹0 for an included session, the plan's percentage off otherwise. */
export function lineWithBenefit(line: NewLine, benefit: MembershipBenefit): NewLine {
  if (benefit.kind === 'included') return { ...line, unit_price_paise: 0, discount_paise: 0, description: T.includedLine(line.description, benefit.planName) };
  return {
    ...line,
    discount_paise: membershipDiscountPaise(line.quantity, line.unit_price_paise, benefit.percent),
    description: T.discountLine(line.description, benefit.percent, benefit.planName),
  };
}

/**
 * For "Bill this visit": the visit's service line with the client's membership benefit, on the
 * appointment's clinic-local day, and what to record once the draft has its id. A session drawn
 * from a package is left as it is (it was paid for with the package).
 */
export async function visitBenefit(
  trx: Db,
  appointment: number,
  lines: NewLine[],
): Promise<{ lines: NewLine[]; claim: (documentId: number) => Promise<void> } | null> {
  const [line, ...rest] = lines;
  if (!line || line.origin !== 'service' || line.item_id === null) return null;
  const a = await trx.selectFrom('appointments').select(['client_id', 'service_id', 'starts_at']).where('id', '=', appointment).executeTakeFirstOrThrow();
  const { time_zone: zone } = await getSettings(trx);
  const day = localTime(zone, new Date(a.starts_at).getTime()).date;
  const benefit = await membershipBenefitFor(trx, a.client_id, a.service_id, day);
  if (!benefit) return null;
  return {
    lines: [lineWithBenefit(line, benefit), ...rest],
    claim: async (documentId) => {
      if (benefit.kind === 'included') await takeIncludedSession(trx, benefit, documentId);
    },
  };
}
