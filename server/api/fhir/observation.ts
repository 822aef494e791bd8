// A measurement as a FHIR Observation (issue 40). LOINC codes where india-reference.md §7.5 names
// one, the clinic's own code otherwise; vital signs carry the `vital-signs` category the base R4
// profile matches on. Measurements are append-only: a reading a later correction replaced is
// `entered-in-error`, the correction `amended`, every other `final`.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { METRIC_SPECS, isMetric } from '../../../machines/thrive/metrics.ts';
import { isStaff } from '../policy.ts';
import type { ClinicRole } from '../../identity/contracts.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';
import { CLINIC_CODE_SYSTEM } from './texts.ts';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

type Category = 'vital-signs' | 'laboratory' | 'exam' | 'activity';

/** Each metric's LOINC codes (none: the clinic's own code) and category. */
const CODES: Record<string, { loinc: Array<{ code: string; display: string }>; category: Category }> = {
  weight: { loinc: [{ code: '29463-7', display: 'Body weight' }], category: 'vital-signs' },
  height: { loinc: [{ code: '8302-2', display: 'Body height' }], category: 'vital-signs' },
  blood_pressure: { loinc: [{ code: '85354-9', display: 'Blood pressure panel with all children optional' }], category: 'vital-signs' },
  resting_heart_rate: { loinc: [{ code: '8867-4', display: 'Heart rate' }], category: 'vital-signs' },
  spo2: {
    loinc: [
      { code: '2708-6', display: 'Oxygen saturation in Arterial blood' },
      { code: '59408-5', display: 'Oxygen saturation in Arterial blood by Pulse oximetry' },
    ],
    category: 'vital-signs',
  },
  fasting_glucose: { loinc: [{ code: '1558-6', display: 'Fasting glucose [Mass/volume] in Serum or Plasma' }], category: 'laboratory' },
  hba1c: { loinc: [{ code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' }], category: 'laboratory' },
  total_cholesterol: { loinc: [], category: 'laboratory' },
  hdl_cholesterol: { loinc: [], category: 'laboratory' },
  ldl_cholesterol: { loinc: [], category: 'laboratory' },
  triglycerides: { loinc: [], category: 'laboratory' },
  waist: { loinc: [], category: 'exam' },
  body_fat: { loinc: [], category: 'exam' },
  vo2max: { loinc: [], category: 'activity' },
  grip_strength: { loinc: [], category: 'exam' },
  sleep_hours: { loinc: [], category: 'activity' },
};

/** The clinic's units as UCUM codes. */
const UCUM_CODES: Record<string, string> = { mmHg: 'mm[Hg]', bpm: '/min', 'mg/dL': 'mg/dL', '%': '%', kg: 'kg', cm: 'cm', 'mL/kg/min': 'mL/kg/min', h: 'h' };

export interface ObservationRow {
  id: number;
  client_id: number;
  metric: string;
  value: number | string;
  value2: number | string | null;
  unit: string;
  taken_at: Date | string;
  entered_by: number;
  entered_by_role: ClinicRole;
  corrects: number | null;
  corrected_by: number | null;
  last_updated: Date | string;
}

function observationQuery(db: Db) {
  return db
    .selectFrom('measurements as m')
    .innerJoin('users as e', 'e.id', 'm.entered_by')
    .leftJoin('measurements as x', 'x.corrects', 'm.id')
    .select([
      'm.id',
      'm.client_id',
      'm.metric',
      'm.value',
      'm.value2',
      'm.unit',
      'm.taken_at',
      'm.entered_by',
      'e.role as entered_by_role',
      'm.corrects',
      'x.id as corrected_by',
      sql<Date>`coalesce(x.created_at, m.created_at)`.as('last_updated'),
    ]);
}

export async function findObservation(db: Db, id: number): Promise<ObservationRow | undefined> {
  return (await observationQuery(db).where('m.id', '=', id).executeTakeFirst()) as ObservationRow | undefined;
}

const COLUMNS: RecordColumns = {
  client: 'm.client_id',
  date: 'm.taken_at',
  lastUpdated: sql`coalesce(x.created_at, m.created_at)`,
  orderBy: ['m.taken_at', 'm.id'],
};

export const searchObservations = (db: Db, filter: ClientFilter, page: Page | null) =>
  searchRecords<ObservationRow>(observationQuery(db), COLUMNS, filter, page);

const quantity = (value: number, unit: string) => ({ value, unit, system: UCUM, code: UCUM_CODES[unit] ?? unit });

export function observationResource(row: ObservationRow) {
  const codes = CODES[row.metric] ?? { loinc: [], category: 'exam' as Category };
  const label = isMetric(row.metric) ? METRIC_SPECS[row.metric].label : row.metric;
  const value = Number(row.value);
  const status = row.corrected_by !== null ? 'entered-in-error' : row.corrects !== null ? 'amended' : 'final';
  const performer = isStaff(row.entered_by_role) ? `Practitioner/${row.entered_by}` : `Patient/${row.client_id}`;
  const isBloodPressure = row.metric === 'blood_pressure';
  return {
    resourceType: 'Observation' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.last_updated) },
    status,
    category: [{ coding: [{ system: CATEGORY, code: codes.category }] }],
    code: {
      coding: [
        ...codes.loinc.map((c) => ({ system: LOINC, code: c.code, display: c.display })),
        { system: CLINIC_CODE_SYSTEM.measurement, code: row.metric, display: label },
      ],
      text: label,
    },
    subject: { reference: `Patient/${row.client_id}` },
    effectiveDateTime: instant(row.taken_at),
    performer: [{ reference: performer }],
    ...(isBloodPressure
      ? {
          component: [
            { code: { coding: [{ system: LOINC, code: '8480-6', display: 'Systolic blood pressure' }] }, valueQuantity: quantity(value, row.unit) },
            ...(row.value2 !== null
              ? [
                  {
                    code: { coding: [{ system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' }] },
                    valueQuantity: quantity(Number(row.value2), row.unit),
                  },
                ]
              : []),
          ],
        }
      : { valueQuantity: quantity(value, row.unit) }),
  };
}
