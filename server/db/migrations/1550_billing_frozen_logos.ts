// Billing's logos as of issue (issue 34): a PDF draws the logo its document was issued under, not
// the clinic's current one, so changing the logo never changes a PDF already issued. The logo's
// bytes are kept by their SHA-256, once however many documents print them (content-addressed);
// the snapshot names the hash (`logoSha256`). Rows are only ever added: an issued document's logo
// is never deleted. Documents issued before this printed the current logo, so they keep it.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table billing_logos (
    sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
    content bytea not null check (octet_length(content) between 1 and 1048576),
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into billing_logos (sha256, content, content_type) select sha256, content, content_type from clinic_logo where id`.execute(db);
  await sql`update billing_documents
    set snapshot = jsonb_set(snapshot, '{logoSha256}', coalesce(to_jsonb((select sha256 from clinic_logo where id)), 'null'::jsonb))
    where snapshot is not null and not (snapshot ? 'logoSha256')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update billing_documents set snapshot = snapshot - 'logoSha256' where snapshot is not null`.execute(db);
  await sql`drop table billing_logos`.execute(db);
}
