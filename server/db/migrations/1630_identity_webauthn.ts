// Passkeys (WebAuthn) in the built-in identity service (issue 39): one row per registered
// credential, and the pool's own trail of passkey events. A credential's public key is not a
// secret, so it is stored as it came (COSE, base64url); the trail holds the account's sub, an
// event name and a reason, never a username, an address or a credential's key.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity.webauthn_credentials (
      credential_id text primary key,
      sub uuid not null references identity.users (sub) on delete cascade,
      public_key text not null,
      sign_count bigint not null default 0 check (sign_count >= 0),
      transports jsonb not null default '[]'::jsonb,
      authenticator_attachment text,
      relying_party_id text not null,
      friendly_name text not null,
      cloned_at timestamptz,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index webauthn_credentials_sub_idx on identity.webauthn_credentials (sub, created_at, credential_id)`.execute(db);

  // Kept when the account goes (no foreign key): the trail outlives what it describes.
  await sql`
    create table identity.security_events (
      id bigserial primary key,
      occurred_at timestamptz not null default now(),
      sub uuid,
      event text not null,
      outcome text not null check (outcome in ('success', 'denied')),
      reason text
    )`.execute(db);
  await sql`create index security_events_sub_idx on identity.security_events (sub, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity.security_events`.execute(db);
  await sql`drop table identity.webauthn_credentials`.execute(db);
}
