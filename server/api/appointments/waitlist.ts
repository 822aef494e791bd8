// The waitlist: a client asks for a service on preferred weekdays and times. When an appointment
// is cancelled, every matching waiting client is offered the freed slot (email or SMS through the
// mail transport, in the cancelling transaction); the first to accept books it, and the others are
// told it is gone. The exclusion constraints decide between two accepts at the same moment.
import { sql } from 'kysely';
import type { AnyStateMachine } from 'xstate';
import type { components } from '../../../openapi/generated/api.ts';
import type { Db } from '../../db/database.ts';
import { readClinicName } from '../../mail/clinic-name.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { clockMinutes, localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import {
  type WaitlistEntryStatus,
  type WaitlistOfferStatus,
  waitlistEntryLifecycle,
  waitlistOfferLifecycle,
} from '../../../machines/appointments/waitlist-lifecycle.ts';
import { statusesOf, stepTo } from '../../../machines/lifecycle/lifecycle.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { SchedulingConflict } from './booking.ts';
import type { AppointmentOut, SchedulingSettings } from './data.ts';
import { MESSAGES, SCHEDULING_TEXTS as T } from './texts.ts';

export type WaitlistEntryOut = components['schemas']['WaitlistEntry'];

/** The statuses the waitlist charts let step to `to`: the only rows an update may move. */
const mayStepTo = (chart: AnyStateMachine, to: string) => statusesOf(chart).filter((status) => stepTo(chart, status, to));
const OFFER_MAY_BE_ACCEPTED = mayStepTo(waitlistOfferLifecycle, 'accepted') as WaitlistOfferStatus[];
const OFFER_MAY_GO = mayStepTo(waitlistOfferLifecycle, 'gone') as WaitlistOfferStatus[];
const ENTRY_MAY_BE_BOOKED = mayStepTo(waitlistEntryLifecycle, 'booked') as WaitlistEntryStatus[];

/** Whether the offer chart lets an offer in `status` be accepted (offer.accept). */
export const offerMayBeAccepted = (status: WaitlistOfferStatus): boolean => OFFER_MAY_BE_ACCEPTED.includes(status);

export async function listWaitlist(db: Db, client?: number): Promise<WaitlistEntryOut[]> {
  const { rows } = await sql<any>`
    select e.id, e.client_id as client, e.service_id as service, e.weekdays, to_char(e.earliest, 'HH24:MI') as earliest,
           to_char(e.latest, 'HH24:MI') as latest, e.channel, e.status, e.created_at,
           coalesce((select json_agg(json_build_object('id', o.id, 'start', o.starts_at, 'end', o.ends_at, 'staff', o.staff_id,
                     'status', o.status, 'appointment', o.appointment_id) order by o.id)
                     from waitlist_offers o where o.entry_id = e.id), '[]') as offers
    from waitlist_entries e where ${client === undefined ? sql`true` : sql`e.client_id = ${client}`} order by e.id`.execute(db);
  return rows.map((r) => {
    const offers = typeof r.offers === 'string' ? JSON.parse(r.offers) : r.offers;
    return {
      ...r,
      weekdays: (r.weekdays as Array<number | string>).map(Number),
      created_at: new Date(r.created_at).toISOString(),
      offers: offers.map((o: any) => ({ ...o, start: new Date(o.start).toISOString(), end: new Date(o.end).toISOString() })),
    };
  });
}

