// How often each client has opened their portal home: the portal greets a first visit with
// "Welcome" and every later one with "Welcome back". One row per client, counted by the server,
// so a new browser or device is not mistaken for a first visit.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portal_home_views (
      user_id integer primary key references users (id) on delete cascade,
      first_at timestamptz not null default now(),
      last_at timestamptz not null default now(),
      views integer not null default 1 check (views >= 1)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portal_home_views`.execute(db);
}
