// /api/v1/discovery/*: the prospect pipeline, discovery visits and the website's enquiries.
// Authorization (issue 18): every staff role of spec §6 uses discovery; a CLIENT never (403,
// and a refused attempt on someone's record is on the trail). Stage moves are steps of the
// pipeline chart (machines/discovery/pipeline-lifecycle.ts) or 409. Every write commits with its
// audit entry; every read of a prospect leaves one. Enquiries are public (`security: []`).
import { clinicWhen } from '../../mail/clinic-when.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { rangeProblem } from '../../../machines/discovery/funnel-range.ts';
import { PIPELINE_STAGES, type PipelineStage, pipelineLifecycle } from '../../../machines/discovery/pipeline-lifecycle.ts';
import { hasUtcOffset } from '../../../machines/appointments/scheduling-rules.ts';
import { calculateHeartRisk, type HeartRiskInput, HeartRiskInputError } from '../../../machines/rules/heart-risk.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { book, bookingTransaction, explainConflict, SchedulingConflict, type BookingRequest } from '../appointments/booking.ts';
import { findService, getSettings } from '../appointments/data.ts';
import { SCHEDULING_TEXTS } from '../appointments/texts.ts';
import { type ApiContext, pageLinks } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../data/audit.ts';
import { findProgram } from '../data/programs.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { forbidden, notFound } from '../policy.ts';
import { convertProspect } from './convert.ts';
import {
  findDuplicates,
  findProspect,
  findVisit,
  insertCall,
  insertProspect,
  insertVisit,
  isActiveStaff,
  listCalls,
  listProspects,
  listVisits,
  moveStage,
  type ProspectChanges,
  type ProspectOut,
  signVisit,
  stageHistory,
  updateProspect,
  updateVisit,
  type VisitChanges,
} from './data.ts';
import { receiveEnquiry } from './enquiries.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';
import { admit } from '../route-access.ts';

type S = components['schemas'];
type ListQuery = { page: number; page_size: number; search?: string; stage?: PipelineStage; owner?: number; source?: S['ProspectSource']; due?: string; ordering?: string };

