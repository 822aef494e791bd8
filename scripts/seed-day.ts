// The rest of a demo clinic that can run a day (issue 32; part of `npm run seed:demo`): hours for
// every demo staff member, package plans and the sold packages priced from them, a lab catalogue
// with markers, reference ranges and the PIN codes home collection serves, prospects in every
// stage the pipeline's chart reaches without a conversion, past therapy sessions charted and
// signed, and support tickets new, answered and solved. Each part is idempotent on its own: what
// is already there is left as it is, so a rerun, or a clinic seeded before these parts existed,
// gets exactly what is missing.
import { sql } from 'kysely';
import { addDays, localTime } from '../machines/appointments/scheduling-rules.ts';
import { getSettings } from '../server/api/appointments/data.ts';
import { insertProspect, recordStage } from '../server/api/discovery/data.ts';
import type { Db } from '../server/db/database.ts';
import type { ClinicRole } from '../server/identity/contracts.ts';
import { DEMO_LAB_PINCODES, DEMO_LAB_PROFILE, DEMO_LAB_TESTS, DEMO_PACKAGE_PLANS, DEMO_PROSPECTS, DEMO_STAFF_HOURS, DEMO_TICKETS } from './demo-data.ts';

export interface DaySeedResult {
  staffGivenHours: number;
  plans: number;
  packagesPriced: number;
  labTests: number;
  pincodes: number;
  prospects: number;
  visitsSigned: number;
  tickets: number;
}

const VITALS_BEFORE = { systolic: 124, diastolic: 80, heart_rate: 74, spo2: 98, temperature: 36.7 };
const VITALS_AFTER = { systolic: 120, diastolic: 78, heart_rate: 70, spo2: 99, temperature: 36.8 };

/** A complete chart's parameters per therapy (IV needs a recipe and lots, which the demo does not stock). */
const PARAMETERS: Record<string, Record<string, unknown>> = {
  hbot: {
    chamber_type: 'soft',
    ata: 1.3,
    pressurise_minutes: 8,
    hold_minutes: 60,
    depressurise_minutes: 5,
    oxygen_by_mask: true,
    concentrator_percent: 92,
    checklist_cotton: true,
    checklist_no_lotions: true,
    checklist_no_devices: true,
    checklist_grounding: true,
    oneill_grade: 0,
  },
  pet: {
    device: 'PEMF mat A',
    applicator: 'mat',
    frequency: 10,
    intensity: 50,
    intensity_unit: 'µT',
    duration_minutes: 30,
    body_area: 'Whole body',
    metal_removed: true,
  },
  red_light: {
    device: 'Red-light panel',
    source: 'led',
    wavelengths: '660, 850',
    mode: 'continuous',
    irradiance: 100,
    distance: 15,
    seconds_per_area: 300,
    areas: 'Knees',
    eye_protection: true,
  },
  fir: { cabin: 'Infrared sauna cabin', temperature: 55, duration_minutes: 30, weight_before: 70.2, weight_after: 69.8, fluids_taken: 500 },
};

