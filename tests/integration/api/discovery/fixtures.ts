// A small clinic for the discovery tests: a health coach who delivers discovery visits (hours
// every day), the service they are booked as, and helpers for prospects at any stage.
import { sql } from 'kysely';
import type { PipelineStage } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { addService, at, setHours, upcomingMonday } from '../appointments/fixtures.ts';
import { type Actor, addUser, api, uniqueEmail } from '../support.ts';

export interface DiscoveryClinic {
  admin: Actor;
  coach: Actor;
  reception: Actor;
  client: Actor;
  service: number;
  monday: string;
}

export async function discoveryClinic(t: TestApp): Promise<DiscoveryClinic> {
  const admin = await addUser(t, 'ADMIN');
  const coach = await addUser(t, 'HEALTH_COACH');
  const reception = await addUser(t, 'RECEPTION');
  const client = await addUser(t, 'CLIENT');
  await setHours(t, admin, [coach.id]);
  const service = await addService(t, admin, {
    name: 'Discovery visit',
    therapy: 'discovery',
    duration_minutes: 45,
    delivered_by: ['HEALTH_COACH'],
    price_inr: 0,
  });
  return { admin, coach, reception, client, service, monday: upcomingMonday() };
}

let slot = 0;
/** A fresh start time on the coach's Monday, so bookings never collide. */
export function nextSlot(monday: string): string {
  slot += 1;
  const hour = 8 + (slot % 11);
  const minute = slot % 2 ? '00' : '00';
  return at(monday, `${String(hour).padStart(2, '0')}:${minute}`).replace(monday, addWeeks(monday, Math.floor(slot / 11)));
}

function addWeeks(date: string, weeks: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

/** A prospect made through the API (unique contact), optionally put straight into `stage`. */
export async function addProspect(
  t: TestApp,
  actor: Actor,
  stage?: PipelineStage,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('prospect');
  const res = await api(t, actor, 'POST', '/discovery/prospects', { first_name: 'Asha', last_name: 'Rao', email, source: 'walk_in', ...extra });
  if (res.status !== 201) throw new Error(`prospect: ${res.status} ${JSON.stringify(res.body)}`);
  if (stage) await sql`update discovery_prospects set stage = ${stage} where id = ${res.body.id}`.execute(t.database.db);
  return { id: res.body.id, email };
}

export async function count(t: TestApp, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  const { rows } = await query.execute(t.database.db);
  return Number(rows[0].n);
}

/**
 * The visit has happened: its appointment moved 520 weeks back (same weekday and clock; every
 * moved appointment by the same amount, so none collide), as a note is signed only after its
 * visit (issue 32).
 */
export async function visitHeld(t: TestApp, visit: number): Promise<void> {
  const back = sql`interval '520 weeks'`;
  await sql`update appointments set starts_at = starts_at - ${back}, ends_at = ends_at - ${back}, occupied_from = occupied_from - ${back}, occupied_to = occupied_to - ${back}
    where id = (select appointment_id from discovery_visits where id = ${visit})`.execute(t.database.db);
}
