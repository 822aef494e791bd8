// /api/v1/thrive/*: the thrive dashboard (issue 19). Staff (every non-client role) read the
// clinic's summary and needs-attention table and any client's dashboard; a CLIENT reads only
// their own dashboard and measurements (another's answers 404) and adds their own weight and
// blood pressure, stored as self-reported. Measurements are never overwritten: a correction is
// a new reading naming the one it replaces. Every read of a client's record and every write is
// audited, the write in the same transaction.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { targetFor, standing, isWorsening } from '../../../machines/thrive-dashboard/goals.ts';
import { HEART_RISK_FLAG_PERCENT } from '../../../machines/thrive-dashboard/track-rules.ts';
import { compareDates } from '../../../machines/rules/calendar-dates.ts';
import { type Metric, readMeasurement, SELF_REPORTED_METRICS } from '../../../machines/thrive-dashboard/metrics.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../data/audit.ts';
import { findUser } from '../data/users.ts';
import { forbidden, isClientRole, isStaff, notFound } from '../policy.ts';
import {
  attention,
  clientEnrollments,
  clientGoalsSource,
  clientPackages,
  findMeasurement,
  hasRecentAdverseEvent,
  heartRiskHistory,
  insertMeasurement,
  lastTwo,
  latestMeasurements,
  listMeasurements,
  nextAppointments,
  summary,
  tilePage,
} from './data.ts';
import type { ThriveTile } from './sql.ts';
import { THRIVE_TEXTS as T } from './texts.ts';
import { namedClient, type ScopeRule } from '../client-scope.ts';

/** A client's own record always (another's 404, audited); staff name an existing client. */
const CLIENT_RECORD = { clients: 'own', staffName: 'client', unnamed: () => badRequest('client', T.clientRequired) } satisfies ScopeRule;

type S = components['schemas'];

const A = {
  summary: 'thrive.summary',
  attention: 'thrive.attention',
  tile: 'thrive.tile',
  client: 'thrive.client.read',
  list: 'measurement.list',
  create: 'measurement.create',
  correct: 'measurement.correct',
} as const satisfies Record<string, AuditAction>;

/** Readings a few minutes ahead are clock skew between devices, not the future. */
const SKEW_MS = 5 * 60_000;

function readingOrRefuse(input: { metric: string; value: number; value2?: number | null; unit: string }) {
  const read = readMeasurement(input);
  if ('errors' in read) {
    const errors = Object.fromEntries(Object.entries(read.errors).map(([f, r]) => [f, [r]]));
    throw new HttpError(400, `Invalid request: ${Object.entries(read.errors).map(([f, r]) => `${f}: ${r}`).join('; ')}`, errors);
  }
  return read.reading;
}