export async function insertWaitlistEntry(
  db: Db,
  entry: { client: number; service: number; weekdays: number[]; earliest: string; latest: string; channel: 'email' | 'sms'; createdBy: number },
): Promise<WaitlistEntryOut> {
  const { id } = await db
    .insertInto('waitlist_entries')
    .values({
      client_id: entry.client,
      service_id: entry.service,
      weekdays: sql`${sql.val(entry.weekdays)}::smallint[]`,
      earliest: entry.earliest,
      latest: entry.latest,
      channel: entry.channel,
      created_by: entry.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listWaitlist(db)).find((e) => e.id === id)!;
}

interface Recipient {
  entry: number;
  channel: 'email' | 'sms';
  email: string;
  phone: string | null;
}

async function send(mail: MailTransport, db: Db, to: Recipient, subject: string, body: string): Promise<void> {
  const sms = to.channel === 'sms' && to.phone;
  await mail.send({ channel: sms ? 'sms' : 'email', to: sms ? to.phone! : to.email, subject, body }, db);
}

/** Offers a cancelled appointment's slot to every matching waiting client; returns how many. */
export async function offerFreedSlot(trx: Db, mail: MailTransport, settings: SchedulingSettings, freed: AppointmentOut): Promise<number> {
  const local = localTime(settings.time_zone, Date.parse(freed.start));
  const { rows } = await sql<Recipient & { earliest: string; latest: string }>`
    select e.id as entry, e.channel, u.email, u.phone_number as phone, e.earliest::text as earliest, e.latest::text as latest
    from waitlist_entries e join users u on u.id = e.client_id
    where e.status in (${sql.join(ENTRY_MAY_BE_BOOKED)}) and e.service_id = ${freed.service} and e.client_id <> ${freed.client}
      and ${local.weekday}::smallint = any(e.weekdays)
    order by e.id`.execute(trx);
  const matching = rows.filter((r) => clockMinutes(r.earliest) <= local.minutes && local.minutes <= clockMinutes(r.latest));
  const when = await clinicWhen(trx, freed.start);
  const clinic = await readClinicName(trx);
  for (const r of matching) {
    const { id } = await trx
      .insertInto('waitlist_offers')
      .values({ entry_id: r.entry, freed_appointment_id: freed.id, starts_at: new Date(freed.start), ends_at: new Date(freed.end), staff_id: freed.staff })
      .returning('id')
      .executeTakeFirstOrThrow();
    await send(mail, trx, r, MESSAGES.offerSubject, MESSAGES.offer(clinic, freed.service_name, when, id));
  }
  return matching.length;
}

export interface OfferRow {
  id: number;
  entry: number;
  client: number;
  service: number;
  freed: number;
  start: string;
  end: string;
  staff: number;
  status: WaitlistOfferStatus;
  channel: 'email' | 'sms';
}

export async function findOffer(db: Db, id: number, forUpdate = false): Promise<OfferRow | undefined> {
  const { rows } = await sql<any>`
    select o.id, o.entry_id as entry, e.client_id as client, e.service_id as service, o.freed_appointment_id as freed,
           o.starts_at, o.ends_at, o.staff_id as staff, o.status, e.channel
    from waitlist_offers o join waitlist_entries e on e.id = o.entry_id where o.id = ${id} ${forUpdate ? sql`for update of o` : sql``}`.execute(db);
  const r = rows[0];
  return r && { ...r, start: new Date(r.starts_at).toISOString(), end: new Date(r.ends_at).toISOString() };
}

/** The winner's bookkeeping: this offer accepted, the entry booked, every other offer of the slot gone (and told); each as its chart allows. */
export async function settleOffers(
  trx: Db,
  mail: MailTransport,
  settings: SchedulingSettings,
  offer: OfferRow,
  appointment: number,
  serviceName: string,
): Promise<void> {
  requireLifecycleStep(waitlistOfferLifecycle, 'waitlist offer', offer.status, 'accepted');
  const accepted = await trx
    .updateTable('waitlist_offers')
    .set({ status: 'accepted', appointment_id: appointment })
    .where('id', '=', offer.id)
    .where('status', 'in', OFFER_MAY_BE_ACCEPTED)
    .executeTakeFirst();
  const booked = await trx
    .updateTable('waitlist_entries')
    .set({ status: 'booked' })
    .where('id', '=', offer.entry)
    .where('status', 'in', ENTRY_MAY_BE_BOOKED)
    .executeTakeFirst();
  if (Number(accepted.numUpdatedRows) !== 1 || Number(booked.numUpdatedRows) !== 1) throw new SchedulingConflict(T.offerGone, []);
  const { rows } = await sql<Recipient & { id: number }>`
    update waitlist_offers o set status = 'gone' from waitlist_entries e, users u
    where o.freed_appointment_id = ${offer.freed} and o.id <> ${offer.id} and o.status in (${sql.join(OFFER_MAY_GO)})
      and e.id = o.entry_id and u.id = e.client_id
    returning o.id, e.id as entry, e.channel, u.email, u.phone_number as phone`.execute(trx);
  const when = await clinicWhen(trx, offer.start);
  const clinic = await readClinicName(trx);
  for (const r of rows) await send(mail, trx, r, MESSAGES.goneSubject, MESSAGES.gone(clinic, serviceName, when));
}

export async function lockOffersOfSlot(trx: Db, freed: number): Promise<void> {
  await sql`select id from waitlist_offers where freed_appointment_id = ${freed} order by id for update`.execute(trx);
}

export async function markOfferGone(db: Db, id: number): Promise<void> {
  await db.updateTable('waitlist_offers').set({ status: 'gone' }).where('id', '=', id).where('status', 'in', OFFER_MAY_GO).execute();
}
