// A released lab report as a FHIR DiagnosticReport, and the lab's PDF of it as a DocumentReference
// (issue 40). Released is the labs desk's word (server/api/labs/route-helpers.ts RELEASED): part
// or all of the results are out; an order before that is not a report yet, for anyone. The PDF is
// never inlined: its attachment is the business API's download URL, which the same bearer token
// fetches under the same rules (a client their own released report) and audits as a download.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { RELEASED } from '../labs/route-helpers.ts';
import { CLINIC_ORGANIZATION_ID } from './organization.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';

const LOINC = 'http://loinc.org';
/** LOINC's "Laboratory report" (the NRCES DiagnosticReportRecord's document type). */
const LAB_REPORT = { system: LOINC, code: '11502-2', display: 'Laboratory report' };

export interface LabReportRow {
  id: number;
  client_id: number;
  status: 'partial' | 'ready';
  slot_start: Date | string;
  updated_at: Date | string;
  tests: string | null;
  amended: boolean;
  file_name: string | null;
  size_bytes: number | null;
  uploaded_at: Date | string | null;
}

function reportQuery(db: Db) {
  return db
    .selectFrom('lab_orders as o')
    .leftJoin('lab_report_files as f', 'f.order_id', 'o.id')
    .where('o.status', 'in', [...RELEASED])
    .select([
      'o.id',
      'o.client_id',
      'o.status',
      'o.slot_start',
      'o.updated_at',
      sql<
        string | null
      >`(select string_agg(c.name, ', ' order by c.name) from lab_order_items i join lab_catalogue c on c.id = i.catalogue_id where i.order_id = o.id)`.as(
        'tests',
      ),
      sql<boolean>`exists (select 1 from lab_results r where r.order_id = o.id and r.status = 'amended')`.as('amended'),
      'f.file_name',
      'f.size_bytes',
      'f.uploaded_at',
    ]);
}

/** The PDF's address on the business API (its download route), absolute on the host the caller reached. */
const pdfUrl = (origin: string, id: number) => `${origin}/api/v1/labs/reports/${id}/pdf`;

const attachment = (row: LabReportRow, origin: string) => ({
  contentType: 'application/pdf',
  url: pdfUrl(origin, row.id),
  size: row.size_bytes!,
  title: row.file_name!,
  creation: instant(row.uploaded_at),
});

export async function findLabReport(db: Db, id: number): Promise<LabReportRow | undefined> {
  return (await reportQuery(db).where('o.id', '=', id).executeTakeFirst()) as LabReportRow | undefined;
}

const REPORT_COLUMNS: RecordColumns = { client: 'o.client_id', date: 'o.slot_start', lastUpdated: 'o.updated_at', orderBy: ['o.slot_start', 'o.id'] };

export const searchLabReports = (db: Db, filter: ClientFilter, page: Page | null) => searchRecords<LabReportRow>(reportQuery(db), REPORT_COLUMNS, filter, page);

export function diagnosticReportResource(row: LabReportRow, origin: string) {
  return {
    resourceType: 'DiagnosticReport' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.updated_at) },
    status: row.status === 'partial' ? 'partial' : row.amended ? 'amended' : 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
    code: { coding: [LAB_REPORT], text: row.tests ?? LAB_REPORT.display },
    subject: { reference: `Patient/${row.client_id}` },
    effectiveDateTime: instant(row.slot_start),
    issued: instant(row.updated_at),
    performer: [{ reference: `Organization/${CLINIC_ORGANIZATION_ID}` }],
    ...(row.file_name !== null ? { presentedForm: [attachment(row, origin)] } : {}),
  };
}

/** The lab's PDFs: a released report that has one. */
export async function findLabDocument(db: Db, id: number): Promise<LabReportRow | undefined> {
  return (await reportQuery(db).where('o.id', '=', id).where('f.order_id', 'is not', null).executeTakeFirst()) as LabReportRow | undefined;
}

const DOCUMENT_COLUMNS: RecordColumns = { client: 'o.client_id', date: 'f.uploaded_at', lastUpdated: 'f.uploaded_at', orderBy: ['f.uploaded_at', 'o.id'] };

export const searchLabDocuments = (db: Db, filter: ClientFilter, page: Page | null) =>
  searchRecords<LabReportRow>(reportQuery(db).where('f.order_id', 'is not', null), DOCUMENT_COLUMNS, filter, page);

export function documentReferenceResource(row: LabReportRow, origin: string) {
  return {
    resourceType: 'DocumentReference' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.uploaded_at) },
    status: 'current',
    type: { coding: [LAB_REPORT], text: row.tests ?? LAB_REPORT.display },
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }] }],
    subject: { reference: `Patient/${row.client_id}` },
    date: instant(row.uploaded_at),
    custodian: { reference: `Organization/${CLINIC_ORGANIZATION_ID}` },
    content: [{ attachment: attachment(row, origin) }],
    context: { related: [{ reference: `DiagnosticReport/${row.id}` }] },
  };
}
