// The database as the server sees it: one interface per table, so a misspelt column or a wrong
// value type fails the typecheck instead of a request. Keep in step with server/db/migrations;
// a module that adds a table adds its interface here and a line to `Database`.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Role } from '../../machines/guard/roles.ts';
import type { SchedulingTables } from './schema-scheduling.ts';
import type { CognitiveTables } from './schema-cognitive.ts';
import type { PortalBookingTables } from './schema-portal-booking.ts';
import type { PortalPackageTables } from './schema-portal-packages.ts';
import type { DiscoveryTables } from './schema-discovery.ts';
import type { SupportTables } from './schema-support.ts';
import type { LabTables } from './schema-labs.ts';
import type { BillingTables } from './schema-billing.ts';
import type { BillingOnlineTables } from './schema-billing-online.ts';
import type { MembershipTables } from './schema-memberships.ts';
import type { PrivacyTables } from './schema-privacy.ts';
import type { ThriveTables } from './schema-thrive.ts';
import type { SchedulingBackofficeTables } from './schema-scheduling-backoffice.ts';

/** timestamptz: both engines hand back a Date; writes take a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default (now()). */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** date: read back as text (`::text`) or as a Date, depending on the query. */
export type DateColumn = ColumnType<Date | string, Date | string, Date | string>;
/** bigint counters arrive as numbers (see the int8 parser in database.ts). */
export type BigId = ColumnType<number, never, never>;

export type { Role };

// ---- mail (0001) ----

export interface MailOutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: TimestampDefault;
}

/** What an outbox email carried (1540_billing_online): names and checksums, not the bytes. */
export interface MailOutboxAttachmentsTable {
  id: Generated<number>;
  outbox_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
}

// ---- identity (0100, 0101): the built-in Cognito-compatible service ----

export interface IdentityPoolTable {
  singleton: Generated<boolean>;
  pool_id: string;
  client_id: string;
  created_at: TimestampDefault;
}

