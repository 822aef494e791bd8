// Therapy visit fixtures: a therapy service, a checked-in appointment for it (written straight to
// the tables: booking has its own tests), a screen, an IV recipe and a lot.
import { sql } from 'kysely';
import type { Therapy } from '../../../../machines/visits/therapy-fields.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { addResource, addService } from '../appointments/fixtures.ts';
import { type Actor, api } from '../support.ts';

let slot = 0;

/** A checked-in appointment of a `therapy` service, each on its own hour, optionally on a package and with a resource unit. */
export async function checkedIn(
  t: TestApp,
  admin: Actor,
  o: { client: number; staff: number; therapy: Therapy | 'consultation'; sessions?: number; resource?: boolean },
): Promise<number> {
  const service = await addService(t, admin, {
    name: `Visit ${o.therapy} ${++slot}`,
    therapy: o.therapy,
    duration_minutes: 60,
    delivered_by: ['NURSE', 'DOCTOR'],
  });
  // In the past: a chart is completed and signed only once its appointment has started (issue 32).
  const start = new Date(Date.UTC(2025, 0, 1) + slot * 3_600_000 * 2);
  const end = new Date(start.getTime() + 3_600_000);
  const db = t.database.db;
  const pkg = o.sessions
    ? (
        await sql<{
          id: number;
        }>`insert into packages (client_id, therapy, sessions_total) values (${o.client}, ${o.therapy}, ${o.sessions}) returning id`.execute(db)
      ).rows[0].id
    : null;
  const { rows } = await sql<{
    id: number;
  }>`insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, package_id)
    values (${o.client}, ${service}, ${o.staff}, ${start}, ${end}, ${start}, ${end}, ${o.staff}, 'checked_in', ${pkg}) returning id`.execute(db);
  // Checked in on a package: its credit was taken at check-in (issue 35), as the check-in step writes it.
  if (pkg !== null) {
    await sql`update packages set sessions_used = sessions_used + 1 where id = ${pkg}`.execute(db);
    await sql`insert into package_redemptions (appointment_id, package_id, kind, redeemed_by) values (${rows[0].id}, ${pkg}, 'redeemed', ${o.staff})`.execute(
      db,
    );
  }
  if (o.resource) {
    const resource = await addResource(t, admin, `Chamber ${slot}`, 'hbot_chamber');
    await sql`insert into appointment_resources (appointment_id, resource_id, occupied_from, occupied_to) values (${rows[0].id}, ${resource}, ${start}, ${end})`.execute(
      db,
    );
  }
  return rows[0].id;
}

export async function screen(t: TestApp, by: Actor, client: number, therapy: Therapy, answers: Record<string, boolean> = {}): Promise<any> {
  const res = await api(t, by, 'POST', '/visits/contraindication-screens', { client, therapy, answers });
  if (res.status !== 201) throw new Error(`screen: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function openVisit(t: TestApp, by: Actor, body: Record<string, unknown>): Promise<any> {
  const res = await api(t, by, 'POST', '/visits/therapy-visits', body);
  if (res.status !== 201) throw new Error(`visit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const VITALS = { systolic: 122, diastolic: 78, heart_rate: 72, spo2: 98, temperature: 36.7 };

export const PET_PARAMETERS = {
  device: 'PEMF mat 3000',
  applicator: 'mat',
  frequency: 10,
  intensity: 50,
  intensity_unit: 'µT',
  duration_minutes: 30,
  body_area: 'Whole body',
  metal_removed: true,
};

/** A visit of `therapy` taken to `status` through the API (screened, vitals in, parameters in). */
export async function visitAt(
  t: TestApp,
  nurse: Actor,
  client: number,
  therapy: 'pet',
  status: 'draft' | 'in_progress' | 'completed' | 'signed',
): Promise<any> {
  await screen(t, nurse, client, therapy);
  let v = await openVisit(t, nurse, { client, therapy });
  const patch = async (body: Record<string, unknown>) => {
    const res = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, ...body });
    if (res.status !== 200) throw new Error(`patch: ${res.status} ${JSON.stringify(res.body)}`);
    v = res.body;
  };
  const move = async (to: string) => {
    const res = await api(t, nurse, 'POST', `/visits/therapy-visits/${v.id}/transitions`, { to });
    if (res.status !== 200) throw new Error(`${to}: ${res.status} ${JSON.stringify(res.body)}`);
    v = res.body;
  };
  if (status === 'draft') return v;
  await patch({ vitals_before: VITALS });
  await move('in_progress');
  if (status === 'in_progress') return v;
  await patch({ parameters: PET_PARAMETERS, vitals_after: VITALS });
  await move('completed');
  if (status === 'completed') return v;
  await move('signed');
  return v;
}
