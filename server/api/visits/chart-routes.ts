// /api/v1/visits/therapy-visits: the list (a client's only their completed sessions), opening a
// chart (from a checked-in appointment or for a client and therapy), reading and editing it.
import type { FastifyInstance } from 'fastify';
import { isTherapy, type Therapy } from '../../../machines/visits/therapy-fields.ts';
import { type VisitStatus, visitAccepts } from '../../../machines/visits/visit-lifecycle.ts';
import { parameterErrors, type FieldErrors, vitalErrors } from '../../../machines/visits/visit-rules.ts';
import { wordsInSentence } from '../../../machines/rules/words.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { scopedClient } from '../client-scope.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole } from '../policy.ts';
import {
  appointmentForVisit,
  findVisitRow,
  firstResourceOf,
  getTherapySettings,
  insertVisit,
  isClient,
  listVisits,
  updateVisit,
  userExists,
  type VisitChanges,
} from './data.ts';
import { act, checkIv, checkRecipeOffered, invalid, OWN_VISITS, present, type S, visitGuards } from './route-helpers.ts';
import { VISIT_TEXTS as T } from './texts.ts';

/** Lists, opens, reads and edits visit charts; every read and write is audited. */
export function chartRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { visitFor, chartingOnly } = visitGuards(db);

  app.get<{ Querystring: { client?: number; therapy?: Therapy; status?: VisitStatus } }>(
    '/visits/therapy-visits',
    { schema: contract.routeSchema('listTherapyVisits'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (isClientRole(caller.role)) {
        await scopedClient(db, { caller, asked: q.client, action: act('visit.list'), requestId: request.id }, OWN_VISITS);
        // A client sees that a session happened, never its chart.
        const statuses: VisitStatus[] = q.status ? (['completed', 'signed'].includes(q.status) ? [q.status] : []) : ['completed', 'signed'];
        return withAudit(db, { actor: caller, action: act('visit.list'), client: caller.id, requestId: request.id }, async (trx) =>
          statuses.length ? listVisits(trx, { client: caller.id, therapy: q.therapy, statuses }) : [],
        );
      }
      // A client id that names nobody has no record to list (and no audit subject).
      const subject = q.client !== undefined && (await userExists(db, q.client)) ? q.client : null;
      if (q.client !== undefined && subject === null) return [];
      return withAudit(db, { actor: caller, action: act('visit.list'), client: subject, requestId: request.id }, (trx) =>
        listVisits(trx, { client: q.client, therapy: q.therapy, status: q.status }),
      );
    },
  );

  app.post<{ Body: S['TherapyVisitCreate'] }>(
    '/visits/therapy-visits',
    { schema: contract.routeSchema('createTherapyVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      await chartingOnly(caller, 'visit.create', null, request.id);
      let fields: { client: number; therapy: Therapy; appointment: number | null; resource: number | null; package: number | null };
      if (body.appointment !== undefined) {
        const appointment = await appointmentForVisit(db, body.appointment);
        if (!appointment) throw badRequest('appointment', 'No such appointment.');
        if (body.client !== undefined && body.client !== appointment.client_id) throw badRequest('client', T.wrongClient);
        if (!isTherapy(appointment.therapy)) throw badRequest('appointment', T.notTherapy);
        if (body.therapy !== undefined && body.therapy !== appointment.therapy) throw badRequest('therapy', T.notTherapy);
        if (appointment.status !== 'checked_in' && appointment.status !== 'in_progress') throw new HttpError(409, T.notCheckedIn);
        fields = {
          client: appointment.client_id,
          therapy: appointment.therapy,
          appointment: appointment.id,
          resource: await firstResourceOf(db, appointment.id),
          package: appointment.package_id,
        };
      } else {
        const errors: FieldErrors = {};
        if (body.client === undefined) errors.client = [T.needsClientAndTherapy];
        if (body.therapy === undefined) errors.therapy = [T.needsClientAndTherapy];
        if (Object.keys(errors).length) throw invalid(errors);
        if (!(await isClient(db, body.client!))) throw badRequest('client', T.notClient);
        fields = { client: body.client!, therapy: body.therapy!, appointment: null, resource: null, package: null };
      }
      const settings = await getTherapySettings(db);
      try {
        const created = await withAudit(db, { actor: caller, action: act('visit.create'), client: fields.client, requestId: request.id }, async (trx) => {
          const id = await insertVisit(trx, { ...fields, staff: caller.id, by: caller.id });
          return present(trx, (await findVisitRow(trx, id))!, settings);
        });
        reply.code(201);
        return created;
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, T.appointmentHasVisit);
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/visits/therapy-visits/:id',
    { schema: contract.routeSchema('getTherapyVisit'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const visit = await visitFor(caller, request.params.id, 'visit.read', request.id);
      const settings = await getTherapySettings(db);
      return withAudit(db, { actor: caller, action: act('visit.read'), client: visit.client_id, requestId: request.id }, (trx) =>
        present(trx, visit, settings),
      );
    },
  );

  app.patch<{ Params: { id: number }; Body: S['TherapyVisitPatch'] }>(
    '/visits/therapy-visits/:id',
    { schema: contract.routeSchema('patchTherapyVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const visit = await visitFor(caller, request.params.id, 'visit.update', request.id);
      await chartingOnly(caller, 'visit.update', visit.client_id, request.id);
      const settings = await getTherapySettings(db);
      const errors: FieldErrors = Object.create(null);
      if (body.vitals_before !== undefined) Object.assign(errors, vitalErrors(body.vitals_before, 'vitals_before'));
      if (body.vitals_after !== undefined) Object.assign(errors, vitalErrors(body.vitals_after, 'vitals_after'));
      if (body.parameters !== undefined) Object.assign(errors, parameterErrors(visit.therapy, body.parameters, settings));
      if (Object.keys(errors).length) throw invalid(errors);
      if (body.parameters !== undefined && visit.therapy === 'iv') await checkIv(db, body.parameters);
      if (body.parameters !== undefined && visit.therapy === 'iv') await checkRecipeOffered(db, body.parameters, visit.parameters);
      return withAudit(db, { actor: caller, action: act('visit.update'), client: visit.client_id, requestId: request.id }, async (trx) => {
        const current = (await findVisitRow(trx, visit.id, true))!;
        if (current.status === 'signed') throw new HttpError(409, T.locked);
        if (!visitAccepts(current.status, 'visit.edit')) throw new HttpError(409, T.notEditable(wordsInSentence(current.status)));
        if (current.version !== body.version) throw new HttpError(409, T.changedElsewhere);
        const changes: VisitChanges = {
          vitals_before: body.vitals_before,
          vitals_after: body.vitals_after,
          parameters: body.parameters,
          events: body.events,
          adverse_events: body.adverse_events,
          notes: body.notes,
        };
        await updateVisit(trx, visit.id, changes);
        return present(trx, (await findVisitRow(trx, visit.id))!, settings);
      });
    },
  );
}
