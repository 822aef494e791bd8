// The demo clinic's scheduling (part of `npm run seed:demo`): resources, one service per therapy,
// opening hours, staff templates, packages and four weeks of appointments (the two past weeks
// completed, missed or cancelled; the next two booked or confirmed), all through the same
// booking and transition code the API uses, so the demo obeys every rule. Idempotent: a clinic
// that already has services is left as it is.
import { sql } from 'kysely';
import { type BookingRequest, insertBooking, planBooking, SchedulingConflict } from '../server/api/appointments/booking.ts';
import { findService, getSettings } from '../server/api/appointments/data.ts';
import { moveAppointment } from '../server/api/appointments/transitions.ts';
import type { Db } from '../server/db/database.ts';
import { HttpError } from '../server/http/errors.ts';
import type { MailTransport } from '../server/mail/transport.ts';
import type { ClinicRole } from '../server/identity/contracts.ts';
import { addDays, localTime, zonedInstant } from '../machines/appointments/scheduling-rules.ts';
import { DEMO_CLINIC_HOURS, DEMO_RESOURCES, DEMO_SERVICES, DEMO_STAFF_HOURS, demoPackages } from './demo-data.ts';

export interface SchedulingSeedResult {
  resources: number;
  services: number;
  packages: number;
  appointments: number;
}

/** A small deterministic generator: the same demo every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

export async function seedScheduling(
  db: Db,
  mail: MailTransport,
  staff: Array<{ id: number; role: ClinicRole }>,
  clients: number[],
): Promise<SchedulingSeedResult | null> {
  const existing = await db.selectFrom('services').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const reception = staff.find((s) => s.role === 'RECEPTION')!;
  await db.transaction().execute(async (trx) => {
    for (const r of DEMO_RESOURCES) await trx.insertInto('resources').values(r).execute();
    for (const s of DEMO_SERVICES) {
      await trx
        .insertInto('services')
        .values({ ...s, resources_needed: JSON.stringify(s.resources_needed), delivered_by: sql`${sql.val(s.delivered_by)}::text[]` })
        .execute();
    }
    await trx.deleteFrom('clinic_hours').execute();
    await trx.insertInto('clinic_hours').values(DEMO_CLINIC_HOURS).execute();
    for (const member of staff) {
      const weekly = DEMO_STAFF_HOURS[member.role];
      if (weekly)
        await trx
          .insertInto('staff_hours')
          .values(weekly.map((w) => ({ staff_id: member.id, ...w })))
          .execute();
    }
  });
  const settings = await getSettings(db);
  const today = localTime(settings.time_zone, Date.now()).date;
  const packages = demoPackages(clients.length);
  const packageIds = new Map<string, number>();
  for (const p of packages) {
    const { id } = await db
      .insertInto('packages')
      .values({ client_id: clients[p.client], therapy: p.therapy, sessions_total: p.sessions_total, expires_on: addDays(today, p.expires_in_days) })
      .returning('id')
      .executeTakeFirstOrThrow();
    packageIds.set(`${p.client}:${p.therapy}`, id);
  }

  const services = await db.selectFrom('services').select('id').orderBy('id').execute();
  const catalogue = await Promise.all(services.map((s) => findService(db, s.id)));
  const rand = random(20_261_123);
  const actorOf = (role: ClinicRole) => {
    const member = staff.find((s) => s.role === role)!;
    return { id: member.id, role, sub: '' };
  };
  let appointments = 0;
  for (let offset = -14; offset < 14; offset++) {
    const date = addDays(today, offset);
    const perDay = 10 + Math.floor(rand() * 8);
    for (let n = 0; n < perDay; n++) {
      const service = catalogue[Math.floor(rand() * catalogue.length)]!;
      const clientIndex = Math.floor(rand() * clients.length);
      const minutes = 8 * 60 + Math.floor(rand() * 44) * 15;
      const start = zonedInstant(settings.time_zone, date, minutes);
      const pkg = packageIds.get(`${clientIndex}:${service.therapy}`);
      const req: BookingRequest = {
        client: clients[clientIndex],
        service,
        start: new Date(start).toISOString(),
        channel: service.therapy === 'discovery' || service.therapy === 'intake_call' ? (rand() < 0.5 ? 'video' : 'phone') : 'in_clinic',
        notes: '',
        package: pkg,
        status: 'booked',
        bookedBy: reception.id,
        online: false,
      };
      // Past appointments were booked a week before they happened.
      const bookedAt = Math.min(Date.now(), start - 7 * 86_400_000);
      try {
        await db.transaction().execute(async (trx) => {
          const created = await insertBooking(trx, settings, req, await planBooking(trx, settings, req, bookedAt));
          await trx
            .updateTable('appointments')
            .set({ created_at: new Date(bookedAt) })
            .where('id', '=', created.id)
            .execute();
          await trx
            .updateTable('appointment_status_history')
            .set({ changed_at: new Date(bookedAt) })
            .where('appointment_id', '=', created.id)
            .execute();
          const roll = rand();
          const desk = actorOf('RECEPTION');
          const deliverer = { id: created.staff, role: staff.find((s) => s.id === created.staff)!.role, sub: '' };
          // Each step at the moment it happened: check-in, start and completion keep the clinic's time rules.
          const move = (who: typeof desk, to: Parameters<typeof moveAppointment>[5]['to'], reason = '', at = new Date()) =>
            moveAppointment(trx, mail, settings, who, created.id, { to, reason }, at);
          if (start < Date.now()) {
            if (roll < 0.78) {
              await move(desk, 'checked_in', '', new Date(start - 10 * 60_000));
              await move(deliverer, 'in_progress', '', new Date(start));
              await move(deliverer, 'completed', '', new Date(Math.min(Date.now(), Date.parse(created.end))));
            } else if (roll < 0.88) await move(desk, 'no_show');
            else await move(desk, 'cancelled', roll < 0.94 ? 'Client unwell' : 'Travelling for work');
          } else if (roll < 0.5) await move(desk, 'confirmed');
        });
        appointments += 1;
      } catch (error) {
        // A random pick that collides or falls outside someone's hours is simply not booked.
        if (!(error instanceof SchedulingConflict) && !(error instanceof HttpError)) throw error;
      }
    }
  }
  return { resources: DEMO_RESOURCES.length, services: DEMO_SERVICES.length, packages: packages.length, appointments };
}
