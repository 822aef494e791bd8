// Users and their profiles: one row each in `users` (identity link, names, role, active flag)
// and `user_profiles` (everything else in spec §3).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ClinicRole } from '../../identity/contracts.ts';
import { type AuditEntry, auditedRead } from '../audit/data.ts';
import { applyListFilters, type ListFilters } from './list-extras.ts';

export interface UserRow {
  id: number;
  sub: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: ClinicRole;
  is_active: boolean;
  date_joined: Date | string;
  status: 'prospective' | 'active' | 'inactive' | 'archived';
}

/** Profile columns the API reads and writes as they are (dates and secrets are handled apart). */
export const PROFILE_COLUMNS = [
  'title',
  'gender',
  'alternate_phone',
  'alternate_email',
  'preferred_contact_method',
  'city',
  'state',
  'country',
  'zipcode',
  'address_line_1',
  'address_line_2',
  'profile_picture',
  'occupation',
  'organization',
  'clinic',
  'emergency_contact_name',
  'emergency_contact_relation',
  'emergency_contact_number',
  'appointment_duration',
  'abha_number',
  'allergies',
  'alert_notes',
] as const;

export const JSON_COLUMNS = ['health_goals', 'client_story', 'lifestyle_history', 'family_history'] as const;

/** Fields of the users table that the profile shows and edits. */
export const USER_COLUMNS = ['first_name', 'last_name', 'phone_number', 'role'] as const;

export interface ProfileRow extends UserRow {
  user_profile_id: number;
  date_of_birth: string | null;
  aadhar_sealed: string | null;
  aadhar_last4: string | null;
  hipaa_consent: boolean;
  hipaa_consent_date: Date | string | null;
  hipaa_consent_version: string | null;
  [column: string]: unknown;
}

const USER_SELECT = [
  'u.id',
  'u.sub',
  'u.username',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.phone_number',
  'u.role',
  'u.is_active',
  'u.date_joined',
  'u.status',
] as const;

export async function findUserBySub(db: Db, sub: string): Promise<Pick<UserRow, 'id' | 'role' | 'is_active'> | undefined> {
  return db.selectFrom('users').select(['id', 'role', 'is_active']).where('sub', '=', sub).executeTakeFirst();
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users as u').select(USER_SELECT).where('u.id', '=', id).executeTakeFirst();
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

const PROFILE_SELECT = [
  ...USER_SELECT,
  'p.id as user_profile_id',
  sql<string | null>`p.date_of_birth::text`.as('date_of_birth'),
  ...PROFILE_COLUMNS.map((c) => `p.${c}` as const),
  ...JSON_COLUMNS.map((c) => `p.${c}` as const),
  'p.aadhar_sealed',
  'p.aadhar_last4',
  'p.hipaa_consent',
  'p.hipaa_consent_date',
  'p.hipaa_consent_version',
] as const;

export async function findProfile(db: Db, userId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(PROFILE_SELECT)
    .where('u.id', '=', userId)
    .executeTakeFirst() as Promise<ProfileRow | undefined>;
}

/**
 * The profile and its audit event in one statement (a data-modifying CTE is atomic and runs to
 * completion): one round trip instead of a four-statement transaction on the hottest read.
 * The event is written only when the user exists.
 */
export async function findProfileAudited(db: Db, userId: number, audit: Omit<AuditEntry, 'client'>): Promise<ProfileRow | undefined> {
  return auditedRead(db, { ...audit, client: userId })
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(PROFILE_SELECT)
    .where('u.id', '=', userId)
    .executeTakeFirst() as Promise<ProfileRow | undefined>;
}

export const ORDERINGS: Record<string, [string, 'asc' | 'desc']> = {
  first_name: ['first_name', 'asc'],
  last_name: ['last_name', 'asc'],
  email: ['email', 'asc'],
  date_joined: ['date_joined', 'asc'],
  role: ['role', 'asc'],
};

export interface UserListQuery extends ListFilters {
  page: number;
  pageSize: number;
  search?: string;
  role?: ClinicRole;
  isActive: boolean;
  ordering?: string;
  status?: 'prospective' | 'active' | 'inactive' | 'archived';
}

/** The 14 digits of an ABHA number typed with or without its dashes and spaces; null otherwise. */
export function abhaOf(term: string): string | null {
  const digits = term.replace(/[\s-]/g, '');
  return /^[0-9]{14}$/.test(digits) ? digits : null;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(db: Db, q: UserListQuery): Promise<{ count: number; rows: UserRow[] }> {
  let base = db.selectFrom('users as u').where('u.is_active', '=', q.isActive);
  if (q.role) base = base.where('u.role', '=', q.role);
  if (q.status) base = base.where('u.status', '=', q.status);
  base = applyListFilters(base, q);
  const ordering = q.ordering ?? 'last_name';
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const [column] = ORDERINGS[ordering.replace(/^-/, '')];
  const orderColumns = [column, ...(column === 'last_name' ? ['first_name'] : []), 'id'];
  const offset = (q.page - 1) * q.pageSize;
  if (q.search) {
    // search_text is lower(first last email phone), trigram-indexed (migration 0200). The
    // matches are gathered first (a materialized CTE) and then counted and sorted: left to
    // itself the planner walks the name-ordered index and filters most of the table away.
    const pattern = `%${escapeLike(q.search.trim().toLowerCase())}%`;
    // An ABHA number (14 digits, often written 12-3456-7890-1234) finds its client exactly
    // (indexed, migration 0730): the front desk searches by the card the client hands over.
    const abha = abhaOf(q.search);
    const matches = base
      .where((eb) =>
        abha
          ? eb.or([eb('u.search_text', 'like', pattern), eb('u.id', 'in', eb.selectFrom('user_profiles').select('user_id').where('abha_number', '=', abha))])
          : eb('u.search_text', 'like', pattern),
      )
      .select(USER_SELECT);
    let page = db
      .with(
        (w) => w('m').materialized(),
        () => matches,
      )
      .selectFrom('m')
      .selectAll('m')
      .select(sql<number>`(select count(*)::int from m)`.as('total'));
    for (const c of orderColumns) page = page.orderBy(`m.${c}` as 'm.id', direction);
    const rows = (await page.limit(q.pageSize).offset(offset).execute()) as Array<UserRow & { total: number }>;
    if (rows.length > 0) return { count: rows[0].total, rows: rows.map(({ total: _total, ...row }) => row) };
    const { n } = await db
      .selectFrom(matches.as('m'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return { count: n, rows: [] };
  }
  const countRow = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let rows = base.select(USER_SELECT);
  for (const c of orderColumns) rows = rows.orderBy(`u.${c}` as 'u.id', direction);
  return { count: countRow.n, rows: await rows.limit(q.pageSize).offset(offset).execute() };
}
