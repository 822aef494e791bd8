// A membership as stored (its row, its periods, the sessions used) and as the API shows it. The
// current period is the paid one the clinic's today falls in (a renewal paid early becomes current
// on its first day, so nothing has to move it); included sessions are counted in that period, on
// billing documents still live (a deleted draft gives its session back).
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { addDays } from '../../../machines/memberships/membership-rules.ts';
import type { Db } from '../../db/database.ts';
import { getSettings } from '../appointments/data.ts';
import { benefitsOf } from './plans.ts';

type S = components['schemas'];

/** The clinic's calendar day at `now`. */
export async function clinicDay(db: Db, now: Date = new Date()): Promise<string> {
  const { time_zone: zone } = await getSettings(db);
  return localTime(zone, now.getTime()).date;
}

export interface PeriodRow {
  id: number;
  membership_id: number;
  seq: number;
  starts_on: string | null;
  ends_on: string | null;
  document_id: number;
  paid: boolean;
}

export async function periodsOf(db: Db, membershipIds: number[]): Promise<PeriodRow[]> {
  if (!membershipIds.length) return [];
  return db
    .selectFrom('membership_periods')
    .select([
      'id',
      'membership_id',
      'seq',
      sql<string | null>`starts_on::text`.as('starts_on'),
      sql<string | null>`ends_on::text`.as('ends_on'),
      'document_id',
      'paid',
    ])
    .where('membership_id', 'in', membershipIds)
    .orderBy('membership_id')
    .orderBy('seq')
    .execute();
}

/** The paid period `day` falls in, or else the last paid one that has begun (a period over, not yet ended by the job). */
export function currentPeriod(periods: PeriodRow[], day: string): PeriodRow | undefined {
  const begun = periods.filter((p) => p.paid && p.starts_on !== null && p.starts_on <= day);
  return begun.find((p) => p.ends_on! >= day) ?? begun.at(-1);
}

export const lastPeriod = (periods: PeriodRow[]): PeriodRow => periods.reduce((a, b) => (b.seq > a.seq ? b : a));

export async function findMembership(db: Db, id: number, lock = false) {
  let q = db.selectFrom('memberships').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type MembershipRow = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

/** Sessions of each service used in a period, on live documents. */
export async function sessionsUsed(db: Db, periodId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('membership_session_uses as u')
    .innerJoin('billing_documents as d', 'd.id', 'u.document_id')
    .select(['u.service_id', (eb) => eb.fn.countAll<number>().as('used')])
    .where('u.period_id', '=', periodId)
    .where('d.status', '<>', 'deleted')
    .groupBy('u.service_id')
    .execute();
  return new Map(rows.map((r) => [r.service_id, Number(r.used)]));
}

const RENEWING = ['active', 'renewal_due'];

export async function membershipsOut(db: Db, rows: MembershipRow[], day: string): Promise<S['Membership'][]> {
  const plans = new Map(
    (
      await db
        .selectFrom('membership_plans')
        .select(['id', 'name', 'period', 'fee_paise'])
        .where('id', 'in', rows.length ? rows.map((r) => r.plan_id) : [0])
        .execute()
    ).map((p) => [p.id, p]),
  );
  const benefits = await benefitsOf(db, [...plans.keys()]);
  const periods = await periodsOf(
    db,
    rows.map((r) => r.id),
  );
  const out: S['Membership'][] = [];
  for (const m of rows) {
    const plan = plans.get(m.plan_id)!;
    const mine = periods.filter((p) => p.membership_id === m.id);
    const first = mine.find((p) => p.seq === 0)!;
    const current = currentPeriod(mine, day);
    const next = current ? mine.find((p) => p.seq === current.seq + 1) : undefined;
    const used = current ? await sessionsUsed(db, current.id) : new Map<number, number>();
    const planBenefits = benefits.get(m.plan_id) ?? [];
    out.push({
      id: m.id,
      client: m.client_id,
      plan: m.plan_id,
      plan_name: plan.name,
      period: plan.period,
      fee_paise: Number(plan.fee_paise),
      status: m.status,
      auto_renew: m.auto_renew,
      starts_on: current?.starts_on ?? null,
      ends_on: current?.ends_on ?? null,
      renews_on: current && m.auto_renew && RENEWING.includes(m.status) ? addDays(current.ends_on!, 1) : null,
      invoice: first.document_id,
      renewal_invoice: next?.document_id ?? null,
      included: planBenefits
        .filter((b) => b.kind === 'included')
        .map((b) => {
          const n = current ? (used.get(b.service!) ?? 0) : 0;
          return { service: b.service!, service_name: b.service_name!, sessions: b.sessions!, used: n, left: current ? Math.max(0, b.sessions! - n) : 0 };
        }),
      discounts: planBenefits.filter((b) => b.kind === 'discount'),
    });
  }
  return out;
}

export async function membershipsOf(db: Db, client: number, day: string): Promise<S['Membership'][]> {
  const rows = await db.selectFrom('memberships').selectAll().where('client_id', '=', client).orderBy('id', 'desc').execute();
  return membershipsOut(db, rows, day);
}

export async function membershipOut(db: Db, id: number): Promise<S['Membership']> {
  const row = (await findMembership(db, id))!;
  return (await membershipsOut(db, [row], await clinicDay(db)))[0];
}
