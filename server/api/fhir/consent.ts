// A consent decision as a FHIR Consent (issue 40): each row of the consent history
// (server/api/people/consent-history.ts), given (permit) or withdrawn (deny). The latest decision
// is `active`; the ones it replaced are `inactive`.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { CLINIC_ORGANIZATION_ID } from './organization.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';

export interface ConsentRow {
  id: number | string;
  user_id: number;
  version: string;
  consented_at: Date | string;
  recorded_by: number;
  recorded_at: Date | string;
  decision: 'given' | 'withdrawn';
  latest: boolean;
}

function consentQuery(db: Db) {
  return db
    .selectFrom('consent_history as c')
    .select([
      'c.id',
      'c.user_id',
      'c.version',
      'c.consented_at',
      'c.recorded_by',
      'c.recorded_at',
      'c.decision',
      sql<boolean>`not exists (select 1 from consent_history n where n.user_id = c.user_id and (n.consented_at, n.id) > (c.consented_at, c.id))`.as('latest'),
    ]);
}

export async function findConsent(db: Db, id: number): Promise<ConsentRow | undefined> {
  return (await consentQuery(db).where('c.id', '=', id).executeTakeFirst()) as ConsentRow | undefined;
}

const COLUMNS: RecordColumns = { client: 'c.user_id', date: 'c.consented_at', lastUpdated: 'c.recorded_at', orderBy: ['c.consented_at', 'c.id'] };

export const searchConsents = (db: Db, filter: ClientFilter, page: Page | null) => searchRecords<ConsentRow>(consentQuery(db), COLUMNS, filter, page);

export function consentResource(row: ConsentRow) {
  return {
    resourceType: 'Consent' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.recorded_at) },
    status: row.latest ? 'active' : 'inactive',
    scope: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'patient-privacy', display: 'Privacy Consent' }] },
    category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] }],
    patient: { reference: `Patient/${row.user_id}` },
    dateTime: instant(row.consented_at),
    performer: [{ reference: `Patient/${row.user_id}` }],
    organization: [{ reference: `Organization/${CLINIC_ORGANIZATION_ID}` }],
    policyRule: { text: `The clinic's privacy notice, version ${row.version}` },
    provision: { type: row.decision === 'withdrawn' ? 'deny' : 'permit' },
  };
}
