// The clinic's details (one row, migration 0350). The super administrator's email falls back to
// the server's SUPPORT_EMAIL until an administrator sets one.
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { labDeskRolesOf, type RoutableRole, type TicketRouting, ticketRoutingOf } from '../../../machines/staff/work-routing.ts';
import type { Db } from '../../db/database.ts';

export const SETTINGS_TEXT_FIELDS = ['name', 'address_line_1', 'address_line_2', 'city', 'state', 'zipcode', 'country', 'phone', 'email'] as const;

/** What a clinic that never chose reads as (migration 1300's defaults): India. */
export const DEFAULT_LOCALE = 'en-IN';
export const DEFAULT_DIAL_CODE = '+91';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export interface ClinicSettingsRow {
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
  email: string;
  super_admin_email: string | null;
  locale: string;
  dial_code: string;
  /** Who runs the lab desk and which roles answer which tickets (issue 32); the defaults until set. */
  lab_desk_roles: RoutableRole[];
  ticket_routing: TicketRouting;
  updated_at: Date | string;
}

export type ClinicSettingsChanges = Partial<Omit<ClinicSettingsRow, 'updated_at'>>;

const COLUMNS = [...SETTINGS_TEXT_FIELDS, 'super_admin_email', 'locale', 'dial_code', 'lab_desk_roles', 'ticket_routing', 'updated_at'] as const;

export async function readClinicSettings(db: Db): Promise<ClinicSettingsRow> {
  const row = await db.selectFrom('clinic_settings').select(COLUMNS).where('id', '=', true).executeTakeFirst();
  // The migration inserts the row; a missing one reads as empty rather than failing the app.
  const found = row ?? {
    ...Object.fromEntries(SETTINGS_TEXT_FIELDS.map((f) => [f, ''])),
    super_admin_email: null,
    locale: DEFAULT_LOCALE,
    dial_code: DEFAULT_DIAL_CODE,
    lab_desk_roles: null,
    ticket_routing: null,
    updated_at: new Date(0),
  };
  return { ...found, lab_desk_roles: labDeskRolesOf(found.lab_desk_roles), ticket_routing: ticketRoutingOf(found.ticket_routing) } as ClinicSettingsRow;
}

export async function updateClinicSettings(db: Db, changes: ClinicSettingsChanges, by: number): Promise<ClinicSettingsRow> {
  // The two lists are stored as JSON (null stays the default).
  const { lab_desk_roles, ticket_routing, ...rest } = changes;
  const values = {
    ...rest,
    ...(lab_desk_roles !== undefined ? { lab_desk_roles: JSON.stringify(lab_desk_roles) } : {}),
    ...(ticket_routing !== undefined ? { ticket_routing: JSON.stringify(ticket_routing) } : {}),
  };
  await db
    .insertInto('clinic_settings')
    .values({ id: true, ...values, updated_at: new Date(), updated_by: by })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: new Date(), updated_by: by }))
    .execute();
  return readClinicSettings(db);
}

/** Who does which work now: the lab desk's roles and the ticket routing (the defaults until set). */
export async function readWorkRouting(db: Db): Promise<{ labDeskRoles: RoutableRole[]; ticketRouting: TicketRouting }> {
  const row = await db.selectFrom('clinic_settings').select(['lab_desk_roles', 'ticket_routing']).where('id', '=', true).executeTakeFirst();
  return { labDeskRoles: labDeskRolesOf(row?.lab_desk_roles ?? null), ticketRouting: ticketRoutingOf(row?.ticket_routing ?? null) };
}

/** The address /unauthorized shows: the one set on /backoffice, else SUPPORT_EMAIL. */
export async function effectiveSuperAdminEmail(db: Db, fallback: string): Promise<string> {
  try {
    const row = await db.selectFrom('clinic_settings').select('super_admin_email').where('id', '=', true).executeTakeFirst();
    return row?.super_admin_email || fallback;
  } catch {
    // Before migrations (or on a database without this module) the configured address stands.
    return fallback;
  }
}

export interface ClinicFormat {
  locale: string;
  timeZone: string;
  dialCode: string;
}

/** How the browser writes dates, numbers and phone numbers: the clinic's locale, dial code and
 *  (scheduling's) time zone, India's until they are set or before the tables exist. */
export async function readClinicFormat(db: Db): Promise<ClinicFormat> {
  const fallback = { locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE, dialCode: DEFAULT_DIAL_CODE };
  try {
    const row = await db.selectFrom('clinic_settings').select(['locale', 'dial_code']).where('id', '=', true).executeTakeFirst();
    const zone = await db.selectFrom('scheduling_settings').select('time_zone').where('id', '=', true).executeTakeFirst();
    return { locale: row?.locale || fallback.locale, dialCode: row?.dial_code || fallback.dialCode, timeZone: zone?.time_zone || fallback.timeZone };
  } catch {
    return fallback;
  }
}

/** The clinic's calendar day, YYYY-MM-DD, now (or at `now`) in scheduling's time zone: "today" for
 *  a default start date, a date that may not lie in the future or an expiry. Never the UTC day,
 *  which is still yesterday in Kolkata until 05:30. The same wall-calendar rule the browser uses. */
export async function clinicToday(db: Db, now: number = Date.now()): Promise<string> {
  return localTime((await readClinicFormat(db)).timeZone, now).date;
}
