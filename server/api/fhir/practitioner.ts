// A staff member as a FHIR Practitioner and their role at the clinic as a PractitionerRole
// (issue 40), both with the staff member's user id. Only what a client already sees of the staff
// who serve them: the name and the role; no contact details.
import type { Db } from '../../db/database.ts';
import { STAFF_ROLES } from '../../../machines/guard/roles.ts';
import type { ClinicRole } from '../../identity/contracts.ts';
import { CLINIC_ORGANIZATION_ID } from './organization.ts';
import { instant } from './search.ts';
import { CLINIC_CODE_SYSTEM } from './texts.ts';

export interface StaffRow {
  id: number;
  first_name: string;
  last_name: string;
  role: ClinicRole;
  is_active: boolean;
  updated_at: Date | string;
}

export async function findStaff(db: Db, id: number): Promise<StaffRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'role', 'is_active', 'updated_at'])
    .where('id', '=', id)
    .where('role', 'in', [...STAFF_ROLES])
    .executeTakeFirst() as Promise<StaffRow | undefined>;
}

export function practitionerResource(row: StaffRow) {
  return {
    resourceType: 'Practitioner' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.updated_at) },
    active: row.is_active,
    name: [
      {
        text: `${row.first_name} ${row.last_name}`.trim(),
        ...(row.last_name ? { family: row.last_name } : {}),
        ...(row.first_name ? { given: [row.first_name] } : {}),
      },
    ],
  };
}

export function practitionerRoleResource(row: StaffRow) {
  return {
    resourceType: 'PractitionerRole' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.updated_at) },
    active: row.is_active,
    practitioner: { reference: `Practitioner/${row.id}` },
    organization: { reference: `Organization/${CLINIC_ORGANIZATION_ID}` },
    code: [{ coding: [{ system: CLINIC_CODE_SYSTEM.staffRole, code: row.role }], text: row.role }],
  };
}