export interface IdentityUsersTable {
  sub: string;
  username: string;
  email: string | null;
  status: string;
  enabled: Generated<boolean>;
  attributes: ColumnType<Record<string, string>, string | Record<string, string> | undefined, string | Record<string, string>>;
  password_hash: string | null;
  srp_sealed: string | null;
  temp_password_expires_at: Timestamp | null;
  failed_attempts: Generated<number>;
  lockout_until: Timestamp | null;
  last_attempt_at: Timestamp | null;
  totp_sealed: string | null;
  totp_pending_sealed: string | null;
  totp_last_step: number | null;
  mfa_totp: Generated<boolean>;
  mfa_sms: Generated<boolean>;
  mfa_email: Generated<boolean>;
  mfa_preferred: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface IdentitySigningKeysTable {
  kid: string;
  token_use: 'id' | 'access';
  public_jwk: ColumnType<Record<string, unknown>, string | Record<string, unknown>, string | Record<string, unknown>>;
  private_sealed: string;
  created_at: TimestampDefault;
  retired_at: Timestamp | null;
}

export interface IdentityTokenFamiliesTable {
  origin_jti: string;
  sub: string;
  client_id: string;
  auth_time: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface IdentityRefreshTokensTable {
  token_hash: string;
  origin_jti: string;
  rotated_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface IdentityCodesTable {
  id: Generated<number>;
  sub: string;
  purpose: string;
  code_hash: string;
  attribute: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface IdentityAuthSessionsTable {
  id_hash: string;
  sub: string;
  challenge: string;
  data: ColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface IdentityRateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** A registered passkey (1630): the credential's public key (COSE, base64url) and its counter. */
export interface IdentityWebAuthnCredentialsTable {
  credential_id: string;
  sub: string;
  public_key: string;
  sign_count: Generated<number>;
  transports: ColumnType<string[], string | undefined, string>;
  authenticator_attachment: string | null;
  relying_party_id: string;
  friendly_name: string;
  /** Set when an assertion's counter went backwards: the authenticator may have been copied. */
  cloned_at: Timestamp | null;
  created_at: TimestampDefault;
  last_used_at: Timestamp | null;
}

/** The identity service's own trail (1630): ids, event names and reasons, no personal data. */
export interface IdentitySecurityEventsTable {
  id: Generated<number>;
  occurred_at: TimestampDefault;
  sub: string | null;
  event: string;
  outcome: 'success' | 'denied';
  reason: string | null;
}

// ---- business API (0200, 0300, 0350) ----

export interface UsersTable {
  id: Generated<number>;
  sub: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  is_active: Generated<boolean>;
  date_joined: TimestampDefault;
  updated_at: TimestampDefault;
  deactivated_at: Timestamp | null;
  search_text: ColumnType<string, never, never>;
  /** 0800_discovery: a prospect is a client not yet converted (no sign-in). */
  status: ColumnType<
    'prospective' | 'active' | 'inactive' | 'archived',
    'prospective' | 'active' | 'inactive' | 'archived' | undefined,
    'prospective' | 'active' | 'inactive' | 'archived'
  >;
}

type JsonObject = JSONColumnType<Record<string, unknown>, string | Record<string, unknown> | undefined, string | Record<string, unknown>>;

export interface UserProfilesTable {
  id: Generated<number>;
  user_id: number;
  title: string | null;
  gender: 'M' | 'F' | null;
  date_of_birth: DateColumn | null;
  alternate_phone: string | null;
  alternate_email: string | null;
  preferred_contact_method: Generated<'phone' | 'email' | 'sms' | 'whatsapp'>;
  city: string | null;
  state: string | null;
  country: string | null;
  zipcode: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  profile_picture: string | null;
  occupation: string | null;
  organization: string | null;
  clinic: string | null;
  emergency_contact_name: string | null;
  emergency_contact_relation: string | null;
  emergency_contact_number: string | null;
  appointment_duration: Generated<string>;
  health_goals: JsonObject;
  client_story: JsonObject;
  lifestyle_history: JsonObject;
  family_history: JsonObject;
  abha_number: string | null;
  allergies: string | null;
  alert_notes: string | null;
  aadhar_sealed: string | null;
  aadhar_last4: string | null;
  hipaa_consent: Generated<boolean>;
  hipaa_consent_date: Timestamp | null;
  hipaa_consent_version: string | null;
  updated_at: TimestampDefault;
}

export interface ProgramsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  duration_weeks: number;
  price_inr: number;
  active: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export type EnrollmentStatusColumn = 'active' | 'paused' | 'completed' | 'cancelled';

export interface ProgramEnrollmentsTable {
  id: Generated<number>;
  user_id: number;
  program_id: number;
  status: ColumnType<EnrollmentStatusColumn, EnrollmentStatusColumn | undefined, EnrollmentStatusColumn>;
  start_date: DateColumn;
  end_date: DateColumn | null;
  notes: Generated<string>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface ConsentHistoryTable {
  id: BigId;
  user_id: number;
  version: string;
  consented_at: Timestamp;
  recorded_by: number;
  user_agent: string | null;
  recorded_at: TimestampDefault;
  /** Staff may record a withdrawal from a signed form; the client's own modal only gives. */
  decision: Generated<'given' | 'withdrawn'>;
  /** Why staff recorded it on the client's behalf; null when the client recorded it. */
  reason: string | null;
}

export interface AuditEventsTable {
  id: BigId;
  occurred_at: TimestampDefault;
  /** null only for the system actor (actor_role 'SYSTEM'): a change no clinic user made. */
  actor_id: number | null;
  actor_role: Role | 'SYSTEM';
  action: string;
  client_id: number | null;
  request_id: string;
  outcome: 'success' | 'denied';
  /** The record page view this event stands for (one event per view); null for anything else. */
  view_id: string | null;
}

/** Every read of a record page view, in order; the view's one event is in audit_events. */
export interface AuditViewReadsTable {
  id: BigId;
  view_id: string;
  actor_id: number;
  client_id: number;
  action: string;
  request_id: string;
  occurred_at: TimestampDefault;
}

export interface ThriveChecksTable {
  id: Generated<number>;
  user_id: number;
  recorded_by: number;
  taken_at: TimestampDefault;
  sex: 'male' | 'female';
  age: number;
  hdl_cholesterol: number;
  total_cholesterol: number;
  smoker: boolean;
  diabetic: boolean;
  treats_hypertension: boolean;
  systolic_bp: number;
  points: number;
  risk_percentage: number;
  risk_band: string;
  in_validated_age_range: boolean;
  model: string;
}

export interface ClinicSettingsTable {
  id: Generated<boolean>;
  name: Generated<string>;
  address_line_1: Generated<string>;
  address_line_2: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zipcode: Generated<string>;
  country: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  super_admin_email: string | null;
  locale: Generated<string>;
  dial_code: Generated<string>;
  /** 1490: null = machines/staff/work-routing.ts's defaults. */
  lab_desk_roles: unknown;
  ticket_routing: unknown;
  updated_at: TimestampDefault;
  updated_by: number | null;
}

/** 1301: how often each client opened their portal home ("Welcome" on the first). */
export interface PortalHomeViewsTable {
  user_id: number;
  first_at: TimestampDefault;
  last_at: TimestampDefault;
  views: Generated<number>;
}

/** Every table, by the name queries use (schema-qualified outside `public`). */
export interface Database
  extends
    CognitiveTables,
    SchedulingTables,
    DiscoveryTables,
    SupportTables,
    SchedulingBackofficeTables,
    ThriveTables,
    PortalBookingTables,
    LabTables,
    BillingTables,
    BillingOnlineTables,
    MembershipTables,
    PrivacyTables,
    PortalPackageTables {
  mail_outbox: MailOutboxTable;
  mail_outbox_attachments: MailOutboxAttachmentsTable;
  'identity.pool': IdentityPoolTable;
  'identity.users': IdentityUsersTable;
  'identity.signing_keys': IdentitySigningKeysTable;
  'identity.token_families': IdentityTokenFamiliesTable;
  'identity.refresh_tokens': IdentityRefreshTokensTable;
  'identity.codes': IdentityCodesTable;
  'identity.auth_sessions': IdentityAuthSessionsTable;
  'identity.rate_limits': IdentityRateLimitsTable;
  'identity.webauthn_credentials': IdentityWebAuthnCredentialsTable;
  'identity.security_events': IdentitySecurityEventsTable;
  users: UsersTable;
  user_profiles: UserProfilesTable;
  programs: ProgramsTable;
  program_enrollments: ProgramEnrollmentsTable;
  consent_history: ConsentHistoryTable;
  audit_events: AuditEventsTable;
  audit_view_reads: AuditViewReadsTable;
  thrive_checks: ThriveChecksTable;
  clinic_settings: ClinicSettingsTable;
  portal_home_views: PortalHomeViewsTable;
}
