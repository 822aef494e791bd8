// Labs with a partner lab (issue 20): an order booked while LAB_PARTNER_URL is set carries the
// partner's booking reference once the partner has taken it (null until then: the booking job is
// still pending or retrying). Status changes and results the partner reports are written by no
// clinic user, so who made a change may now be empty (the partner); staff changes still name them.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lab_orders add column partner_reference text`.execute(db);
  await sql`alter table lab_orders add column by_partner boolean not null default false`.execute(db);
  await sql`alter table lab_order_history alter column changed_by drop not null`.execute(db);
  await sql`alter table lab_results alter column entered_by drop not null`.execute(db);
  await sql`alter table lab_result_history alter column changed_by drop not null`.execute(db);
  // The poller reads only partner orders still under way: a handful among every order ever booked.
  await sql`create index lab_orders_partner_open_idx on lab_orders (id) where by_partner and status not in ('ready', 'cancelled')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists lab_orders_partner_open_idx`.execute(db);
  await sql`alter table lab_orders drop column by_partner`.execute(db);
  await sql`alter table lab_orders drop column partner_reference`.execute(db);
}