export async function discoveryRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail = app.runtime.mail;
  const publicUrl = app.runtime.config.publicUrl;

  /** Staff only (the route's declaration); a client's attempt on a record is refused on the trail. */
  const staffOnly = (request: FastifyRequest, action: AuditAction, client: number | null) =>
    admit(db, request, client !== null ? { action, client, requestId: request.id } : null);

  /** The prospect, or 404; staff only. */
  async function prospectFor(request: FastifyRequest, id: number, action: AuditAction): Promise<ProspectOut> {
    const prospect = await findProspect(db, id);
    await staffOnly(request, action, prospect ? id : null);
    if (!prospect) throw notFound();
    return prospect;
  }

  async function requireOwner(owner: number | null | undefined): Promise<void> {
    if (owner !== undefined && owner !== null && !(await isActiveStaff(db, owner))) throw badRequest('owner', T.noOwner);
  }

  app.get<{ Querystring: ListQuery }>('/discovery/prospects', { schema: contract.routeSchema('listProspects'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } }, async (request) => {
    const caller = callerOf(request);
    const q = request.query;
    const { count, rows } = await withAudit(db, { actor: caller, action: 'discovery.prospect.list', client: null, requestId: request.id }, (trx) =>
      listProspects(trx, { page: q.page, pageSize: q.page_size, search: q.search, stage: q.stage, owner: q.owner, source: q.source, due: q.due, ordering: q.ordering }),
    );
    return { count, ...pageLinks(request, q.page, q.page_size, count), results: rows };
  });

  app.post<{ Body: S['ProspectCreate'] }>('/discovery/prospects', { schema: contract.routeSchema('createProspect'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const email = body.email?.trim() || null;
    const phone = body.phone?.trim() || null;
    if (!email && !phone) throw badRequest('phone', T.contactNeeded);
    await requireOwner(body.owner);
    const duplicates = await findDuplicates(db, { email, phone });
    if (duplicates.length && !body.confirm_duplicate) {
      return reply.code(409).type('application/json; charset=utf-8').send({ detail: T.possibleDuplicate, duplicates });
    }
    const created = await withAudit<ProspectOut>(db, { actor: caller, action: 'discovery.prospect.create', client: (p) => p.id, requestId: request.id }, async (trx) => {
      const id = await insertProspect(trx, { ...body, last_name: body.last_name ?? '', email, phone, possible_duplicate_of: duplicates[0]?.id ?? null }, caller.id);
      return (await findProspect(trx, id))!;
    });
    reply.code(201);
    return created;
  });

  app.get<{ Params: { id: number } }>('/discovery/prospects/:id', { schema: contract.routeSchema('getProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const id = request.params.id;
    await prospectFor(request, id, 'discovery.prospect.read');
    return withAudit(db, { actor: caller, action: 'discovery.prospect.read', client: id, requestId: request.id }, async (trx) => {
      const prospect = (await findProspect(trx, id))!;
      return { ...prospect, history: await stageHistory(trx, id), calls: await listCalls(trx, id), visits: await listVisits(trx, id) };
    });
  });

  app.patch<{ Params: { id: number }; Body: S['ProspectPatch'] }>('/discovery/prospects/:id', { schema: contract.routeSchema('patchProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.update');
    if (prospect.client_status !== 'prospective') {
      for (const field of ['first_name', 'last_name', 'email', 'phone'] as const) if (body[field] !== undefined) throw badRequest(field, T.notProspect);
    }
    const email = body.email === undefined ? prospect.email : body.email?.trim() || null;
    const phone = body.phone === undefined ? prospect.phone : body.phone?.trim() || null;
    if (!email && !phone) throw badRequest(body.phone !== undefined ? 'phone' : 'email', T.contactNeeded);
    await requireOwner(body.owner);
    return withAudit(db, { actor: caller, action: 'discovery.prospect.update', client: prospect.id, requestId: request.id }, async (trx) => {
      await updateProspect(trx, prospect.id, body as ProspectChanges);
      return (await findProspect(trx, prospect.id))!;
    });
  });

  app.post<{ Params: { id: number }; Body: S['ProspectTransition'] }>(
    '/discovery/prospects/:id/transitions',
    { schema: contract.routeSchema('transitionProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.transition');
      if (body.to === 'enrol') throw new HttpError(409, T.enrolByConverting);
      if ((body.to === 'lost' || body.to === 'not_a_fit') && !body.reason?.trim()) throw badRequest('reason', T.reasonNeeded);
      if (body.to === 'nurture' && !body.nurture_on) throw badRequest('nurture_on', T.nurtureDateNeeded);
      const extras = { reason: body.reason, nurture_on: body.nurture_on };
      // The same chart the board asks before a card may be dropped decides here.
      requireLifecycleStep(pipelineLifecycle, 'prospect', prospect.stage, body.to, { extras });
      return withAudit(db, { actor: caller, action: 'discovery.prospect.transition', client: prospect.id, requestId: request.id }, async (trx) => {
        const current = (await findProspect(trx, prospect.id, true))!;
        requireLifecycleStep(pipelineLifecycle, 'prospect', current.stage, body.to, { extras });
        await moveStage(trx, current, body.to, extras, caller.id);
        return (await findProspect(trx, prospect.id))!;
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['ProspectCallCreate'] }>('/discovery/prospects/:id/calls', { schema: contract.routeSchema('logProspectCall'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.call');
    const call = await withAudit(db, { actor: caller, action: 'discovery.prospect.call', client: prospect.id, requestId: request.id }, (trx) =>
      insertCall(trx, prospect.id, request.body.summary, caller.id),
    );
    reply.code(201);
    return call;
  });

  app.post<{ Params: { id: number }; Body: S['ProspectConvert'] }>('/discovery/prospects/:id/convert', { schema: contract.routeSchema('convertProspect'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const prospect = await prospectFor(request, request.params.id, 'discovery.prospect.convert');
    return convertProspect(db, ctx.identityAdmin(), request.log, caller, request.id, prospect, request.body);
  });

  app.get<{ Querystring: { prospect: number } }>('/discovery/visits', { schema: contract.routeSchema('listDiscoveryVisits'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const prospect = await prospectFor(request, request.query.prospect, 'discovery.visit.list');
    return withAudit(db, { actor: caller, action: 'discovery.visit.list', client: prospect.id, requestId: request.id }, (trx) => listVisits(trx, prospect.id));
  });

  app.post<{ Body: S['DiscoveryVisitCreate'] }>('/discovery/visits', { schema: contract.routeSchema('createDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request, reply) => {
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
    const booking: BookingRequest = { client: found.id, service, staff: body.staff, start: body.start, channel, notes: '', status: 'booked', bookedBy: caller.id, online: false };
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
  });

  /** The visit, or 404; staff only. */
  async function visitFor(request: FastifyRequest, id: number, action: AuditAction) {
    const visit = await findVisit(db, id);
    await staffOnly(request, action, visit ? visit.prospect : null);
    if (!visit) throw notFound();
    return visit;
  }

  app.get<{ Params: { id: number } }>('/discovery/visits/:id', { schema: contract.routeSchema('getDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const visit = await visitFor(request, request.params.id, 'discovery.visit.read');
    return withAudit(db, { actor: caller, action: 'discovery.visit.read', client: visit.prospect, requestId: request.id }, async (trx) => (await findVisit(trx, visit.id))!);
  });

  app.patch<{ Params: { id: number }; Body: S['DiscoveryVisitPatch'] }>('/discovery/visits/:id', { schema: contract.routeSchema('patchDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
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
  });

  app.post<{ Params: { id: number } }>('/discovery/visits/:id/sign', { schema: contract.routeSchema('signDiscoveryVisit'), config: { access: { roles: 'staff', client: 'any', denied: T.staffOnly, refusal: 'audited' } } }, async (request) => {
    const caller = callerOf(request);
    const visit = await visitFor(request, request.params.id, 'discovery.visit.sign');
    if (visit.author !== caller.id) await refuse(db, { actor: caller, action: 'discovery.visit.sign', client: visit.prospect, requestId: request.id }, forbidden(T.authorSigns));
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
  });

  app.get<{ Querystring: { date_from: string; date_to: string } }>('/discovery/funnel', { schema: contract.routeSchema('getDiscoveryFunnel'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } }, async (request) => {
    const caller = callerOf(request);
    const { date_from, date_to } = request.query;
    // The same rule the funnel chart keeps before it asks.
    const problem = rangeProblem({ from: date_from, to: date_to });
    if (problem) throw badRequest(problem.field, problem.reason);
    return withAudit(db, { actor: caller, action: 'discovery.funnel', client: null, requestId: request.id }, (trx) => funnel(trx, date_from, date_to));
  });

  app.post<{ Body: S['EnquiryCreate'] }>(
    '/discovery/enquiries',
    { schema: contract.routeSchema('createEnquiry'), config: { public: true, access: { roles: 'public', client: 'none' } } },
    async (request, reply) => {
      await receiveEnquiry(db, mail, publicUrl, request.ip, request.id, request.body);
      reply.code(201);
      return { detail: T.enquiryReceived };
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

async function funnel(db: Db, from: string, to: string): Promise<S['DiscoveryFunnel']> {
  const inRange = sql<boolean>`p.created_at >= ${from}::date and p.created_at < (${to}::date + 1)`;
  const reached = await db
    .selectFrom('discovery_stage_history as h')
    .innerJoin('discovery_prospects as p', 'p.id', 'h.prospect_id')
    .select(['h.to_stage as stage', sql<number>`count(distinct h.prospect_id)::int`.as('n')])
    .where(inRange)
    .groupBy('h.to_stage')
    .execute();
  const counts = new Map(reached.map((r) => [r.stage, Number(r.n)]));
  const bySource = await db
    .selectFrom('discovery_prospects as p')
    .select(['p.source', sql<number>`count(*)::int`.as('prospects'), sql<number>`count(*) filter (where p.stage = 'enrol')::int`.as('converted')])
    .where(inRange)
    .groupBy('p.source')
    .orderBy('p.source')
    .execute();
  const byOwner = await db
    .selectFrom('discovery_prospects as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .select([
      'p.owner_id as owner',
      sql<string>`coalesce(o.first_name || ' ' || o.last_name, '')`.as('name'),
      sql<number>`count(*)::int`.as('prospects'),
      sql<number>`count(*) filter (where p.stage = 'enrol')::int`.as('converted'),
    ])
    .where(inRange)
    .groupBy(['p.owner_id', 'o.first_name', 'o.last_name'])
    .orderBy('p.owner_id')
    .execute();
  return {
    date_from: from,
    date_to: to,
    stages: PIPELINE_STAGES.map((stage) => ({ stage, count: counts.get(stage) ?? 0 })),
    by_source: bySource.map((r) => ({ source: r.source, prospects: Number(r.prospects), converted: Number(r.converted) })),
    by_owner: byOwner.map((r) => ({ owner: r.owner, name: r.name, prospects: Number(r.prospects), converted: Number(r.converted) })),
  };
}