export async function seedDay(db: Db, staff: Array<{ id: number; role: ClinicRole }>, clients: number[]): Promise<DaySeedResult> {
  const result: DaySeedResult = { staffGivenHours: 0, plans: 0, packagesPriced: 0, labTests: 0, pincodes: 0, prospects: 0, visitsSigned: 0, tickets: 0 };
  const byRole = (role: ClinicRole) => staff.find((s) => s.role === role)!.id;

  // Hours for every demo staff member who has none.
  for (const member of staff) {
    const weekly = DEMO_STAFF_HOURS[member.role];
    if (!weekly) continue;
    const has = await db.selectFrom('staff_hours').select('id').where('staff_id', '=', member.id).limit(1).executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('staff_hours')
      .values(weekly.map((w) => ({ staff_id: member.id, ...w })))
      .execute();
    result.staffGivenHours++;
  }

  // Package plans, and the demo's packages sold from them.
  for (const plan of DEMO_PACKAGE_PLANS) {
    const found = await db.selectFrom('package_plans').select('id').where('name', '=', plan.name).executeTakeFirst();
    if (!found) {
      await db.insertInto('package_plans').values(plan).execute();
      result.plans++;
    }
  }
  for (const plan of DEMO_PACKAGE_PLANS) {
    const { id } = await db.selectFrom('package_plans').select('id').where('name', '=', plan.name).executeTakeFirstOrThrow();
    const priced = await db
      .updateTable('packages')
      .set({ plan_id: id, price_inr: plan.price_inr })
      .where('plan_id', 'is', null)
      .where('therapy', '=', plan.therapy)
      .where('sessions_total', '=', plan.sessions)
      .where('client_id', 'in', clients.length ? clients : [0])
      .executeTakeFirst();
    result.packagesPriced += Number(priced.numUpdatedRows);
  }

  // The lab catalogue and the PIN codes home collection serves.
  for (const p of DEMO_LAB_PINCODES) {
    if (await db.selectFrom('lab_pincodes').select('pincode').where('pincode', '=', p.pincode).executeTakeFirst()) continue;
    await db.insertInto('lab_pincodes').values(p).execute();
    result.pincodes++;
  }
  const testIds = new Map<string, number>();
  for (const test of DEMO_LAB_TESTS) {
    const found = await db.selectFrom('lab_catalogue').select('id').where('code', '=', test.code).executeTakeFirst();
    if (found) {
      testIds.set(test.code, found.id);
      continue;
    }
    const { markers, ...item } = test;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('lab_catalogue')
        .values({ ...item, kind: 'test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      testIds.set(test.code, id);
      for (const [position, m] of markers.entries()) {
        const marker = await trx
          .insertInto('lab_markers')
          .values({ test_id: id, code: m.code, name: m.name, unit: m.unit, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('lab_reference_ranges')
          .values({
            marker_id: marker.id,
            sex: null,
            age_min: 18,
            age_max: 120,
            low: m.low,
            high: m.high,
            critical_low: m.critical_low ?? null,
            critical_high: m.critical_high ?? null,
          })
          .execute();
      }
    });
    result.labTests++;
  }
  if (!(await db.selectFrom('lab_catalogue').select('id').where('code', '=', DEMO_LAB_PROFILE.code).executeTakeFirst())) {
    const { tests, ...item } = DEMO_LAB_PROFILE;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('lab_catalogue')
        .values({ ...item, kind: 'profile' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('lab_catalogue_items')
        .values(tests.map((code) => ({ parent_id: id, test_id: testIds.get(code)! })))
        .execute();
    });
    result.labTests++;
  }

  // Prospects, each taken through the pipeline chart's steps to its stage.
  const settings = await getSettings(db);
  const today = localTime(settings.time_zone, Date.now()).date;
  const coach = byRole('HEALTH_COACH');
  for (const p of DEMO_PROSPECTS) {
    const found = await db.selectFrom('discovery_prospects').select('id').where('email', '=', p.email).executeTakeFirst();
    if (found) continue;
    await db.transaction().execute(async (trx) => {
      const id = await insertProspect(
        trx,
        {
          first_name: p.first_name,
          last_name: p.last_name,
          phone: p.phone,
          email: p.email,
          source: p.source,
          interests: p.interests,
          owner: coach,
          consent_to_contact: true,
        },
        coach,
      );
      let from: string = 'new';
      for (const to of p.path) {
        const reason = to === p.path.at(-1) ? (p.reason ?? '') : '';
        await recordStage(trx, id, from as never, to as never, reason, coach);
        from = to;
      }
      await trx
        .updateTable('discovery_prospects')
        .set({
          stage: from as never,
          closed_reason: from === 'not_a_fit' || from === 'lost' ? (p.reason ?? '') : '',
          nurture_on: from === 'nurture' ? addDays(today, 30) : null,
          next_action: from === 'new' ? 'Call back about HBOT' : from === 'contacted' ? 'Book a discovery visit' : '',
          next_action_on: from === 'new' || from === 'contacted' ? addDays(today, 1) : null,
        })
        .where('id', '=', id)
        .execute();
    });
    result.prospects++;
  }

  // Past therapy sessions charted by the nurse who gave them and signed by the doctor.
  const doctor = byRole('DOCTOR');
  const charted = (await sql<{ id: number }>`select id from therapy_visits where status = 'signed' limit 1`.execute(db)).rows[0];
  if (!charted) {
    const { rows } = await sql<{
      id: number;
      client_id: number;
      therapy: string;
      staff_id: number;
      package_id: number | null;
      starts_at: Date;
      ends_at: Date;
      resource_id: number | null;
    }>`
      select a.id, a.client_id, s.therapy, a.staff_id, a.package_id, a.starts_at, a.ends_at,
        (select ar.resource_id from appointment_resources ar where ar.appointment_id = a.id limit 1) as resource_id
      from appointments a join services s on s.id = a.service_id
      where a.status = 'completed' and s.therapy in ('hbot', 'pet', 'red_light', 'fir')
        and not exists (select 1 from therapy_visits v where v.appointment_id = a.id)
      order by a.starts_at desc limit 16`.execute(db);
    for (const a of rows) {
      const started = new Date(a.starts_at);
      const ended = new Date(a.ends_at);
      const signed = new Date(ended.getTime() + 30 * 60_000);
      const events = JSON.stringify([{ at: started.toISOString(), text: 'Session started; client comfortable.' }]);
      await sql`insert into therapy_visits (client_id, therapy, appointment_id, resource_id, staff_id, package_id, status, vitals_before, vitals_after, parameters, events, notes,
          started_at, completed_at, signed_by, signed_at, created_by, created_at, updated_at)
        values (${a.client_id}, ${a.therapy}, ${a.id}, ${a.resource_id}, ${a.staff_id}, ${a.package_id}, 'signed', ${JSON.stringify(VITALS_BEFORE)}::jsonb, ${JSON.stringify(VITALS_AFTER)}::jsonb,
          ${JSON.stringify(PARAMETERS[a.therapy])}::jsonb, ${events}::jsonb, 'Tolerated well. Next session as booked.', ${started}, ${ended}, ${doctor}, ${signed}, ${a.staff_id}, ${started}, ${ended})`.execute(
        db,
      );
      result.visitsSigned++;
    }
  }

  // Support tickets: one new, one answered and waiting on the client, one solved.
  const nurse = byRole('NURSE');
  for (const t of DEMO_TICKETS) {
    const client = clients[t.client];
    if (client === undefined) continue;
    const found = await db.selectFrom('support_tickets').select('id').where('client_id', '=', client).where('subject', '=', t.subject).executeTakeFirst();
    if (found) continue;
    await db.transaction().execute(async (trx) => {
      const opened = new Date(Date.now() - 2 * 86_400_000);
      const { id } = await trx
        .insertInto('support_tickets')
        .values({
          client_id: client,
          category: t.category,
          subject: t.subject,
          status: t.status,
          assignee_id: t.status === 'new' ? null : nurse,
          opened_by: client,
          created_at: opened,
          updated_at: new Date(),
          solved_at: t.status === 'solved' ? new Date() : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, m] of t.messages.entries()) {
        await trx
          .insertInto('support_messages')
          .values({ ticket_id: id, author_id: m.from === 'client' ? client : nurse, body: m.body, created_at: new Date(opened.getTime() + i * 3 * 3_600_000) })
          .execute();
      }
    });
    result.tickets++;
  }
  return result;
}
