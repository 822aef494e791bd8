// The clinic's locale and telephone dial code, kept on /backoffice beside its name and address:
// every date, time, number and amount in the app is written the clinic's way (en-IN: 23/11/2026,
// 10:30 am, ₹1,500) and phone fields start with the clinic's code (+91). The time zone stays the
// one scheduling_settings already keeps, so the clinic has one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clinic_settings add column locale text not null default 'en-IN'`.execute(db);
  await sql`alter table clinic_settings add column dial_code text not null default '+91'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clinic_settings drop column dial_code`.execute(db);
  await sql`alter table clinic_settings drop column locale`.execute(db);
}
