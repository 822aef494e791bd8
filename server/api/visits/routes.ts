// /api/v1/visits/*: therapy visit charts (issue 17), their contraindication screens, the clinic's
// therapy settings, IV recipes and stock lots.
// Authorization: NURSE and DOCTOR chart, screen and sign; other staff read; only a DOCTOR overrides
// a relative contraindication or blocking vitals; ADMIN and SUPER_ADMIN keep the back office
// (settings, recipes, lots). A CLIENT lists only their own completed sessions, never a chart
// (another client's answers 404). Status changes are steps of machines/visits/visit-lifecycle.ts
// or 409, and edits are accepted only where that chart takes `visit.edit`. Every read and write of
// a visit or screen is audited, the write's entry in its own transaction.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { isTherapy, type Therapy } from '../../../machines/visits/therapy-fields.ts';
import { mayChart } from '../../../machines/visits/charting-roles.ts';
import { type VisitStatus, visitAccepts, visitLifecycle } from '../../../machines/visits/visit-lifecycle.ts';
import { clientRequiredErrors, computedValues, missingForCompletion, parameterErrors, screeningResult, startBlockers, therapySettingsErrors, type FieldErrors, vitalErrors, visitWarnings } from '../../../machines/visits/visit-rules.ts';
import type { TherapySettings } from '../../../machines/visits/visit-settings.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../data/audit.ts';
import { clinicToday } from '../data/clinic-settings.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { followChart } from '../appointments/transitions.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { type Caller, forbidden, isClientRole, isDoctor, isStaff, notFound } from '../policy.ts';
import {
  drawFromLot,
  findLot,
  findRecipe,
  findScreen,
  findVisitRow,
  getTherapySettings,
  insertAddendum,
  insertLot,
  insertRecipe,
  adjustLot,
  insertScreen,
  insertVisit,
  isClient,
  userExists,
  listAddenda,
  listLots,
  listMovements,
  listRecipes,
  listScreens,
  listVisits,
  overrideScreen,
  previousVisit,
  saveTherapySettings,
  screeningFor,
  updateVisit,
  updateRecipe,
  type VisitChanges,
  type VisitRow,
  visitHeader,
} from './data.ts';
import { isDiabetic } from './client-facts.ts';
import { VISIT_TEXTS as T } from './texts.ts';
import { wordsInSentence } from '../../../machines/rules/words.ts';
import { type ScopeRule, scopedClient } from '../client-scope.ts';

/** Screens are the clinic's working record: staff on a client (400 for anyone else), never a client (404, audited). */
/** A client's own visits (another's 404, audited). */
const OWN_VISITS: ScopeRule = { clients: 'own', staffName: 'user' };
const SCREENED_CLIENT: ScopeRule = { clients: 'none', staffName: 'client', outside: () => badRequest('client', T.notClient) };

type S = components['schemas'];

type VisitAction =
  | 'visit.list'
  | 'visit.read'
  | 'visit.create'
  | 'visit.update'
  | 'visit.transition'
  | 'visit.addendum'
  | 'visit.screen.list'
  | 'visit.screen.create'
  | 'visit.screen.override'
  | 'visit.settings.update'
  | 'visit.recipe.create'
  | 'visit.recipe.update'
  | 'visit.stock.create'
  | 'visit.stock.adjust'
  | 'visit.stock.history';
// Typed against the contract's AuditAction, so an action missing there does not compile.
const act = (action: VisitAction): AuditAction => action;

const canChart = (caller: Caller) => mayChart(caller.role);

async function appointmentStartOf(q: Db, appointment: number): Promise<Date | null> {
  const row = await q.selectFrom('appointments').select('starts_at').where('id', '=', appointment).executeTakeFirst();
  return row ? new Date(row.starts_at as Date) : null;
}

function invalid(errors: FieldErrors): HttpError {
  const fields = Object.keys(errors);
  return new HttpError(400, `Invalid ${fields.join(', ')}: ${errors[fields[0]][0]}`, errors);
}

