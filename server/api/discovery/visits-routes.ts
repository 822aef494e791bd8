// /api/v1/discovery/visits: a prospect's discovery visits, booked as an appointment in the same
// transaction, noted (with the quick heart-risk estimate) and signed by their author once held.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { pipelineLifecycle } from '../../../machines/discovery/pipeline-lifecycle.ts';
import { hasUtcOffset } from '../../../machines/appointments/scheduling-rules.ts';
import { calculateHeartRisk, type HeartRiskInput, HeartRiskInputError } from '../../../machines/rules/heart-risk.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { book, bookingTransaction, explainConflict, SchedulingConflict, type BookingRequest } from '../appointments/booking.ts';
import { findService, getSettings } from '../appointments/data.ts';
import { SCHEDULING_TEXTS } from '../appointments/texts.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { findProgram } from '../programs/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { forbidden } from '../policy.ts';
import { findProspect, findVisit, insertVisit, listVisits, moveStage, signVisit, updateVisit, type VisitChanges } from './data.ts';
import { discoveryGuards } from './route-guards.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';

type S = components['schemas'];

/** Lists, books, reads, notes and signs discovery visits. */
export function discoveryVisitRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { staffOnly, prospectFor, visitFor } = discoveryGuards(db);

  app.get<{ Querystring: { prospect: number } }>(
    '/discovery/visits',
    { schema: contract.routeSchema('listDiscoveryVisits'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const prospect = await prospectFor(request, request.query.prospect, 'discovery.visit.list');
      return withAudit(db, { actor: caller, action: 'discovery.visit.list', client: prospect.id, requestId: request.id }, (trx) =>
        listVisits(trx, prospect.id),
      );
    },
  );

  app.post<{ Body: S['DiscoveryVisitCreate'] }>(
    '/discovery/visits',
    { schema: contract.routeSchema('createDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const found = await findProspect(db, body.prospect);
      await staffOnly(request, 'discovery.visit.create', found ? found.id : null);
      if (!found) throw badRequest('prospect', T.notProspect);
      if (!hasUtcOffset(body.start)) throw badRequest('start', SCHEDULING_TEXTS.noOffset);
      const service = await findService(db, body.service);
      if (!service) throw badRequest('service', T.noService);
      if (!service.active) throw badRequest('service', T.inactiveService);
      requireLifecycleStep(pipelineLifecycle, 'prospect', found.stage, 'discovery_booked');
      const channel = body.channel ?? 'in_clinic';
      const settings = await getSettings(db);
      const booking: BookingRequest = {
        client: found.id,
        service,
        staff: body.staff,
        start: body.start,
        channel,
        notes: '',
        status: 'booked',
        bookedBy: caller.id,
        online: false,
      };
      try {
        // Booking the visit is two acts on the prospect's record: the appointment and the visit.
        const visit = await withAudit(
          db,
          { actor: caller, action: 'appointment.create', also: ['discovery.visit.create'], client: found.id, requestId: request.id },
          async (trx) => {
            const current = (await findProspect(trx, found.id, true))!;
            requireLifecycleStep(pipelineLifecycle, 'prospect', current.stage, 'discovery_booked');
            const appointment = await book(trx, settings, booking);
            const id = await insertVisit(trx, { prospect: current.id, appointment: appointment.id, author: caller.id, channel });
            await moveStage(trx, current, 'discovery_booked', {}, caller.id);
            return (await findVisit(trx, id))!;
          },
          bookingTransaction,
        );
        reply.code(201);
        return visit;
      } catch (error) {
        if (error instanceof SchedulingConflict) {
          const explained = await explainConflict(db, settings, booking, error);
          return sendConflict(reply, explained);
        }
        throw error;
      }
    },
  );

  app.get<{ Params: { id: number } }>(
    '/discovery/visits/:id',
    { schema: contract.routeSchema('getDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const visit = await visitFor(request, request.params.id, 'discovery.visit.read');
      return withAudit(
        db,
        { actor: caller, action: 'discovery.visit.read', client: visit.prospect, requestId: request.id },
        async (trx) => (await findVisit(trx, visit.id))!,
      );
    },
  );

  app.patch<{ Params: { id: number }; Body: S['DiscoveryVisitPatch'] }>(
    '/discovery/visits/:id',
    { schema: contract.routeSchema('patchDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const visit = await visitFor(request, request.params.id, 'discovery.visit.update');
      if (visit.status === 'signed') throw new HttpError(409, T.visitSigned);
      const changes: VisitChanges = { ...body, heart_risk: undefined };
      if (body.heart_risk !== undefined) changes.heart_risk = body.heart_risk === null ? null : estimate(body.heart_risk);
      if (body.recommended_program !== undefined && body.recommended_program !== null) {
        const program = await findProgram(db, body.recommended_program);
        if (!program) throw badRequest('recommended_program', T.noProgram);
      }
      return withAudit(db, { actor: caller, action: 'discovery.visit.update', client: visit.prospect, requestId: request.id }, async (trx) => {
        const current = (await findVisit(trx, visit.id, true))!;
        if (current.status === 'signed') throw new HttpError(409, T.visitSigned);
        await updateVisit(trx, visit.id, changes);
        return (await findVisit(trx, visit.id))!;
      });
    },
  );

  app.post<{ Params: { id: number } }>(
    '/discovery/visits/:id/sign',
    { schema: contract.routeSchema('signDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const visit = await visitFor(request, request.params.id, 'discovery.visit.sign');
      if (visit.author !== caller.id)
        await refuse(db, { actor: caller, action: 'discovery.visit.sign', client: visit.prospect, requestId: request.id }, forbidden(T.authorSigns));
      if (visit.status === 'signed') throw new HttpError(409, T.visitSigned);
      if (!visit.outcome) throw badRequest('outcome', T.outcomeNeeded);
      // A note is signed once its visit has happened (issue 32), never ahead of it.
      if (visit.starts_at !== null && Date.now() < Date.parse(visit.starts_at)) throw new HttpError(409, T.beforeVisit(await clinicWhen(db, visit.starts_at)));
      return withAudit(db, { actor: caller, action: 'discovery.visit.sign', client: visit.prospect, requestId: request.id }, async (trx) => {
        const current = (await findVisit(trx, visit.id, true))!;
        if (current.status === 'signed') throw new HttpError(409, T.visitSigned);
        await signVisit(trx, visit.id);
        // Holding the visit moves the pipeline on; a prospect already moved elsewhere stays put.
        const prospect = (await findProspect(trx, visit.prospect, true))!;
        if (prospect.stage === 'discovery_booked') await moveStage(trx, prospect, current.outcome === 'no_show' ? 'no_show' : 'discovery_done', {}, caller.id);
        return (await findVisit(trx, visit.id))!;
      });
    },
  );
}

function sendConflict(reply: FastifyReply, error: SchedulingConflict) {
  return reply.code(409).type('application/json; charset=utf-8').send({ detail: error.detail, conflicts: error.conflicts });
}

/** The quick heart-risk estimate, scored by the thrive check's own scoring. */
function estimate(input: S['DiscoveryHeartRiskInput']): NonNullable<S['DiscoveryVisit']['heart_risk']> {
  try {
    const result = calculateHeartRisk(input as HeartRiskInput);
    return {
      input: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
      points: result.points,
      riskPercentage: result.riskPercentage,
      band: result.band,
      in_validated_age_range: result.inValidatedAgeRange,
    };
  } catch (error) {
    if (!(error instanceof HeartRiskInputError)) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([field, reason]) => [`heart_risk.${field}`, [reason as string]]));
    throw new HttpError(400, `Invalid request: ${Object.keys(errors).join(', ')}`, errors);
  }
}
