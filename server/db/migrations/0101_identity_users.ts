// The built-in identity service's state: users (attributes as a JSON object of Cognito attribute
// names to string values), signing keys, refresh-token families, one-time codes and auth
// sessions. Every secret is either hashed (codes, refresh tokens, session ids), argon2id
// (passwords) or sealed with AES-256-GCM under a key derived from IDENTITY_SECRET (SRP verifier,
// TOTP secret, private signing keys).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema.withSchema('identity');
  await s
    .createTable('users')
    .addColumn('sub', 'uuid', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('password_hash', 'text')
    .addColumn('srp_sealed', 'text')
    .addColumn('temp_password_expires_at', 'timestamptz')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockout_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('totp_sealed', 'text')
    .addColumn('totp_pending_sealed', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('mfa_totp', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_sms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mfa_preferred', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per email address, whatever its case.
  await sql`create unique index users_email_key on identity.users (email) where email is not null`.execute(db);

  await s
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('token_use', 'text', (c) => c.notNull().check(sql`token_use in ('id', 'access')`))
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();

  // A family is one sign-in: its id is the tokens' origin_jti. Revoking it refuses the refresh
  // token and every access token issued from it.
  await s
    .createTable('token_families')
    .addColumn('origin_jti', 'uuid', (c) => c.primaryKey())
    .addColumn('sub', 'uuid', (c) => c.notNull().references('identity.users.sub').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('auth_time', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('token_families_sub_idx').on('token_families').column('sub').execute();
  await s
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('origin_jti', 'uuid', (c) => c.notNull().references('identity.token_families.origin_jti').onDelete('cascade'))
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('origin_jti').execute();

  await s
    .createTable('codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sub', 'uuid', (c) => c.notNull().references('identity.users.sub').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attribute', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await s.createIndex('codes_sub_purpose_idx').on('codes').columns(['sub', 'purpose']).execute();

  await s
    .createTable('auth_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('sub', 'uuid', (c) => c.notNull().references('identity.users.sub').onDelete('cascade'))
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['auth_sessions', 'codes', 'refresh_tokens', 'token_families', 'signing_keys', 'users']) {
    await db.schema.withSchema('identity').dropTable(t).execute();
  }
}