export async function thriveRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get('/thrive/summary', { schema: contract.routeSchema('getThriveSummary'), config: { access: { roles: 'staff', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    return withAudit(db, { actor: caller, action: A.summary, client: null, requestId: request.id }, (trx) => summary(trx));
  });

  app.get<{ Querystring: { page?: number; page_size?: number; program?: number; coach?: number; from?: string; to?: string; status?: S['TrackStatus']; search?: string } }>(
    '/thrive/attention',
    { schema: contract.routeSchema('listThriveAttention'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      if (q.from && q.to && compareDates(q.from, q.to) > 0) throw badRequest('from', T.fromAfterTo);
      return withAudit(db, { actor: caller, action: A.attention, client: null, requestId: request.id }, (trx) => attention(trx, { ...q, page: q.page ?? 1, pageSize: q.page_size ?? 25 }));
    },
  );

  // The clients behind one summary tile: names of many clients, staff only, audited as a clinic-wide read like the table.
  app.get<{ Params: { tile: ThriveTile }; Querystring: { page?: number; page_size?: number } }>(
    '/thrive/tiles/:tile',
    { schema: contract.routeSchema('listThriveTile'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return withAudit(db, { actor: caller, action: A.tile, client: null, requestId: request.id }, (trx) => tilePage(trx, request.params.tile, request.query.page ?? 1, request.query.page_size ?? 25));
    },
  );

  app.get<{ Params: { id: number } }>('/thrive/clients/:id', { schema: contract.routeSchema('getThriveClient'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request) => {
    const caller = callerOf(request);
    const client = await namedClient(db, { caller, asked: request.params.id, action: A.client, requestId: request.id }, CLIENT_RECORD);
    const user = (await findUser(db, client))!;
    const [enrollments, packages, heartRisk, next, latest, source, adverse] = await Promise.all([
      clientEnrollments(db, client),
      clientPackages(db, client),
      heartRiskHistory(db, client),
      nextAppointments(db, client),
      latestMeasurements(db, client),
      clientGoalsSource(db, client),
      hasRecentAdverseEvent(db, client),
    ]);
    const height = latest.find((m) => m.metric === 'height')?.value ?? null;
    const goals: S['ThriveGoal'][] = [];
    for (const g of source.goals) {
      const target = targetFor(String(g.area), height);
      const [latestValue, previous] = target ? await lastTwo(db, client, target.metric) : [];
      goals.push({
        area: String(g.area),
        description: String(g.description ?? ''),
        target_date: g.target_date ? String(g.target_date) : null,
        metric: target?.metric ?? null,
        low: target?.low ?? null,
        high: target?.high ?? null,
        latest: latestValue ?? null,
        previous: previous ?? null,
        standing: target ? standing(latestValue ?? null, target) : 'no_target',
        worsening: target ? isWorsening(latestValue ?? null, previous ?? null, target) : false,
      });
    }
    const lastRisk = heartRisk.at(-1)?.risk_percentage;
    const flags: S['RiskFlag'][] = [];
    if (lastRisk !== undefined && lastRisk >= HEART_RISK_FLAG_PERCENT) flags.push('heart_risk');
    if (goals.some((g) => g.worsening)) flags.push('worsening_goal');
    if (adverse) flags.push('adverse_event');
    // Read above from the clinic's tables; the transaction records that the overview is handed over.
    return withAudit(db, { actor: caller, action: A.client, client, requestId: request.id }, async () => ({
      client: { id: user.id, first_name: user.first_name, last_name: user.last_name },
      goals,
      latest,
      enrollments: enrollments.map((e) => ({
        id: e.enrollment,
        program_name: e.program_name,
        start_date: e.start_date,
        duration_weeks: e.duration_weeks,
        elapsed: e.elapsed,
        attendance: e.attendance,
        package_use: e.package_use,
        status: e.status,
      })),
      packages,
      heart_risk: heartRisk,
      next_appointments: next,
      flags,
    }));
  });

  app.get<{ Querystring: { client?: number; metric?: Metric; history?: boolean } }>(
    '/thrive/measurements',
    { schema: contract.routeSchema('listMeasurements'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await namedClient(db, { caller, asked: request.query.client, action: A.list, requestId: request.id }, CLIENT_RECORD);
      return withAudit(db, { actor: caller, action: A.list, client: client, requestId: request.id }, async (trx) => {
        const rows = await listMeasurements(trx, client, request.query.metric, request.query.history ?? false);
        return rows;
      });
    },
  );

  app.post<{ Body: S['MeasurementCreate'] }>('/thrive/measurements', { schema: contract.routeSchema('createMeasurement'), config: { access: { roles: 'signed-in', client: 'own' } } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body;
    const client = await namedClient(db, { caller, asked: body.client ?? (isStaff(caller.role) ? undefined : caller.id), action: A.create, requestId: request.id }, CLIENT_RECORD);
    if (isClientRole(caller.role) && !SELF_REPORTED_METRICS.includes(body.metric)) {
      await refuse(db, { actor: caller, action: A.create, client, requestId: request.id }, forbidden(T.selfReportedOnly));
    }
    const reading = readingOrRefuse(body);
    const takenAt = body.taken_at ? new Date(body.taken_at) : new Date();
    if (takenAt.getTime() > Date.now() + SKEW_MS) throw badRequest('taken_at', T.futureReading);
    const created = await withAudit(db, { actor: caller, action: A.create, client, requestId: request.id }, (trx) =>
      insertMeasurement(trx, {
        client,
        reading,
        enteredValue: body.value,
        enteredUnit: body.unit,
        takenAt,
        source: isClientRole(caller.role) ? 'client' : 'staff',
        enteredBy: caller.id,
      }),
    );
    return reply.code(201).send(created);
  });

  app.post<{ Params: { id: number }; Body: S['MeasurementCorrection'] }>(
    '/thrive/measurements/:id/corrections',
    { schema: contract.routeSchema('correctMeasurement'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const original = await findMeasurement(db, request.params.id);
      if (!original) throw notFound();
      if (isClientRole(caller.role)) {
        const intent = { actor: caller, action: A.correct, client: original.client, requestId: request.id };
        if (original.client !== caller.id) await refuse(db, intent, notFound());
        if (original.source !== 'client') await refuse(db, intent, forbidden(T.correctOwnOnly));
      }
      const body = request.body;
      const reading = readingOrRefuse({ metric: original.metric, value: body.value, value2: body.value2, unit: body.unit });
      if (original.corrected_by !== null) throw new HttpError(409, T.alreadyCorrected);
      try {
        const created = await withAudit(db, { actor: caller, action: A.correct, client: original.client, requestId: request.id }, (trx) =>
          insertMeasurement(trx, {
            client: original.client,
            reading,
            enteredValue: body.value,
            enteredUnit: body.unit,
            takenAt: original.taken_at,
            source: isClientRole(caller.role) ? 'client' : 'staff',
            enteredBy: caller.id,
            corrects: { id: original.id, reason: body.reason.trim() },
          }),
        );
        return reply.code(201).send(created);
      } catch (error) {
        // Two corrections of one reading at once: the unique index lets one win.
        if (isUniqueViolation(error)) throw new HttpError(409, T.alreadyCorrected);
        throw error;
      }
    },
  );
}
