// Cognitive assessment (issue 21): the client's self-administered battery runs (the seed that
// rebuilds the battery, the raw data of every finished task, the scores the server computed),
// results of in-clinic instruments staff record (scores only, never an instrument's items), and
// reviewers' comments the client sees. Instrument results and comments are health records:
// added, never changed.
import { type Kysely, sql } from 'kysely';

const schema = [
  `
create table cognitive_runs (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      seed bigint not null check (seed >= 0 and seed < 4294967296),
      battery_version integer not null default 1,
      status text not null default 'in_progress' check (status in ('in_progress', 'paused', 'completed', 'incomplete')),
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      progress jsonb not null default '{"tasks": []}'::jsonb,
      domains jsonb,
      measures jsonb,
      total integer check (total between 0 and 100),
      check ((status = 'completed') = (completed_at is not null and total is not null and domains is not null))
    );
  `,
  `
create index cognitive_runs_client_idx on cognitive_runs (client_id, started_at desc, id desc);
  `,
  `
create table cognitive_instruments (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      instrument text not null,
      form text not null,
      version text not null,
      language text not null,
      setting text not null,
      administered_on date not null,
      total numeric(6, 2) not null,
      max_total numeric(6, 2) not null check (max_total > 0 and total between 0 and max_total),
      domains jsonb not null default '[]'::jsonb,
      administrator text not null,
      interpretation text not null,
      recorded_by integer not null references users (id),
      recorded_at timestamptz not null default now()
    );
  `,
  `
create index cognitive_instruments_client_idx on cognitive_instruments (client_id, administered_on desc, id desc);
  `,
  `
create table cognitive_reviews (
      id integer generated always as identity primary key,
      client_id integer not null references users (id),
      run_id integer references cognitive_runs (id),
      instrument_id integer references cognitive_instruments (id),
      comment text not null,
      reviewer integer not null references users (id),
      reviewed_at timestamptz not null default now(),
      check ((run_id is null) <> (instrument_id is null))
    );
  `,
  `
create index cognitive_reviews_client_idx on cognitive_reviews (client_id, reviewed_at, id);
  `,
  `
create trigger cognitive_instruments_append_only before update or delete on cognitive_instruments
      for each row execute function refuse_change_append_only();
  `,
  `
create trigger cognitive_reviews_append_only before update or delete on cognitive_reviews
      for each row execute function refuse_change_append_only();
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schema) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cognitive_reviews`.execute(db);
  await sql`drop table cognitive_instruments`.execute(db);
  await sql`drop table cognitive_runs`.execute(db);
}
