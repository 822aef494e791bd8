// A visit as a FHIR Encounter (issue 40): a therapy visit (its chart, machines/visits/visit-lifecycle.ts)
// or a discovery visit (its note, draft then signed). Two tables, one id space: the id says which,
// `therapy-12` or `discovery-5`. The status is the chart's: a signed visit is `finished`; a
// completed one still waits for its clinician's signature, so it is still `in-progress`.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { words } from '../../../machines/rules/words.ts';
import type { VisitStatus } from '../../../machines/visits/visit-lifecycle.ts';
import { CLINIC_ORGANIZATION_ID } from './organization.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

type Kind = 'therapy' | 'discovery';

const THERAPY_STATUS: Record<VisitStatus, string> = {
  draft: 'planned',
  in_progress: 'in-progress',
  completed: 'in-progress',
  signed: 'finished',
  aborted: 'cancelled',
};
/** A discovery note is written during and after the visit; signing closes it. */
const DISCOVERY_STATUS: Record<'draft' | 'signed', string> = { draft: 'in-progress', signed: 'finished' };

export interface EncounterRow {
  kind: Kind;
  id: number;
  client_id: number;
  staff_id: number;
  /** The therapy (`hbot`), or `discovery`. */
  service: string;
  appointment_id: number | null;
  status: string;
  channel: string;
  starts_at: Date | string;
  ends_at: Date | string | null;
  updated_at: Date | string;
}

/** Both kinds of visit in one shape (therapy visits have no query-builder types: raw SQL, as server/api/visits reads them). */
const ENCOUNTERS = sql<EncounterRow>`(
  select 'therapy' as kind, v.id, v.client_id, v.staff_id, v.therapy as service, v.appointment_id, v.status, 'in_clinic' as channel,
    coalesce(v.started_at, v.created_at) as starts_at,
    case when v.status = 'signed' then v.signed_at when v.status in ('completed', 'aborted') then coalesce(v.completed_at, v.updated_at) end as ends_at,
    v.updated_at
  from therapy_visits v
  union all
  select 'discovery', d.id, d.prospect_id, d.author_id, 'discovery', d.appointment_id, d.status, d.channel, d.created_at, d.signed_at, d.updated_at
  from discovery_visits d
)`;

function encounterQuery(db: Db) {
  return db.selectFrom(ENCOUNTERS.as('e')).selectAll();
}

const ID = /^(therapy|discovery)-([1-9][0-9]{0,9})$/;

export async function findEncounter(db: Db, id: string | number): Promise<EncounterRow | undefined> {
  const match = ID.exec(String(id));
  if (!match || Number(match[2]) > 2_147_483_647) return undefined;
  return (await encounterQuery(db).where(sql.ref('e.kind'), '=', match[1]).where(sql.ref('e.id'), '=', Number(match[2])).executeTakeFirst()) as
    EncounterRow | undefined;
}

const COLUMNS: RecordColumns = { client: 'e.client_id', date: 'e.starts_at', lastUpdated: 'e.updated_at', orderBy: ['e.starts_at', 'e.kind', 'e.id'] };

export const searchEncounters = (db: Db, filter: ClientFilter, page: Page | null) => searchRecords<EncounterRow>(encounterQuery(db), COLUMNS, filter, page);

export function encounterResource(row: EncounterRow) {
  const status = row.kind === 'therapy' ? THERAPY_STATUS[row.status as VisitStatus] : DISCOVERY_STATUS[row.status as 'draft' | 'signed'];
  const virtual = row.channel === 'video' || row.channel === 'phone';
  return {
    resourceType: 'Encounter' as const,
    id: `${row.kind}-${row.id}`,
    meta: { lastUpdated: instant(row.updated_at) },
    status: status ?? 'unknown',
    class: virtual ? { system: ACT_CODE, code: 'VR', display: 'virtual' } : { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    serviceType: { text: words(row.service) },
    subject: { reference: `Patient/${row.client_id}` },
    participant: [{ individual: { reference: `Practitioner/${row.staff_id}` } }],
    ...(row.appointment_id !== null ? { appointment: [{ reference: `Appointment/${row.appointment_id}` }] } : {}),
    period: { start: instant(row.starts_at), ...(row.ends_at ? { end: instant(row.ends_at) } : {}) },
    serviceProvider: { reference: `Organization/${CLINIC_ORGANIZATION_ID}` },
  };
}
