// A signed therapy visit as an ABDM OPConsultRecord (issue 40; india-reference.md §7.2-7.3): a FHIR
// document Bundle, the Composition first (SNOMED 371530004 "Clinical consultation report"), then
// every resource it refers to, each once, referred to by `urn:uuid:` so nothing dangles outside
// the bundle. Its one section is the procedure the visit gave (SNOMED 371525003). Only a signed
// visit is a record: before its clinician signs, the chart may still change.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { words } from '../../../machines/rules/words.ts';
import { encounterResource, type EncounterRow, findEncounter } from './encounter.ts';
import { organizationResource } from './organization.ts';
import { findPatient, patientResource } from './patient.ts';
import { findStaff, practitionerResource } from './practitioner.ts';
import { type FhirResource, instant } from './search.ts';

const SNOMED = 'http://snomed.info/sct';
const NRCES = 'https://nrces.in/ndhm/fhir/r4/StructureDefinition';
export const OP_CONSULT = {
  profile: `${NRCES}/OPConsultRecord`,
  type: { system: SNOMED, code: '371530004', display: 'Clinical consultation report' },
  procedureSection: { system: SNOMED, code: '371525003', display: 'Clinical procedure report' },
} as const;
/** The document's business identifier: one per signed visit, stable across reads. */
const PREFIX = 'op-consult-';
const DOCUMENT_SYSTEM = 'https://thrive.clinic/fhir/NamingSystem/document';

/** A stable UUID for a resource of this document (a signed visit's document reads the same every time). */
function uuidFor(document: string, reference: string): string {
  const h = createHash('sha256').update(`${document}|${reference}`).digest('hex');
  // Shaped as a version-5-style UUID (variant bits set), from the hash.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Every `reference` inside `value` rewritten through `map` (`Patient/12` -> `urn:uuid:...`). */
function rereference<T>(value: T, map: Map<string, string>): T {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === 'reference' && typeof v === 'string' && map.has(v) ? map.get(v) : v)) as T;
}

interface SignedVisit {
  signed_by: number;
  signed_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string | null;
}

/** The OPConsultRecord whose Composition is `id` (`op-consult-therapy-12`), or undefined when it names no signed therapy visit. */
export async function opConsultRecord(db: Db, id: string): Promise<{ client: number; bundle: (trx: Db) => Promise<FhirResource> } | undefined> {
  if (!id.startsWith(PREFIX)) return undefined;
  const encounter = await findEncounter(db, id.slice(PREFIX.length));
  if (!encounter || encounter.kind !== 'therapy' || encounter.status !== 'signed') return undefined;
  return { client: encounter.client_id, bundle: (trx) => documentOf(trx, encounter) };
}

async function documentOf(db: Db, encounter: EncounterRow): Promise<FhirResource> {
  const visit = (await sql<SignedVisit>`select signed_by, signed_at, started_at, completed_at from therapy_visits where id = ${encounter.id}`.execute(db))
    .rows[0];
  const patient = await findPatient(db, encounter.client_id);
  const staffIds = [...new Set([visit.signed_by, encounter.staff_id])];
  const staff = await Promise.all(staffIds.map((s) => findStaff(db, s)));
  const organization = await organizationResource(db);
  const documentId = `${PREFIX}${encounter.kind}-${encounter.id}`;
  // The encounter as a document carries it: its appointment is not part of this record.
  const { appointment: _appointment, ...visitEncounter } = encounterResource(encounter) as ReturnType<typeof encounterResource> & { appointment?: unknown };
  const procedure = {
    resourceType: 'Procedure',
    id: `${encounter.kind}-${encounter.id}`,
    status: 'completed',
    code: { text: words(encounter.service) },
    subject: { reference: `Patient/${encounter.client_id}` },
    encounter: { reference: `Encounter/${visitEncounter.id}` },
    performedPeriod: {
      ...(visit.started_at ? { start: instant(visit.started_at) } : {}),
      ...(visit.completed_at ? { end: instant(visit.completed_at) } : {}),
    },
    performer: [{ actor: { reference: `Practitioner/${encounter.staff_id}` } }],
  };
  const members: FhirResource[] = [
    ...(patient ? [patientResource(patient)] : []),
    ...staff.filter((s) => s !== undefined).map(practitionerResource),
    organization,
    visitEncounter,
    procedure,
  ];
  const composition = {
    resourceType: 'Composition',
    id: documentId,
    meta: { profile: [OP_CONSULT.profile] },
    status: 'final',
    type: { coding: [OP_CONSULT.type], text: OP_CONSULT.type.display },
    subject: { reference: `Patient/${encounter.client_id}` },
    encounter: { reference: `Encounter/${visitEncounter.id}` },
    date: instant(visit.signed_at),
    author: [{ reference: `Practitioner/${visit.signed_by}` }],
    title: 'Consultation Report',
    custodian: { reference: `Organization/${organization.id}` },
    section: [{ title: 'Procedure', code: { coding: [OP_CONSULT.procedureSection] }, entry: [{ reference: `Procedure/${procedure.id}` }] }],
  };
  const all: FhirResource[] = [composition, ...members];
  const urns = new Map(all.map((r) => [`${r.resourceType}/${r.id}`, `urn:uuid:${uuidFor(documentId, `${r.resourceType}/${r.id}`)}`]));
  return {
    resourceType: 'Bundle',
    id: documentId,
    meta: { versionId: '1', lastUpdated: instant(visit.signed_at), profile: [`${NRCES}/DocumentBundle`] },
    identifier: { system: DOCUMENT_SYSTEM, value: uuidFor(documentId, 'Bundle') },
    type: 'document',
    timestamp: instant(visit.signed_at),
    entry: all.map((resource) => ({ fullUrl: urns.get(`${resource.resourceType}/${resource.id}`)!, resource: rereference(resource, urns) })),
  };
}
