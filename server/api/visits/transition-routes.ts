// /api/v1/visits/therapy-visits/:id/transitions, addenda and previous-settings: the visit's
// status steps (machines/visits/visit-lifecycle.ts, its appointment following), the notes added
// after signing, and the last visit's parameters to start from.
import type { FastifyInstance } from 'fastify';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import { visitAccepts, visitLifecycle } from '../../../machines/visits/visit-lifecycle.ts';
import { clientRequiredErrors, missingForCompletion, startBlockers } from '../../../machines/visits/visit-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { followChart } from '../appointments/transitions.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { forbidden, isDoctor } from '../policy.ts';
import { isDiabetic } from './client-facts.ts';
import {
  appointmentStartOf,
  drawFromLot,
  findLot,
  findVisitRow,
  getTherapySettings,
  insertAddendum,
  previousVisit,
  screeningFor,
  updateVisit,
  type VisitChanges,
} from './data.ts';
import { act, checkIv, invalid, present, type S, visitGuards } from './route-helpers.ts';
import { VISIT_TEXTS as T } from './texts.ts';

/** Moves a visit along its chart, adds addenda and reads the previous settings. */
export function visitTransitionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;
  const { visitFor, chartingOnly } = visitGuards(db);

  app.post<{ Params: { id: number }; Body: S['TherapyVisitTransition'] }>(
    '/visits/therapy-visits/:id/transitions',
    { schema: contract.routeSchema('transitionTherapyVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const visit = await visitFor(caller, request.params.id, 'visit.transition', request.id);
      await chartingOnly(caller, 'visit.transition', visit.client_id, request.id);
      if (body.to === 'aborted' && !body.reason?.trim()) throw badRequest('reason', T.reasonNeeded);
      const overriding = body.override_reason !== undefined;
      if (overriding && !body.override_reason!.trim()) throw badRequest('override_reason', T.reasonNeeded);
      if (overriding && !isDoctor(caller.role)) throw forbidden(T.doctorOnly);
      const settings = await getTherapySettings(db);
      return withAudit(db, { actor: caller, action: act('visit.transition'), client: visit.client_id, requestId: request.id }, async (trx) => {
        const current = (await findVisitRow(trx, visit.id, true))!;
        const content = {
          therapy: current.therapy,
          vitals_before: current.vitals_before,
          vitals_after: current.vitals_after,
          parameters: current.parameters,
          diabetic: await isDiabetic(trx, current.client_id),
        };
        const screening = await screeningFor(trx, current.client_id, current.therapy);
        const changes: VisitChanges = { status: body.to };
        if (overriding) {
          const blocking = startBlockers(content, 'clear', false, settings).filter((b) => b.endsWith('.blocking'));
          if (body.to !== 'in_progress' || blocking.length === 0) throw new HttpError(409, T.overrideNotBlocking);
          changes.vitals_override_reason = body.override_reason!.trim();
          changes.vitals_override_by = caller.id;
        }
        const blockers = startBlockers(content, screening.state, current.vitals_override_reason !== null || overriding, settings);
        const missing = missingForCompletion(content);
        if (current.status === 'draft' && body.to === 'in_progress' && blockers.length)
          throw new HttpError(409, T.blocked(blockers, current.therapy as Therapy));
        // What this client needs in particular (glucose before HBOT when diabetic) is bad input, the field named.
        if (current.status === 'in_progress' && body.to === 'completed' && Object.keys(clientRequiredErrors(content)).length)
          throw invalid(clientRequiredErrors(content));
        if (current.status === 'in_progress' && body.to === 'completed' && missing.length)
          throw new HttpError(409, T.missing(missing, current.therapy as Therapy));
        // Not completed or signed before its appointment has started (issue 32), said in words.
        const appointmentStart = current.appointment_id === null ? null : await appointmentStartOf(trx, current.appointment_id);
        const beforeAppointment = appointmentStart !== null && Date.now() < appointmentStart.getTime();
        if (
          beforeAppointment &&
          (body.to === 'completed' || body.to === 'signed') &&
          visitAccepts(current.status, body.to === 'completed' ? 'visit.complete' : 'visit.sign', { missing, signer_id: caller.id })
        ) {
          throw new HttpError(409, T.beforeAppointment(body.to, await clinicWhen(trx, appointmentStart!)));
        }
        // The same chart the form asks decides here; nothing is written unless it is one step.
        requireLifecycleStep(visitLifecycle, 'visit', current.status, body.to, {
          extras: { blockers, missing, signer_id: caller.id, reason: body.reason, before_appointment: beforeAppointment },
        });
        // The appointment follows its chart in this transaction (machines/visits/appointment-coupling.ts).
        if (current.appointment_id !== null)
          await followChart(trx, current.appointment_id, body.to, caller.id, body.to === 'aborted' ? T.abortedChart(body.reason!.trim()) : '');
        if (body.to === 'in_progress') {
          changes.started = true;
          changes.screen_id = screening.screen?.id ?? null;
        }
        if (body.to === 'aborted') changes.abort_reason = body.reason!.trim();
        if (body.to === 'signed') {
          changes.signed = true;
          changes.signed_by = caller.id;
        }
        if (body.to === 'completed') {
          changes.completed = true;
          if (current.therapy === 'iv') {
            await checkIv(trx, current.parameters);
            const ingredients = (current.parameters.ingredients ?? []) as Array<{ dose: number; lot: number }>;
            for (const ingredient of ingredients) {
              if (!(await drawFromLot(trx, ingredient.lot, ingredient.dose, current.id, caller.id))) {
                const lot = await findLot(trx, ingredient.lot);
                throw new HttpError(409, T.notEnoughStock(lot?.lot_number ?? String(ingredient.lot)));
              }
            }
          }
        }
        await updateVisit(trx, current.id, changes);
        return present(trx, (await findVisitRow(trx, current.id))!, settings);
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['TherapyVisitAddendumCreate'] }>(
    '/visits/therapy-visits/:id/addenda',
    { schema: contract.routeSchema('addTherapyVisitAddendum'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly, refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const text = request.body.text.trim();
      if (!text) throw badRequest('text', T.reasonNeeded);
      const visit = await visitFor(caller, request.params.id, 'visit.addendum', request.id);
      await chartingOnly(caller, 'visit.addendum', visit.client_id, request.id);
      const settings = await getTherapySettings(db);
      const result = await withAudit(db, { actor: caller, action: act('visit.addendum'), client: visit.client_id, requestId: request.id }, async (trx) => {
        const current = (await findVisitRow(trx, visit.id, true))!;
        if (!visitAccepts(current.status, 'visit.addendum', { text })) throw new HttpError(409, T.addendumOnlySigned);
        await insertAddendum(trx, current.id, caller.id, text);
        return present(trx, current, settings);
      });
      reply.code(201);
      return result;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/visits/therapy-visits/:id/previous-settings',
    { schema: contract.routeSchema('getPreviousTherapySettings'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const visit = await visitFor(caller, request.params.id, 'visit.read', request.id);
      return withAudit(db, { actor: caller, action: act('visit.read'), client: visit.client_id, requestId: request.id }, async (trx) => {
        const previous = await previousVisit(trx, visit);
        return { visit: previous?.id ?? null, parameters: previous?.parameters ?? {} };
      });
    },
  );
}
