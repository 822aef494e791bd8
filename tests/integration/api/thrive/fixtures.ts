// Fixtures for the thrive dashboard's tests: past appointments, packages and enrollments written
// straight to the tables (the booking API refuses the past, and attendance is about the past).
import { sql } from 'kysely';
import type { TestApp } from '../../../support/test-app.ts';
import { addTarget } from '../support.ts';

export interface Sessions {
  completed?: number;
  noShow?: number;
  lateCancelled?: number;
  upcoming?: number;
}

let slot = 0;

export async function addServiceRow(t: TestApp, therapy = 'hbot'): Promise<number> {
  const row = await t.database.db
    .insertInto('services')
    .values({ name: `Thrive ${therapy} ${++slot}`, therapy, duration_minutes: 60, delivered_by: sql`array['NURSE']::text[]` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Appointments for `client` with `staff`, each in its own past (or future) hour. */
export async function addSessions(t: TestApp, client: number, staff: number, service: number, s: Sessions): Promise<void> {
  const rows: Array<{ status: string; late: boolean; daysAgo: number }> = [];
  for (let i = 0; i < (s.completed ?? 0); i++) rows.push({ status: 'completed', late: false, daysAgo: 3 + i });
  for (let i = 0; i < (s.noShow ?? 0); i++) rows.push({ status: 'no_show', late: false, daysAgo: 3 + i });
  for (let i = 0; i < (s.lateCancelled ?? 0); i++) rows.push({ status: 'cancelled', late: true, daysAgo: 3 + i });
  for (let i = 0; i < (s.upcoming ?? 0); i++) rows.push({ status: 'booked', late: false, daysAgo: -3 - i });
  for (const r of rows) {
    slot += 1;
    const starts = new Date(Date.now() - r.daysAgo * 86_400_000);
    starts.setUTCHours(0, 0, 0, 0);
    starts.setTime(starts.getTime() + (slot % 1400) * 60_000);
    const ends = new Date(starts.getTime() + 60_000);
    await t.database.db
      .insertInto('appointments')
      .values({
        client_id: client,
        service_id: service,
        staff_id: staff,
        starts_at: starts,
        ends_at: ends,
        occupied_from: starts,
        occupied_to: ends,
        booked_by: staff,
        status: r.status as 'completed',
        cancelled_by: r.status === 'cancelled' ? 'client' : null,
        late_cancellation: r.late,
      })
      .execute();
  }
}

export async function addPackage(t: TestApp, client: number, total: number, used: number, therapy = 'hbot'): Promise<number> {
  const row = await t.database.db
    .insertInto('packages')
    .values({ client_id: client, therapy, sessions_total: total, sessions_used: used })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A program of `weeks` weeks that `client` started `daysAgo` days ago. */
export async function enrol(t: TestApp, client: number, program: number, daysAgo: number): Promise<number> {
  const start = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const row = await t.database.db
    .insertInto('program_enrollments')
    .values({ user_id: client, program_id: program, start_date: start, status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addProgramOf(t: TestApp, weeks: number): Promise<number> {
  const row = await t.database.db
    .insertInto('programs')
    .values({ name: `Reset ${++slot}`, description: '', duration_weeks: weeks, price_inr: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addClient(t: TestApp, goals?: Array<{ area: string; description: string }>): Promise<number> {
  const { id } = await addTarget(t, 'CLIENT');
  if (goals) {
    const health_goals = { schema_version: 1, goals: goals.map((g) => ({ ...g, priority: 'high', target_date: '2027-06-30' })) };
    await t.database.db
      .updateTable('user_profiles')
      .set({ health_goals: JSON.stringify(health_goals) })
      .where('user_id', '=', id)
      .execute();
  }
  return id;
}
