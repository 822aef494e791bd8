// Migration 1595 on a clinic with history (issue 35): sessions already drawn get their redemption
// rows (at most as many as the package counts used), visits checked in at the time take their
// credit while the package has one and are left on no package otherwise, so afterwards used
// credits equal the rows.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as migration from '../../../../server/db/migrations/1595_package_redemptions.ts';
import { createTestDatabase, engines } from '../../../support/engines.ts';

describe.each(engines)('package redemptions migration on %s', (engine) => {
  it('writes rows for drawn sessions and takes the credit of visits in the clinic', async () => {
    const database = await createTestDatabase(engine);
    const db = database.db as never as Parameters<typeof migration.up>[0];
    try {
      await migration.down(db);
      const user = (
        await sql<{ id: number }>`insert into users (sub, username, email, first_name, last_name, role)
          values ('m', 'm', 'm@migration.test', 'Mira', 'Nair', 'NURSE') returning id`.execute(db)
      ).rows[0].id;
      const service = (
        await sql<{
          id: number;
        }>`insert into services (name, therapy, duration_minutes, delivered_by) values ('Light', 'red_light', 30, array['NURSE']) returning id`.execute(db)
      ).rows[0].id;
      // One used of three, though two visits were completed on it (a count kept by hand before).
      const pkg = (
        await sql<{
          id: number;
        }>`insert into packages (client_id, therapy, sessions_total, sessions_used) values (${user}, 'red_light', 3, 1) returning id`.execute(db)
      ).rows[0].id;
      const visit = async (hours: number, status: string) =>
        (
          await sql<{
            id: number;
          }>`insert into appointments (client_id, service_id, staff_id, starts_at, ends_at, occupied_from, occupied_to, booked_by, status, package_id)
            values (${user}, ${service}, ${user}, now() + ${hours} * interval '1 hour', now() + ${hours} * interval '1 hour' + interval '30 minutes',
              now() + ${hours} * interval '1 hour', now() + ${hours} * interval '1 hour' + interval '30 minutes', ${user}, ${status}, ${pkg}) returning id`.execute(
            db,
          )
        ).rows[0].id;
      await visit(-10, 'completed');
      await visit(-8, 'completed');
      const inClinic = [await visit(1, 'checked_in'), await visit(2, 'in_progress'), await visit(3, 'checked_in')];
      const booked = await visit(5, 'booked');
      await migration.up(db);
      const rows = (await sql<{ appointment_id: number; kind: string }>`select appointment_id, kind from package_redemptions order by id`.execute(db)).rows;
      expect(rows.map((r) => r.kind)).toEqual(['redeemed', 'redeemed', 'redeemed']);
      const used = (await sql<{ sessions_used: number }>`select sessions_used from packages where id = ${pkg}`.execute(db)).rows[0].sessions_used;
      expect(used).toBe(3);
      expect(rows.map((r) => r.appointment_id)).toEqual(expect.arrayContaining(inClinic.slice(0, 2)));
      const on = (await sql<{ id: number; package_id: number | null }>`select id, package_id from appointments order by id`.execute(db)).rows;
      expect(on.find((a) => a.id === inClinic[2])!.package_id).toBeNull();
      expect(on.find((a) => a.id === booked)!.package_id).toBe(pkg);
      expect((await sql<{ f: boolean }>`select late_cancel_forfeits_credit as f from scheduling_settings`.execute(db)).rows[0].f).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);
});
