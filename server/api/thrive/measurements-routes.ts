// /api/v1/thrive/measurements: a client's readings (never overwritten: a correction is a new
// reading naming the one it replaces). A client adds only self-reported metrics.
import type { FastifyInstance } from 'fastify';
import { type Metric, readMeasurement, SELF_REPORTED_METRICS } from '../../../machines/thrive/metrics.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { namedClient } from '../client-scope.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { forbidden, isClientRole, isStaff, notFound } from '../policy.ts';
import { findMeasurement, insertMeasurement, listMeasurements } from './data.ts';
import { A, CLIENT_RECORD, type S } from './route-helpers.ts';
import { THRIVE_TEXTS as T } from './texts.ts';

/** Readings a few minutes ahead are clock skew between devices, not the future. */
const SKEW_MS = 5 * 60_000;

function readingOrRefuse(input: { metric: string; value: number; value2?: number | null; unit: string }) {
  const read = readMeasurement(input);
  if ('errors' in read) {
    const errors = Object.fromEntries(Object.entries(read.errors).map(([f, r]) => [f, [r]]));
    throw new HttpError(
      400,
      `Invalid request: ${Object.entries(read.errors)
        .map(([f, r]) => `${f}: ${r}`)
        .join('; ')}`,
      errors,
    );
  }
  return read.reading;
}

/** Lists, adds and corrects measurements; each is audited. */
export function measurementRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

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

  app.post<{ Body: S['MeasurementCreate'] }>(
    '/thrive/measurements',
    { schema: contract.routeSchema('createMeasurement'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const client = await namedClient(
        db,
        { caller, asked: body.client ?? (isStaff(caller.role) ? undefined : caller.id), action: A.create, requestId: request.id },
        CLIENT_RECORD,
      );
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
    },
  );

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
