// The FHIR R4 read API (issue 40; docs/fhir.md) under /api/v1/fhir/R4: contract operations like
// every other route (openapi/domains/fhir.yaml), behind the same bearer tokens and access
// declarations, each read of a client's record audited as `fhir.read`. Its own error handler
// words every refusal as an OperationOutcome and every body is application/fhir+json.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import { withAudit } from '../audit/data.ts';
import { type ScopeRule, scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { notFound } from '../policy.ts';
import type { Access } from '../route-access.ts';
import { appointmentResource, findAppointment, searchAppointments } from './appointment.ts';
import { capabilityStatement } from './capability.ts';
import { consentResource, findConsent, searchConsents } from './consent.ts';
import { encounterResource, findEncounter, searchEncounters } from './encounter.ts';
import { findInvoice, invoiceResource, searchInvoices } from './invoice.ts';
import { diagnosticReportResource, documentReferenceResource, findLabDocument, findLabReport, searchLabDocuments, searchLabReports } from './lab-report.ts';
import { opConsultRecord } from './op-consult.ts';
import { findObservation, observationResource, searchObservations } from './observation.ts';
import { CLINIC_ORGANIZATION_ID, organizationResource } from './organization.ts';
import { FHIR_ROOT } from './base.ts';
import { FHIR_JSON, fhirErrorHandler } from './outcome.ts';
import { findPatient, patientResource, searchPatients } from './patient.ts';
import { findStaff, practitionerResource, practitionerRoleResource } from './practitioner.ts';
import { type ClientFilter, dateRanges, origin, type FhirResource, type Page, pageOf, patientIdOf, type SearchQuery, searchset } from './search.ts';
import { FHIR_TEXTS } from './texts.ts';

const ACTION = 'fhir.read';
const CLIENT_RECORD: Access = { roles: 'signed-in', client: 'own' };
const CLINIC_RECORD: Access = { roles: 'signed-in', client: 'none' };
/** Searches of a client's record: a client their own (`patient` may be left out), staff name the client. */
const SEARCH_SCOPE: ScopeRule = { clients: 'own', staffName: 'client', unnamed: () => badRequest('patient', FHIR_TEXTS.patientRequired) };
/** Reads of one client's record: a client their own, staff any client's; not a client answers 404. */
const READ_SCOPE: ScopeRule = { clients: 'own', staffName: 'client' };

type IdRequest = FastifyRequest<{ Params: { id: number } }>;
type PagedIdRequest = FastifyRequest<{ Params: { id: number }; Querystring: SearchQuery }>;
type SearchRequest = FastifyRequest<{ Querystring: SearchQuery }>;

const fhir = (reply: FastifyReply, body: unknown) => reply.type(FHIR_JSON).send(body);

/** One resource type of a client's record: found by id, searched by client and date, presented as FHIR. */
interface ClientRecordType<R extends { client_id?: number; user_id?: number }> {
  type: string;
  searchOperation: string;
  /** By the id in the path: a number, or a text one (`therapy-12`) where one type spans tables. */
  find: (db: ApiContext['db'], id: never) => Promise<R | undefined>;
  search: (db: ApiContext['db'], filter: ClientFilter, page: Page | null) => Promise<{ total: number; rows: R[] }>;
  /** As FHIR; `origin` (scheme and host the caller reached) for the links a resource carries beyond this API. */
  present: (row: R, origin: string) => FhirResource;
}
const recordType = <R extends { client_id?: number; user_id?: number }>(part: ClientRecordType<R>) =>
  part as unknown as ClientRecordType<{ client_id?: number; user_id?: number }>;

/** Every type of a client's record: each is read, searched and gathered into `$everything` alike. */
const CLIENT_RECORD_TYPES = [
  recordType({
    type: 'Observation',
    searchOperation: 'searchFhirObservations',
    find: findObservation,
    search: searchObservations,
    present: observationResource,
  }),
  recordType({
    type: 'Appointment',
    searchOperation: 'searchFhirAppointments',
    find: findAppointment,
    search: searchAppointments,
    present: appointmentResource,
  }),
  recordType({ type: 'Consent', searchOperation: 'searchFhirConsents', find: findConsent, search: searchConsents, present: consentResource }),
  recordType({ type: 'Invoice', searchOperation: 'searchFhirInvoices', find: findInvoice, search: searchInvoices, present: invoiceResource }),
  recordType({
    type: 'DiagnosticReport',
    searchOperation: 'searchFhirDiagnosticReports',
    find: findLabReport,
    search: searchLabReports,
    present: diagnosticReportResource,
  }),
  recordType({
    type: 'DocumentReference',
    searchOperation: 'searchFhirDocumentReferences',
    find: findLabDocument,
    search: searchLabDocuments,
    present: documentReferenceResource,
  }),
  recordType({ type: 'Encounter', searchOperation: 'searchFhirEncounters', find: findEncounter, search: searchEncounters, present: encounterResource }),
];

export async function fhirRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const route = (operationId: string) => contract.routeSchema(operationId);

  /** Whose record the request reaches, refused (and audited) as the business API refuses. */
  const whose = (request: FastifyRequest, asked: number | undefined, rule: ScopeRule) =>
    scopedClient(db, { caller: callerOf(request), asked, action: ACTION, requestId: request.id }, rule);

  /** One read of `client`'s record, audited in the transaction that reads it. */
  const audited = <T>(request: FastifyRequest, client: number | readonly number[] | null, read: (trx: ApiContext['db']) => Promise<T>) =>
    withAudit(db, { actor: callerOf(request), action: ACTION, client: () => client, requestId: request.id }, read);

  await app.register(
    async (api) => {
      api.setErrorHandler(fhirErrorHandler);

      api.get(
        '/metadata',
        { schema: route('getFhirCapabilities'), config: { public: true, access: { roles: 'public', client: 'none' } } },
        async (request, reply) => fhir(reply, capabilityStatement(request)),
      );

      api.get('/Patient', { schema: route('searchFhirPatients'), config: { access: CLIENT_RECORD } }, async (request: SearchRequest, reply) => {
        // A client finds themselves only; staff every client.
        const only = await whose(request, undefined, READ_SCOPE);
        const page = pageOf(request.query);
        const lastUpdated = dateRanges('_lastUpdated', request.query._lastUpdated);
        // Each client the page shows is a read of their record, recorded with the read.
        const found = await withAudit<Awaited<ReturnType<typeof searchPatients>>>(
          db,
          { actor: callerOf(request), action: ACTION, client: (result) => result.rows.map((r) => r.id), requestId: request.id },
          (trx) => searchPatients(trx, { only, lastUpdated }, page),
        );
        return fhir(reply, searchset(request, found.rows.map(patientResource), found.total, page));
      });

      api.get('/Patient/:id', { schema: route('readFhirPatient'), config: { access: CLIENT_RECORD } }, async (request: IdRequest, reply) => {
        const client = (await whose(request, request.params.id, READ_SCOPE))!;
        const row = await audited(request, client, (trx) => findPatient(trx, client));
        if (!row) throw notFound();
        return fhir(reply, patientResource(row));
      });

      api.get(
        '/Patient/:id/$everything',
        { schema: route('fhirPatientEverything'), config: { access: CLIENT_RECORD } },
        async (request: PagedIdRequest, reply) => {
          const client = (await whose(request, request.params.id, READ_SCOPE))!;
          const all = { client, date: [], lastUpdated: [] };
          const page = pageOf(request.query);
          const everything = await audited(request, client, async (trx) => {
            const patient = await findPatient(trx, client);
            if (!patient) throw notFound();
            const [organization, ...parts] = await Promise.all([
              organizationResource(trx),
              ...CLIENT_RECORD_TYPES.map(async (part) => (await part.search(trx, all, null)).rows.map((row) => part.present(row, origin(request)))),
            ]);
            return [patientResource(patient), organization, ...parts.flat()];
          });
          // One read, audited once; the answer pages like any search (the next link asks again).
          const shown = everything.slice(page.offset, page.offset + page.count);
          return fhir(reply, searchset(request, shown, everything.length, page));
        },
      );

      // A client's record, one resource type at a time: read by id and search.
      for (const part of CLIENT_RECORD_TYPES) {
        api.get(`/${part.type}/:id`, { schema: route(`readFhir${part.type}`), config: { access: CLIENT_RECORD } }, async (request: IdRequest, reply) => {
          const row = await part.find(db, request.params.id as never);
          if (!row) throw notFound();
          const client = (await whose(request, row.client_id ?? row.user_id, READ_SCOPE))!;
          await audited(request, client, async () => undefined);
          return fhir(reply, part.present(row, origin(request)));
        });
        api.get(`/${part.type}`, { schema: route(part.searchOperation), config: { access: CLIENT_RECORD } }, async (request: SearchRequest, reply) => {
          const client = (await whose(request, patientIdOf(request.query.patient), SEARCH_SCOPE))!;
          const page = pageOf(request.query);
          const filter = { client, date: dateRanges('date', request.query.date), lastUpdated: dateRanges('_lastUpdated', request.query._lastUpdated) };
          const found = await audited(request, client, (trx) => part.search(trx, filter, page));
          return fhir(
            reply,
            searchset(
              request,
              found.rows.map((row) => part.present(row, origin(request))),
              found.total,
              page,
            ),
          );
        });
      }

      // A signed therapy visit as an ABDM OPConsultRecord document (Composition/$document).
      api.get(
        '/Composition/:id/$document',
        { schema: route('fhirCompositionDocument'), config: { access: CLIENT_RECORD } },
        async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
          const record = await opConsultRecord(db, request.params.id);
          if (!record) throw notFound();
          const client = (await whose(request, record.client, READ_SCOPE))!;
          return fhir(reply, await audited(request, client, (trx) => record.bundle(trx)));
        },
      );

      api.get(
        '/Organization/:id',
        { schema: route('readFhirOrganization'), config: { access: CLINIC_RECORD } },
        async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
          if (request.params.id !== CLINIC_ORGANIZATION_ID) throw notFound();
          return fhir(reply, await organizationResource(db));
        },
      );

      api.get('/Practitioner/:id', { schema: route('readFhirPractitioner'), config: { access: CLINIC_RECORD } }, async (request: IdRequest, reply) => {
        const row = await findStaff(db, request.params.id);
        if (!row) throw notFound();
        return fhir(reply, practitionerResource(row));
      });

      api.get('/PractitionerRole/:id', { schema: route('readFhirPractitionerRole'), config: { access: CLINIC_RECORD } }, async (request: IdRequest, reply) => {
        const row = await findStaff(db, request.params.id);
        if (!row) throw notFound();
        return fhir(reply, practitionerRoleResource(row));
      });
    },
    { prefix: FHIR_ROOT },
  );
}
