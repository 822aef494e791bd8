// Stock lot adjustments (issue 17): the back office records stock received, wasted or expired and
// count corrections as movements with a reason, beside the draws of completed IV visits, so a lot's
// quantity is never overwritten silently and its history stays readable. `balance` is the lot's
// quantity just after the movement; rows written before this migration (visit draws) leave it empty.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_movements add column kind text not null default 'visit'
    check (kind in ('visit', 'received', 'wasted', 'expired', 'count'))`.execute(db);
  await sql`alter table stock_movements add column reason text check (reason is null or length(reason) between 1 and 500)`.execute(db);
  await sql`alter table stock_movements add column balance double precision check (balance is null or balance >= 0)`.execute(db);
  // An adjustment always says why; a visit's draw is explained by its visit.
  await sql`alter table stock_movements add constraint stock_movements_adjustment_reason
    check ((kind = 'visit') = (visit_id is not null) and (kind = 'visit' or reason is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_movements drop constraint stock_movements_adjustment_reason`.execute(db);
  await sql`alter table stock_movements drop column balance`.execute(db);
  await sql`alter table stock_movements drop column reason`.execute(db);
  await sql`alter table stock_movements drop column kind`.execute(db);
}
