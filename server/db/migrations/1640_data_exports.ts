// The client's right of access (issue 38, DPDP Act s.11): one row per "Download my data" request,
// moved along machines/privacy/export-lifecycle.ts by the privacy jobs. The archive is kept in the
// row (the server keeps no files of its own) until the export expires, when it is dropped. At most
// one export per client is under way at a time (the partial unique index), so a request sent twice
// builds one archive.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table data_exports (
    id serial primary key,
    client_id integer not null references users (id),
    requested_by integer not null references users (id),
    status text not null default 'requested' check (status in ('requested', 'building', 'ready', 'expired')),
    requested_at timestamptz not null default now(),
    started_at timestamptz,
    ready_at timestamptz,
    expires_at timestamptz,
    archive bytea,
    size_bytes integer check (size_bytes is null or size_bytes > 0),
    sha256 text check (sha256 is null or sha256 ~ '^[0-9a-f]{64}$'),
    check ((status = 'ready') = (archive is not null)),
    check ((status in ('ready', 'expired')) = (ready_at is not null and expires_at is not null))
  )`.execute(db);
  await sql`create unique index data_exports_one_under_way on data_exports (client_id) where status in ('requested', 'building')`.execute(db);
  await sql`create index data_exports_client on data_exports (client_id, requested_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table data_exports`.execute(db);
}
