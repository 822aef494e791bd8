// What /config.json tells every browser about the clinic before anyone signs in: its name, logo,
// locale, time zone, dial code and the super administrator's address. /config.json is fetched on
// every page load, so this is one read of the three settings rows instead of one query per field.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DEFAULT_CLINIC_NAME, readClinicName } from '../../mail/clinic-name.ts';
import { labDeskRolesOf } from '../../../machines/staff/work-routing.ts';
import { readLogoVersion } from './logo.ts';
import { DEFAULT_DIAL_CODE, DEFAULT_LOCALE, DEFAULT_TIME_ZONE, effectiveSuperAdminEmail, readClinicFormat } from './data.ts';

export interface PublicClinic {
  clinicName: string;
  /** The logo's checksum (its version), or null when none is uploaded. */
  logoSha256: string | null;
  superAdminEmail: string;
  locale: string;
  timeZone: string;
  dialCode: string;
  /** Who runs the lab desk (the staff navigation offers it to them). */
  labDeskRoles: string[];
}

export async function readPublicClinic(db: Db, supportEmail: string): Promise<PublicClinic> {
  try {
    const { rows } = await sql<{
      name: string | null;
      super_admin_email: string | null;
      locale: string | null;
      dial_code: string | null;
      lab_desk_roles: unknown;
      time_zone: string | null;
      sha256: string | null;
    }>`
      select c.name, c.super_admin_email, c.locale, c.dial_code, c.lab_desk_roles, s.time_zone, l.sha256
      from (select true as id) one
      left join clinic_settings c on c.id = one.id
      left join scheduling_settings s on s.id = one.id
      left join clinic_logo l on l.id = one.id`.execute(db);
    const row = rows[0];
    return {
      clinicName: row?.name?.trim() || DEFAULT_CLINIC_NAME,
      logoSha256: row?.sha256 ?? null,
      superAdminEmail: row?.super_admin_email || supportEmail,
      locale: row?.locale || DEFAULT_LOCALE,
      timeZone: row?.time_zone || DEFAULT_TIME_ZONE,
      dialCode: row?.dial_code || DEFAULT_DIAL_CODE,
      labDeskRoles: labDeskRolesOf(row?.lab_desk_roles ?? null),
    };
  } catch {
    // A database still being migrated lacks some of the tables: each field falls back on its own.
    const [clinicName, logo, superAdminEmail, format] = await Promise.all([
      readClinicName(db),
      readLogoVersion(db),
      effectiveSuperAdminEmail(db, supportEmail),
      readClinicFormat(db),
    ]);
    return { clinicName, logoSha256: logo?.sha256 ?? null, superAdminEmail, ...format, labDeskRoles: labDeskRolesOf(null) };
  }
}
