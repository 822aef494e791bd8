// Who does which work (issue 32): the roles that run the lab desk and the ticket categories each
// clinical role answers, set by an administrator on /backoffice. Null means the clinic's defaults
// (machines/staff/work-routing.ts), so a clinic that never chose follows the defaults as they are.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clinic_settings
    add column lab_desk_roles jsonb check (lab_desk_roles is null or jsonb_typeof(lab_desk_roles) = 'array'),
    add column ticket_routing jsonb check (ticket_routing is null or jsonb_typeof(ticket_routing) = 'object')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clinic_settings drop column lab_desk_roles, drop column ticket_routing`.execute(db);
}
