// Package credits are taken at check-in (issue 35). Booking only names the package a session
// intends to use; the credit itself is one conditional UPDATE at check-in (used < total, still
// valid), so two check-ins racing for the last credit cannot both take it: the loser's UPDATE
// finds the condition false once the winner commits, and its visit is billed at the price.
// A no-show or a late client cancellation forfeits the intended credit while the clinic's
// setting says so; a clinic cancellation of a visit already checked in gives its credit back.
// Every credit taken is a row of package_redemptions in the same transaction, so `sessions_used`
// always equals the package's rows.
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { forfeitsCredit, type UndeliveredEnd } from '../../../machines/appointments/scheduling-rules.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

/** What check-in did about a package credit; null when the client holds no package of the therapy. */
export type CheckInCredit = { outcome: 'redeemed'; package: number; message: string } | { outcome: 'none_left'; package: null; message: string };

interface CreditQuestion {
  appointment: number;
  client: number;
  therapy: string;
  /** The package the appointment was booked against, if any: tried first. */
  booked: number | null;
  /** The appointment's clinic day (`YYYY-MM-DD`): a package expiring before it gives nothing. */
  day: string;
  by: number;
}

/**
 * The one condition under which package `p` gives `client` a credit of `therapy` on `day`. Every
 * credit taken or looked for goes through it: the client's own package or a family member's
 * shareable one, paid for (active; frozen only if the freeze ended before the day), with a credit
 * left and not expired on the day. Like `usablePackagesFor`, which booking uses to choose.
 */
function redeemable(client: number, therapy: string, day: string): RawBuilder<unknown> {
  return sql`p.therapy = ${therapy}
    and (p.client_id = ${client} or (p.shareable_in_family and p.client_id in (
      select f.client_id from client_families f where f.family_id = (select g.family_id from client_families g where g.client_id = ${client}))))
    and (p.status in ('active', 'used_up') or (p.status = 'frozen' and p.frozen_until < ${day}::date))
    and p.sessions_used < p.sessions_total and (p.expires_on is null or p.expires_on >= ${day}::date)`;
}

/**
 * Takes one credit of package `id` if it still meets the condition at the moment of the write, and
 * answers the package's name as the visit's invoice line says it ("from package ..."), read in the
 * same statement; null when the package had no credit to give.
 */
async function takeCredit(trx: Db, id: number, q: CreditQuestion, kind: 'redeemed' | 'forfeited'): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`update packages p set sessions_used = p.sessions_used + 1
    where p.id = ${id} and ${redeemable(q.client, q.therapy, q.day)}
    returning coalesce((select pp.name from package_plans pp where pp.id = p.plan_id), p.therapy || ' package') as name`.execute(trx);
  if (rows.length === 0) return null;
  await trx.insertInto('package_redemptions').values({ appointment_id: q.appointment, package_id: id, kind, redeemed_by: q.by }).execute();
  return rows[0].name;
}

/**
 * Check-in's credit: the booked package first, else the client's usable package of the therapy
 * soonest to expire. The appointment is left on the package that gave the credit, or on none
 * (billed at the service's price). The candidates are only an order to try: each try is the
 * conditional write, so a candidate emptied meanwhile is simply passed over.
 */
export async function redeemCredit(trx: Db, q: CreditQuestion): Promise<CheckInCredit | null> {
  const { rows } = await sql<{ id: number }>`select p.id from packages p where ${redeemable(q.client, q.therapy, q.day)}
    order by (p.id = ${q.booked ?? 0}) desc, (p.client_id = ${q.client}) desc, p.expires_on nulls last, p.id`.execute(trx);
  for (const candidate of rows) {
    const name = await takeCredit(trx, candidate.id, q, 'redeemed');
    if (name !== null) {
      if (candidate.id !== q.booked) await trx.updateTable('appointments').set({ package_id: candidate.id }).where('id', '=', q.appointment).execute();
      return { outcome: 'redeemed', package: candidate.id, message: T.creditRedeemed(name) };
    }
  }
  if (q.booked !== null) await trx.updateTable('appointments').set({ package_id: null }).where('id', '=', q.appointment).execute();
  // Said plainly whenever a credit could have been expected: booked on one, or holding one of the therapy.
  const holds = await trx.selectFrom('packages').select('id').where('client_id', '=', q.client).where('therapy', '=', q.therapy).limit(1).executeTakeFirst();
  return q.booked !== null || holds ? { outcome: 'none_left', package: null, message: T.noCreditLeft } : null;
}

/**
 * An appointment ends undelivered (no-show or cancellation): a credit already taken at check-in is
 * kept as forfeited or given back; otherwise the credit it intended is forfeited when the rule
 * says so and the package still has one (nothing is owed beyond what is left).
 */
export async function settleUndelivered(trx: Db, q: CreditQuestion, end: UndeliveredEnd, settingOn: boolean): Promise<void> {
  const forfeits = forfeitsCredit(end, settingOn);
  const taken = await trx.selectFrom('package_redemptions').select(['id', 'package_id']).where('appointment_id', '=', q.appointment).executeTakeFirst();
  if (taken && forfeits) {
    await trx.updateTable('package_redemptions').set({ kind: 'forfeited' }).where('id', '=', taken.id).execute();
  } else if (taken) {
    await trx.deleteFrom('package_redemptions').where('id', '=', taken.id).execute();
    await trx
      .updateTable('packages')
      .set({ sessions_used: sql`sessions_used - 1` })
      .where('id', '=', taken.package_id)
      .execute();
  } else if (forfeits && q.booked !== null) {
    await takeCredit(trx, q.booked, q, 'forfeited');
  }
}
