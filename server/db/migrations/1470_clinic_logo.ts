// The clinic's logo (issue 24): one image an administrator uploads on /backoffice, shown on the
// sign-in page above the heading. Its own one-row table, so reading the clinic's settings (on every
// /config.json) never drags the image's bytes along. The type is what the bytes are (PNG, JPEG or
// WebP; never SVG, which can carry script), and the SHA-256 names the version the browser caches.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table clinic_logo (
    id boolean primary key default true check (id),
    content bytea not null check (octet_length(content) between 1 and 1048576),
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    updated_at timestamptz not null default now(),
    updated_by integer references users (id) on delete set null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table clinic_logo`.execute(db);
}
