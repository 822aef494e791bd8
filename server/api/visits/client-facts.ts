// What the visit rules need to know of the client that the chart does not ask: whether they are
// diabetic. The clinic records it with the client's thrive check ("Do you have diabetes?", taken by
// the client on the portal or by staff); the latest check is what the clinic knows now. Onboarding
// asks about the family's conditions only, so it never makes the client diabetic.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export async function isDiabetic(db: Db, client: number): Promise<boolean> {
  const row = (
    await sql<{ diabetic: boolean }>`select diabetic from thrive_checks where user_id = ${client} order by taken_at desc, id desc limit 1`.execute(db)
  ).rows[0];
  return row?.diabetic === true;
}
