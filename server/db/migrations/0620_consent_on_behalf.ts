// Consent recorded by staff from a signed paper form (issue 22, 12): the history now says whether
// a record gives or withdraws consent, and why staff recorded it on the client's behalf. Rows
// written before this were all the client giving consent in the app.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table consent_history add column decision text not null default 'given' check (decision in ('given', 'withdrawn'))`.execute(db);
  await sql`alter table consent_history add column reason text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table consent_history drop column reason`.execute(db);
  await sql`alter table consent_history drop column decision`.execute(db);
}
