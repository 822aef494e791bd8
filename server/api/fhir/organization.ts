// The clinic as a FHIR Organization (issue 40): one, id `clinic`, from the clinic's settings
// (server/api/clinic/data.ts). The clinic has no HFR id stored, so none is claimed.
import type { Db } from '../../db/database.ts';
import { readClinicSettings } from '../clinic/data.ts';
import { instant } from './search.ts';

export const CLINIC_ORGANIZATION_ID = 'clinic';

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export async function organizationResource(db: Db) {
  const s = await readClinicSettings(db);
  const line = [s.address_line_1, s.address_line_2].filter(filled);
  return {
    resourceType: 'Organization' as const,
    id: CLINIC_ORGANIZATION_ID,
    meta: { lastUpdated: instant(s.updated_at) },
    active: true,
    type: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/organization-type', code: 'prov', display: 'Healthcare Provider' }] }],
    ...(filled(s.name) ? { name: s.name } : {}),
    telecom: [...(filled(s.phone) ? [{ system: 'phone', value: s.phone }] : []), ...(filled(s.email) ? [{ system: 'email', value: s.email }] : [])],
    address: [
      {
        ...(line.length ? { line } : {}),
        ...(filled(s.city) ? { city: s.city } : {}),
        ...(filled(s.state) ? { state: s.state } : {}),
        ...(filled(s.zipcode) ? { postalCode: s.zipcode } : {}),
        ...(filled(s.country) ? { country: s.country } : {}),
      },
    ],
  };
}