export async function therapyVisitRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  /** The visit as the chart shows it: header, screening, warnings, blockers and what is missing. */
  async function present(q: Db, v: VisitRow, settings: TherapySettings): Promise<S['TherapyVisit']> {
    const screening = await screeningFor(q, v.client_id, v.therapy);
    const diabetic = await isDiabetic(q, v.client_id);
    const content = { therapy: v.therapy, vitals_before: v.vitals_before, vitals_after: v.vitals_after, parameters: v.parameters, diabetic };
    return {
      id: v.id,
      client: v.client_id,
      therapy: v.therapy,
      status: v.status,
      appointment: v.appointment_id,
      resource: v.resource_id,
      staff: v.staff_id,
      package: v.package_id,
      header: await visitHeader(q, v),
      client_diabetic: diabetic,
      screening: screening.state,
      screen: screening.screen,
      vitals_before: v.vitals_before,
      vitals_after: v.vitals_after,
      parameters: v.parameters,
      computed: computedValues(v.therapy, v.parameters),
      events: v.events,
      adverse_events: v.adverse_events,
      notes: v.notes,
      warnings: visitWarnings(content, settings),
      blockers: startBlockers(content, screening.state, v.vitals_override_reason !== null, settings),
      missing: missingForCompletion(content),
      vitals_override_reason: v.vitals_override_reason,
      abort_reason: v.abort_reason,
      started_at: v.started_at && new Date(v.started_at).toISOString(),
      completed_at: v.completed_at && new Date(v.completed_at).toISOString(),
      signed_by: v.signed_by,
      signed_at: v.signed_at && new Date(v.signed_at).toISOString(),
      version: v.version,
      addenda: await listAddenda(q, v.id),
      created_at: new Date(v.created_at).toISOString(),
      updated_at: new Date(v.updated_at).toISOString(),
    };
  }

  /** The visit for a staff member, or 404; a client's attempt is refused on the trail as not found. */
  async function visitFor(caller: Caller, id: number, action: VisitAction, requestId: string): Promise<VisitRow> {
    const visit = await findVisitRow(db, id);
    if (!isStaff(caller.role)) {
      if (visit) await refuse(db, { actor: caller, action: act(action), client: visit.client_id, requestId }, notFound());
      throw notFound();
    }
    if (!visit) throw notFound();
    return visit;
  }

  async function chartingOnly(caller: Caller, action: VisitAction, client: number | null, requestId: string): Promise<void> {
    if (canChart(caller)) return;
    if (client !== null) await refuse(db, { actor: caller, action: act(action), client, requestId }, forbidden(T.readOnly));
    throw forbidden(T.readOnly);
  }

  /**
   * A deactivated recipe is not offered for new charting: a visit may keep the recipe it already
   * has (past visits keep theirs), but may not switch to one taken out of use.
   */
  async function checkRecipeOffered(q: Db, parameters: Record<string, unknown>, before: Record<string, unknown>): Promise<void> {
    if (typeof parameters.recipe !== 'number' || parameters.recipe === before.recipe) return;
    const recipe = await findRecipe(q, parameters.recipe);
    if (recipe && !recipe.active) throw badRequest('parameters.recipe', T.recipeInactive);
  }

  /** IV ingredients refer to real lots of the same item and unit, none expired; the recipe exists. */
  async function checkIv(q: Db, parameters: Record<string, unknown>): Promise<void> {
    if (typeof parameters.recipe === 'number' && !(await findRecipe(q, parameters.recipe))) throw badRequest('parameters.recipe', T.unknownRecipe);
    const ingredients = Array.isArray(parameters.ingredients) ? (parameters.ingredients as Array<{ item: string; unit: string; lot: number }>) : [];
    const today = await clinicToday(q);
    for (const [i, ingredient] of ingredients.entries()) {
      const field = `parameters.ingredients.${i}.lot`;
      const lot = await findLot(q, ingredient.lot);
      if (!lot) throw badRequest(field, T.unknownLot);
      if (lot.item !== ingredient.item) throw badRequest(field, T.lotItem(ingredient.item));
      if (lot.unit !== ingredient.unit) throw badRequest(field, T.lotUnit(lot.unit));
      if (lot.expires_on < today) throw badRequest(field, T.lotExpired(lot.expires_on));
    }
  }

  // ---- visits ----

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

  app.post<{ Body: S['TherapyVisitCreate'] }>('/visits/therapy-visits', { schema: contract.routeSchema('createTherapyVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    await chartingOnly(caller, 'visit.create', null, request.id);
    let fields: { client: number; therapy: Therapy; appointment: number | null; resource: number | null; package: number | null };
    if (body.appointment !== undefined) {
      const appointment = (
        await db
          .selectFrom('appointments')
          .innerJoin('services', 'services.id', 'appointments.service_id')
          .select(['appointments.id', 'appointments.client_id', 'appointments.status', 'appointments.package_id', 'services.therapy'])
          .where('appointments.id', '=', body.appointment)
          .execute()
      )[0];
      if (!appointment) throw badRequest('appointment', 'No such appointment.');
      if (body.client !== undefined && body.client !== appointment.client_id) throw badRequest('client', T.wrongClient);
      if (!isTherapy(appointment.therapy)) throw badRequest('appointment', T.notTherapy);
      if (body.therapy !== undefined && body.therapy !== appointment.therapy) throw badRequest('therapy', T.notTherapy);
      if (appointment.status !== 'checked_in' && appointment.status !== 'in_progress') throw new HttpError(409, T.notCheckedIn);
      const resource = (await db.selectFrom('appointment_resources').select('resource_id').where('appointment_id', '=', appointment.id).orderBy('resource_id').execute())[0];
      fields = { client: appointment.client_id, therapy: appointment.therapy, appointment: appointment.id, resource: resource?.resource_id ?? null, package: appointment.package_id };
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
  });

  app.get<{ Params: { id: number } }>('/visits/therapy-visits/:id', { schema: contract.routeSchema('getTherapyVisit'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const visit = await visitFor(caller, request.params.id, 'visit.read', request.id);
    const settings = await getTherapySettings(db);
    return withAudit(db, { actor: caller, action: act('visit.read'), client: visit.client_id, requestId: request.id }, (trx) => present(trx, visit, settings));
  });

  app.patch<{ Params: { id: number }; Body: S['TherapyVisitPatch'] }>('/visits/therapy-visits/:id', { schema: contract.routeSchema('patchTherapyVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.readOnly, refusal: 'audited' } } }, async (request) => {
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
  });

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
        const content = { therapy: current.therapy, vitals_before: current.vitals_before, vitals_after: current.vitals_after, parameters: current.parameters, diabetic: await isDiabetic(trx, current.client_id) };
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
        if (current.status === 'draft' && body.to === 'in_progress' && blockers.length) throw new HttpError(409, T.blocked(blockers, current.therapy as Therapy));
        // What this client needs in particular (glucose before HBOT when diabetic) is bad input, the field named.
        if (current.status === 'in_progress' && body.to === 'completed' && Object.keys(clientRequiredErrors(content)).length) throw invalid(clientRequiredErrors(content));
        if (current.status === 'in_progress' && body.to === 'completed' && missing.length) throw new HttpError(409, T.missing(missing, current.therapy as Therapy));
        // Not completed or signed before its appointment has started (issue 32), said in words.
        const appointmentStart = current.appointment_id === null ? null : await appointmentStartOf(trx, current.appointment_id);
        const beforeAppointment = appointmentStart !== null && Date.now() < appointmentStart.getTime();
        if (beforeAppointment && (body.to === 'completed' || body.to === 'signed') && visitAccepts(current.status, body.to === 'completed' ? 'visit.complete' : 'visit.sign', { missing, signer_id: caller.id })) {
          throw new HttpError(409, T.beforeAppointment(body.to, await clinicWhen(trx, appointmentStart!)));
        }
        // The same chart the form asks decides here; nothing is written unless it is one step.
        requireLifecycleStep(visitLifecycle, 'visit', current.status, body.to, {
          extras: { blockers, missing, signer_id: caller.id, reason: body.reason, before_appointment: beforeAppointment },
        });
        // The appointment follows its chart in this transaction (machines/visits/appointment-coupling.ts).
        if (current.appointment_id !== null) await followChart(trx, current.appointment_id, body.to, caller.id, body.to === 'aborted' ? T.abortedChart(body.reason!.trim()) : '');
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

  // ---- contraindication screens ----

  app.get<{ Querystring: { client: number; therapy?: Therapy } }>(
    '/visits/contraindication-screens',
    { schema: contract.routeSchema('listContraindicationScreens'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const { client, therapy } = request.query;
      await scopedClient(db, { caller, asked: client, action: act('visit.screen.list'), requestId: request.id }, SCREENED_CLIENT);
      return withAudit(db, { actor: caller, action: act('visit.screen.list'), client, requestId: request.id }, (trx) => listScreens(trx, client, therapy));
    },
  );

  app.post<{ Body: S['ContraindicationScreenCreate'] }>(
    '/visits/contraindication-screens',
    { schema: contract.routeSchema('createContraindicationScreen'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      await scopedClient(db, { caller, asked: body.client, action: act('visit.screen.create'), requestId: request.id }, SCREENED_CLIENT);
      await chartingOnly(caller, 'visit.screen.create', body.client, request.id);
      const settings = await getTherapySettings(db);
      const known = new Set(settings.contraindications[body.therapy].map((c) => c.key));
      const unknown = Object.keys(body.answers).filter((k) => !known.has(k));
      if (unknown.length) throw invalid(Object.fromEntries(unknown.map((k) => [`answers.${k}`, [T.unknownContraindication]])));
      const result = screeningResult(body.therapy, body.answers, settings);
      const screen = await withAudit(db, { actor: caller, action: act('visit.screen.create'), client: body.client, requestId: request.id }, (trx) =>
        insertScreen(trx, { client: body.client, therapy: body.therapy, answers: body.answers, result, notes: body.notes?.trim() ?? '', by: caller.id, validDays: settings.screening_valid_days }),
      );
      reply.code(201);
      return screen;
    },
  );

  app.post<{ Params: { id: number }; Body: S['ContraindicationOverride'] }>(
    '/visits/contraindication-screens/:id/override',
    { schema: contract.routeSchema('overrideContraindicationScreen'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const reason = request.body.reason.trim();
      const screen = await findScreen(db, request.params.id);
      if (!isStaff(caller.role)) {
        if (screen) await refuse(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, notFound());
        throw notFound();
      }
      if (!screen) throw notFound();
      if (!isDoctor(caller.role)) await refuse(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, forbidden(T.doctorOnly));
      if (!reason) throw badRequest('reason', T.reasonNeeded);
      return withAudit(db, { actor: caller, action: act('visit.screen.override'), client: screen.client, requestId: request.id }, async (trx) => {
        const current = (await findScreen(trx, screen.id, true))!;
        if (current.result === 'absolute') throw new HttpError(409, T.screenAbsolute);
        if (current.result === 'clear') throw new HttpError(409, T.screenClear);
        if (current.override_reason) throw new HttpError(409, T.screenOverridden);
        return overrideScreen(trx, current.id, reason, caller.id);
      });
    },
  );

  // ---- the back office: settings, recipes, lots ----

  app.get('/visits/therapy-settings', { schema: contract.routeSchema('getTherapySettings'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } }, async () => {
    return getTherapySettings(db);
  });

  app.patch<{ Body: S['TherapySettingsPatch'] }>('/visits/therapy-settings', { schema: contract.routeSchema('patchTherapySettings'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } }, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const current = await getTherapySettings(db);
    const next: TherapySettings = {
      ...current,
      ...body,
      display_names: { ...current.display_names, ...body.display_names },
      contraindications: { ...current.contraindications, ...body.contraindications },
    } as TherapySettings;
    // Settings that contradict each other (a soft chamber above the hard one, a low mark above the high one).
    const contradictions = therapySettingsErrors(next, body);
    if (Object.keys(contradictions).length) throw invalid(contradictions);
    for (const [therapy, list] of Object.entries(body.contraindications ?? {})) {
      const keys = (list ?? []).map((c) => c.key);
      if (new Set(keys).size !== keys.length) throw badRequest(`contraindications.${therapy}`, 'Each contraindication key may appear once.');
    }
    return withAudit(db, { actor: caller, action: act('visit.settings.update'), client: null, requestId: request.id }, async (trx) => {
      await saveTherapySettings(trx, next, caller.id);
      return getTherapySettings(trx);
    });
  });

  app.get('/visits/iv-recipes', { schema: contract.routeSchema('listIvRecipes'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } }, async () => {
    return listRecipes(db);
  });

  app.post<{ Body: S['IvRecipeCreate'] }>('/visits/iv-recipes', { schema: contract.routeSchema('createIvRecipe'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    try {
      const recipe = await withAudit(db, { actor: caller, action: act('visit.recipe.create'), client: null, requestId: request.id }, (trx) => insertRecipe(trx, request.body));
      reply.code(201);
      return recipe;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateRecipe);
      throw error;
    }
  });

  app.patch<{ Params: { id: number }; Body: S['IvRecipePatch'] }>('/visits/iv-recipes/:id', { schema: contract.routeSchema('patchIvRecipe'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } }, async (request) => {
    const caller = callerOf(request);
    try {
      return await withAudit(db, { actor: caller, action: act('visit.recipe.update'), client: null, requestId: request.id }, async (trx) => {
        const recipe = await updateRecipe(trx, request.params.id, request.body);
        if (!recipe) throw notFound();
        return recipe;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateRecipe);
      throw error;
    }
  });

  app.get<{ Querystring: { item?: string } }>('/visits/stock-lots', { schema: contract.routeSchema('listStockLots'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } }, async (request) => {
    return listLots(db, request.query.item);
  });

  app.post<{ Body: S['StockLotCreate'] }>('/visits/stock-lots', { schema: contract.routeSchema('createStockLot'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    try {
      const lot = await withAudit(db, { actor: caller, action: act('visit.stock.create'), client: null, requestId: request.id }, (trx) => insertLot(trx, request.body, caller.id, T.lotArrived));
      reply.code(201);
      return lot;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, T.duplicateLot);
      throw error;
    }
  });

  // ---- stock adjustments: every change to a lot is a movement with its balance ----

  app.get<{ Params: { id: number } }>('/visits/stock-lots/:id/adjustments', { schema: contract.routeSchema('listStockMovements'), config: { access: { roles: 'staff', client: 'none', denied: T.readOnly } } }, async (request) => {
    const caller = callerOf(request);
    if (!(await findLot(db, request.params.id))) throw notFound();
    return withAudit(db, { actor: caller, action: act('visit.stock.history'), client: null, requestId: request.id }, (trx) => listMovements(trx, request.params.id));
  });

  app.post<{ Params: { id: number }; Body: S['StockAdjustmentCreate'] }>(
    '/visits/stock-lots/:id/adjustments',
    { schema: contract.routeSchema('adjustStockLot'), config: { access: { roles: 'admins', client: 'none', denied: T.adminOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { kind, quantity, reason } = request.body;
      if (kind !== 'count' && quantity === 0) throw badRequest('quantity', T.adjustmentNotZero);
      if (!reason.trim()) throw badRequest('reason', T.reasonNeeded);
      const movement = await withAudit(db, { actor: caller, action: act('visit.stock.adjust'), client: null, requestId: request.id }, async (trx) => {
        // The lot row stays locked until commit: concurrent adjustments and visit draws queue on it,
        // each sees the quantity the one before left, and none can take it below zero.
        const lot = await findLot(trx, request.params.id, true);
        if (!lot) throw notFound();
        const done = await adjustLot(trx, lot, kind, quantity, reason, caller.id);
        if (done === 'below_zero') throw badRequest('quantity', T.belowZero(lot.quantity, lot.unit, lot.lot_number));
        return done;
      });
      reply.code(201);
      return movement;
    },
  );
}
