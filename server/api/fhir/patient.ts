// A client of the clinic as a FHIR Patient (issue 40). Identifiers: the ABHA number as NRCES's
// examples carry it (india-reference.md §7.4), and the clinic's own user id. The Aadhaar number
// is never read here: its sealed column is not even selected. The clinic stores no ABHA address.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { countAndPage, type DateRange, instant, type Page, withinRanges } from './search.ts';

export const ABHA_SYSTEM = 'https://healthid.ndhm.gov.in';
export const CLINIC_PATIENT_SYSTEM = 'https://thrive.clinic/fhir/NamingSystem/client-id';

export interface PatientRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  is_active: boolean;
  title: string | null;
  gender: 'M' | 'F' | null;
  date_of_birth: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  abha_number: string | null;
  last_updated: Date | string;
}

function patientQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_profiles as p', 'p.user_id', 'u.id')
    .where('u.role', '=', 'CLIENT')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.is_active',
      'p.title',
      'p.gender',
      sql<string | null>`p.date_of_birth::text`.as('date_of_birth'),
      'p.address_line_1',
      'p.address_line_2',
      'p.city',
      'p.state',
      'p.zipcode',
      'p.country',
      'p.abha_number',
      sql<Date>`greatest(u.updated_at, p.updated_at)`.as('last_updated'),
    ]);
}

export async function findPatient(db: Db, id: number): Promise<PatientRow | undefined> {
  return (await patientQuery(db).where('u.id', '=', id).executeTakeFirst()) as PatientRow | undefined;
}

/** One page of clients (or only `only`), by id, changed within `lastUpdated`. */
export async function searchPatients(db: Db, filter: { only?: number; lastUpdated: DateRange[] }, page: Page) {
  let query = patientQuery(db);
  if (filter.only !== undefined) query = query.where('u.id', '=', filter.only);
  return countAndPage<PatientRow>(withinRanges(query, sql`greatest(u.updated_at, p.updated_at)`, filter.lastUpdated), ['u.id'], page);
}

/** The ABHA number as NRCES writes it: 14 digits, hyphenated 2-4-4-4. */
export function hyphenatedAbha(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 14 ? `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6, 10)}-${d.slice(10)}` : digits;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

export function patientResource(row: PatientRow) {
  const address = [row.address_line_1, row.address_line_2].filter(present);
  const hasAddress = address.length > 0 || [row.city, row.state, row.zipcode, row.country].some(present);
  return {
    resourceType: 'Patient' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.last_updated) },
    identifier: [
      { system: CLINIC_PATIENT_SYSTEM, value: String(row.id) },
      ...(present(row.abha_number)
        ? [
            {
              type: {
                coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' }],
                text: 'ABHA number',
              },
              system: ABHA_SYSTEM,
              value: hyphenatedAbha(row.abha_number),
            },
          ]
        : []),
    ],
    active: row.is_active,
    name: [
      {
        text: `${row.first_name} ${row.last_name}`.trim(),
        ...(present(row.last_name) ? { family: row.last_name } : {}),
        ...(present(row.first_name) ? { given: [row.first_name] } : {}),
        ...(present(row.title) ? { prefix: [row.title] } : {}),
      },
    ],
    telecom: [
      ...(present(row.phone_number) ? [{ system: 'phone', value: row.phone_number, use: 'mobile' }] : []),
      ...(present(row.email) ? [{ system: 'email', value: row.email }] : []),
    ],
    gender: row.gender === 'M' ? 'male' : row.gender === 'F' ? 'female' : 'unknown',
    ...(row.date_of_birth ? { birthDate: row.date_of_birth } : {}),
    ...(hasAddress
      ? {
          address: [
            {
              ...(address.length ? { line: address } : {}),
              ...(present(row.city) ? { city: row.city } : {}),
              ...(present(row.state) ? { state: row.state } : {}),
              ...(present(row.zipcode) ? { postalCode: row.zipcode } : {}),
              ...(present(row.country) ? { country: row.country } : {}),
            },
          ],
        }
      : {}),
  };
}
