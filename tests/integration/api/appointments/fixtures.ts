// A small clinic for the scheduling tests: hours every day 08:00-20:00 in Asia/Kolkata, staff
// with weekly templates, resources and three services, all set up through the API as an admin.
import type { ClinicRole } from '../../../../server/identity/contracts.ts';
import { addDays, isoWeekday, localTime } from '../../../../machines/appointments/scheduling-rules.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, addTarget, addUser, api } from '../support.ts';

export interface Clinic {
  admin: Actor;
  reception: Actor;
  nurse: Actor;
  doctor: Actor;
  client: Actor;
  otherClient: Actor;
  /** Staff without sign-in. */
  nurse2: number;
  chambers: number[];
  chairs: number[];
  hbot: number;
  iv: number;
  consult: number;
  /** A Monday at least three days ahead (clinic date), and the offset of the zone. */
  monday: string;
}

export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** The first Monday at least `minDays` ahead in the zone. */
export function upcomingMonday(zone = 'Asia/Kolkata', minDays = 3): string {
  let d = addDays(localTime(zone, Date.now()).date, minDays);
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  return d;
}

export const at = (date: string, clock: string, offset = '+05:30') => `${date}T${clock}:00${offset}`;

/**
 * The i-th fresh half-hour (08:00-19:30, day after day) from a Monday `daysAhead` days from now:
 * the authorization matrices book their fixtures there, each suite from its own day so their
 * staff never collide, and all inside the clinic's booking horizon (730 days by default).
 */
export function halfHourAhead(daysAhead: number, i: number): string {
  const first = new Date(Date.now() + daysAhead * 86_400_000);
  first.setUTCDate(first.getUTCDate() + ((8 - first.getUTCDay()) % 7));
  const day = new Date(first.getTime() + Math.floor(i / 24) * 86_400_000).toISOString().slice(0, 10);
  const minutes = 8 * 60 + (i % 24) * 30;
  return at(day, `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
}

export async function staffMember(t: TestApp, role: ClinicRole): Promise<number> {
  return (await addTarget(t, role)).id;
}

export async function setHours(t: TestApp, admin: Actor, staff: number[], opens = '08:00', closes = '20:00') {
  const res = await api(t, admin, 'PATCH', '/appointments/hours', {
    clinic_hours: EVERY_DAY.map((weekday) => ({ weekday, opens, closes })),
    staff_hours: staff.map((s) => ({ staff: s, weekly: EVERY_DAY.map((weekday) => ({ weekday, starts: opens, ends: closes })) })),
  });
  if (res.status !== 200) throw new Error(`hours: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function addResource(t: TestApp, admin: Actor, name: string, kind: string): Promise<number> {
  const res = await api(t, admin, 'POST', '/appointments/resources', { name, kind });
  if (res.status !== 201) throw new Error(`resource: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function addService(t: TestApp, admin: Actor, body: Record<string, unknown>): Promise<number> {
  const res = await api(t, admin, 'POST', '/appointments/services', body);
  if (res.status !== 201) throw new Error(`service: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function buildClinic(t: TestApp): Promise<Clinic> {
  const admin = await addUser(t, 'ADMIN');
  const reception = await addUser(t, 'RECEPTION');
  const nurse = await addUser(t, 'NURSE');
  const doctor = await addUser(t, 'DOCTOR');
  const client = await addUser(t, 'CLIENT');
  const otherClient = await addUser(t, 'CLIENT');
  const nurse2 = await staffMember(t, 'NURSE');
  await setHours(t, admin, [nurse.id, doctor.id, nurse2]);
  const chambers = [await addResource(t, admin, 'Chamber A', 'hbot_chamber'), await addResource(t, admin, 'Chamber B', 'hbot_chamber')];
  const chairs = [await addResource(t, admin, 'Chair 1', 'iv_chair')];
  const hbot = await addService(t, admin, {
    name: 'HBOT dive',
    therapy: 'hbot',
    duration_minutes: 90,
    buffer_after_minutes: 15,
    resources_needed: [{ kind: 'hbot_chamber', units: 1 }],
    delivered_by: ['NURSE', 'DOCTOR'],
    price_inr: 4500,
    bookable_online: true,
  });
  const iv = await addService(t, admin, {
    name: 'IV drip',
    therapy: 'iv',
    duration_minutes: 60,
    buffer_before_minutes: 10,
    buffer_after_minutes: 10,
    resources_needed: [{ kind: 'iv_chair', units: 1 }],
    delivered_by: ['NURSE'],
    price_inr: 6000,
  });
  const consult = await addService(t, admin, {
    name: 'Doctor consultation',
    therapy: 'consultation',
    delivered_by: ['DOCTOR'],
    price_inr: 1500,
    bookable_online: true,
  });
  return { admin, reception, nurse, doctor, client, otherClient, nurse2, chambers, chairs, hbot, iv, consult, monday: upcomingMonday() };
}
