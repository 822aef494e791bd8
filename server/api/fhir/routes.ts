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
import { findObservation, observationResource, searchObservations } from './observation.ts';
import { CLINIC_ORGANIZATION_ID, organizationResource } from './organization.ts';
import { FHIR_JSON, fhirErrorHandler } from './outcome.ts';
import { findPatient, patientResource, searchPatients } from './patient.ts';
import { findStaff, practitionerResource, practitionerRoleResource } from './practitioner.ts';
import { dateRanges, pageOf, patientIdOf, type SearchQuery, searchset } from './search.ts';
import { FHIR_TEXTS } from './texts.ts';

const ACTION = 'fhir.read';
const CLIENT_RECORD: Access = { roles: 'signed-in', client: 'own' };
const CLINIC_RECORD: Access = { roles: 'signed-in', client: 'none' };
/** Searches of a client's record: a client their own (`patient` may be left out), staff name the client. */
const SEARCH_SCOPE: ScopeRule = { clients: 'own', staffName: 'client', unnamed: () => badRequest('patient', FHIR_TEXTS.patientRequired) };
/** Reads of one client's record: a client their own, staff any client's; not a client answers 404. */
const READ_SCOPE: ScopeRule = { clients: 'own', staffName: 'client' };

type IdRequest = FastifyRequest<{ Params: { id: number } }>;
type SearchRequest = FastifyRequest<{ Querystring: SearchQuery }>;

const fhir = (reply: FastifyReply, body: unknown) => reply.type(FHIR_JSON).send(body);

/** A client's record search: whose (checked and audited), with its date filters and page. */
type ClientSearch<R> = (
  db: ApiContext['db'],
  filter: { client: number; date: ReturnType<typeof dateRanges>; lastUpdated: ReturnType<typeof dateRanges> },
  page: ReturnType<typeof pageOf>,
) => Promise<{ total: number; rows: R[] }>;

export async function fhirRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const route = (operationId: string) => contract.routeSchema(operationId);

  /** Whose record the request reaches, refused (and audited) as the business API refuses. */
  const whose = (request: FastifyRequest, asked: number | undefined, rule: ScopeRule) =>
    scopedClient(db, { caller: callerOf(request), asked, action: ACTION, requestId: request.id }, rule);

  /** One read of `client`'s record, audited in the transaction that reads it. */
  const audited = <T>(request: FastifyRequest, client: number | readonly number[] | null, read: (trx: ApiContext['db']) => Promise<T>) =>
    withAudit(db, { actor: callerOf(request), action: ACTION, client: () => client, requestId: request.id }, read);

  await app.register(async (api) => {
    api.setErrorHandler(fhirErrorHandler);

    api.get(
      '/fhir/R4/metadata',
      { schema: route('getFhirCapabilities'), config: { public: true, access: { roles: 'public', client: 'none' } } },
      async (request, reply) => fhir(reply, capabilityStatement(request)),
    );

    api.get('/fhir/R4/Patient', { schema: route('searchFhirPatients'), config: { access: CLIENT_RECORD } }, async (request: SearchRequest, reply) => {
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

    api.get('/fhir/R4/Patient/:id', { schema: route('readFhirPatient'), config: { access: CLIENT_RECORD } }, async (request: IdRequest, reply) => {
      const client = (await whose(request, request.params.id, READ_SCOPE))!;
      const row = await audited(request, client, (trx) => findPatient(trx, client));
      if (!row) throw notFound();
      return fhir(reply, patientResource(row));
    });

    api.get(
      '/fhir/R4/Patient/:id/$everything',
      { schema: route('fhirPatientEverything'), config: { access: CLIENT_RECORD } },
      async (request: IdRequest, reply) => {
        const client = (await whose(request, request.params.id, READ_SCOPE))!;
        const all = { client, date: [], lastUpdated: [] };
        const everything = await audited(request, client, async (trx) => {
          const patient = await findPatient(trx, client);
          if (!patient) throw notFound();
          const [observations, appointments, consents, organization] = await Promise.all([
            searchObservations(trx, all, null),
            searchAppointments(trx, all, null),
            searchConsents(trx, all, null),
            organizationResource(trx),
          ]);
          return [
            patientResource(patient),
            organization,
            ...observations.rows.map(observationResource),
            ...appointments.rows.map(appointmentResource),
            ...consents.rows.map(consentResource),
          ];
        });
        return fhir(reply, searchset(request, everything, everything.length, { count: everything.length, offset: 0 }));
      },
    );

    // A client's record, one resource type at a time: read by id and search.
    const clientRecord = <R extends { client_id?: number; user_id?: number }>(
      type: string,
      operations: { read: string; search: string },
      find: (d: ApiContext['db'], id: number) => Promise<R | undefined>,
      search: ClientSearch<R>,
      present: (row: R) => { resourceType: string; id: string },
    ) => {
      api.get(`/fhir/R4/${type}/:id`, { schema: route(operations.read), config: { access: CLIENT_RECORD } }, async (request: IdRequest, reply) => {
        const row = await find(db, request.params.id);
        if (!row) throw notFound();
        const client = (await whose(request, row.client_id ?? row.user_id, READ_SCOPE))!;
        await audited(request, client, async () => undefined);
        return fhir(reply, present(row));
      });
      api.get(`/fhir/R4/${type}`, { schema: route(operations.search), config: { access: CLIENT_RECORD } }, async (request: SearchRequest, reply) => {
        const client = (await whose(request, patientIdOf(request.query.patient), SEARCH_SCOPE))!;
        const page = pageOf(request.query);
        const filter = { client, date: dateRanges('date', request.query.date), lastUpdated: dateRanges('_lastUpdated', request.query._lastUpdated) };
        const found = await audited(request, client, (trx) => search(trx, filter, page));
        return fhir(reply, searchset(request, found.rows.map(present), found.total, page));
      });
    };
    clientRecord('Observation', { read: 'readFhirObservation', search: 'searchFhirObservations' }, findObservation, searchObservations, observationResource);
    clientRecord('Appointment', { read: 'readFhirAppointment', search: 'searchFhirAppointments' }, findAppointment, searchAppointments, appointmentResource);
    clientRecord('Consent', { read: 'readFhirConsent', search: 'searchFhirConsents' }, findConsent, searchConsents, consentResource);

    api.get(
      '/fhir/R4/Organization/:id',
      { schema: route('readFhirOrganization'), config: { access: CLINIC_RECORD } },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
        if (request.params.id !== CLINIC_ORGANIZATION_ID) throw notFound();
        return fhir(reply, await organizationResource(db));
      },
    );

    api.get('/fhir/R4/Practitioner/:id', { schema: route('readFhirPractitioner'), config: { access: CLINIC_RECORD } }, async (request: IdRequest, reply) => {
      const row = await findStaff(db, request.params.id);
      if (!row) throw notFound();
      return fhir(reply, practitionerResource(row));
    });

    api.get(
      '/fhir/R4/PractitionerRole/:id',
      { schema: route('readFhirPractitionerRole'), config: { access: CLINIC_RECORD } },
      async (request: IdRequest, reply) => {
        const row = await findStaff(db, request.params.id);
        if (!row) throw notFound();
        return fhir(reply, practitionerRoleResource(row));
      },
    );
  });
}
