// The scheduling back office (issue 16): the package catalogue the clinic sells from (a plan is
// sessions of one therapy at a price, valid for some days), which plan a client's package came
// from and what was paid, and the video link template that intake calls share.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table package_plans (
      id integer generated always as identity primary key,
      name text not null check (length(name) between 1 and 200),
      therapy text not null check (therapy ~ '^[a-z][a-z0-9_]{1,39}$'),
      sessions integer not null check (sessions between 1 and 500),
      price_inr integer not null default 0 check (price_inr between 0 and 100000000),
      validity_days integer check (validity_days between 1 and 3650),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table packages add column plan_id integer references package_plans (id)`.execute(db);
  await sql`alter table packages add column price_inr integer check (price_inr between 0 and 100000000)`.execute(db);
  await sql`alter table scheduling_settings add column video_link_template text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scheduling_settings drop column video_link_template`.execute(db);
  await sql`alter table packages drop column price_inr`.execute(db);
  await sql`alter table packages drop column plan_id`.execute(db);
  await sql`drop table package_plans`.execute(db);
}
