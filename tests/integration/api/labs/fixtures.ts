// Labs fixtures: a catalogue made through the API (a fasting glucose test with sex- and age-specific
// ranges, a haemoglobin test, and a profile of both), a serviceable pincode, slots and a booking
// made the way the portal makes them.
import { sql } from 'kysely';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, api } from '../support.ts';

let counter = 0;

export interface LabCatalogue {
  glucose: { id: number; marker: number };
  haemoglobin: { id: number; marker: number };
  profile: { id: number };
}

export async function addCatalogue(t: TestApp, admin: Actor): Promise<LabCatalogue> {
  counter += 1;
  const glucose = await api(t, admin, 'POST', '/labs/catalogue', {
    code: `FBS-${counter}`,
    name: 'Fasting blood sugar',
    kind: 'test',
    price_inr: 150,
    fasting_hours: 10,
    sample_type: 'Blood (fluoride)',
    report_hours: 12,
    markers: [
      {
        code: 'GLU',
        name: 'Glucose, fasting',
        unit: 'mg/dL',
        ranges: [{ sex: null, age_min: 18, age_max: 120, low: 70, high: 99, critical_low: 40, critical_high: 400 }],
      },
    ],
  });
  if (glucose.status !== 201) throw new Error(`fixture catalogue: ${glucose.status} ${JSON.stringify(glucose.body)}`);
  const hb = await api(t, admin, 'POST', '/labs/catalogue', {
    code: `HB-${counter}`,
    name: 'Haemoglobin',
    kind: 'test',
    price_inr: 120,
    sample_type: 'Blood (EDTA)',
    report_hours: 6,
    markers: [
      {
        code: 'HGB',
        name: 'Haemoglobin',
        unit: 'g/dL',
        ranges: [
          { sex: 'M', age_min: 18, age_max: 120, low: 13, high: 17, critical_low: 7, critical_high: 20 },
          { sex: 'F', age_min: 18, age_max: 120, low: 12, high: 15.5, critical_low: 7, critical_high: 20 },
          { sex: null, age_min: 0, age_max: 17, low: 11, high: 14.5, critical_low: 7, critical_high: 20 },
        ],
      },
    ],
  });
  const profile = await api(t, admin, 'POST', '/labs/catalogue', {
    code: `WELL-${counter}`,
    name: 'Wellness profile',
    kind: 'profile',
    price_inr: 240,
    sample_type: 'Blood',
    report_hours: 12,
    tests: [glucose.body.id, hb.body.id],
  });
  return {
    glucose: { id: glucose.body.id, marker: glucose.body.markers[0].id },
    haemoglobin: { id: hb.body.id, marker: hb.body.markers[0].id },
    profile: { id: profile.body.id },
  };
}

export async function addPincode(t: TestApp, admin: Actor, capacity: number): Promise<string> {
  counter += 1;
  const pincode = String(560000 + ((counter * 37) % 999) + 1);
  const res = await api(t, admin, 'POST', '/labs/pincodes', { pincode, area: `Area ${counter}`, slot_capacity: capacity });
  if (res.status !== 201) throw new Error(`fixture pincode: ${res.status} ${JSON.stringify(res.body)}`);
  return pincode;
}

/** The slots offered, as the portal reads them. */
export async function slotsFor(t: TestApp, actor: Actor, pincode: string, items: number[]) {
  const res = await api(t, actor, 'GET', `/labs/slots?pincode=${pincode}${items.map((i) => `&items=${i}`).join('')}`);
  if (res.status !== 200) throw new Error(`fixture slots: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { start: string; places_left: number; capacity: number }[];
}

/** The clinic-time hour (Asia/Kolkata by default) of a slot start. */
export const hourOf = (start: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hourCycle: 'h23' }).format(new Date(start)));

export async function book(t: TestApp, client: Actor, pincode: string, start: string, items: number[], extra: Record<string, unknown> = {}) {
  const hold = await api(t, client, 'POST', '/labs/slots', { pincode, start, items });
  if (hold.status !== 201) throw new Error(`fixture hold: ${hold.status} ${JSON.stringify(hold.body)}`);
  const order = await api(t, client, 'POST', '/labs/orders', {
    hold: hold.body.id,
    items,
    people: [{ self: true }],
    address: '12 MG Road, Bengaluru',
    ...extra,
  });
  if (order.status !== 201) throw new Error(`fixture order: ${order.status} ${JSON.stringify(order.body)}`);
  return order.body as { id: number; status: string; people: { id: number }[] };
}

export async function auditCount(t: TestApp, action: string, client: number | null, outcome = 'success'): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from audit_events where action = ${action} and client_id is not distinct from ${client} and outcome = ${outcome}`.execute(
    t.database.db,
  );
  return Number(rows[0].n);
}

export async function outboxFor(t: TestApp, to: string) {
  return t.database.db.selectFrom('mail_outbox').select(['channel', 'recipient', 'subject', 'body']).where('recipient', '=', to).orderBy('id').execute();
}

export const CLIENT_PROFILE = { gender: 'F', date_of_birth: '1985-04-02', zipcode: '560001', address_line_1: '12 MG Road' };
