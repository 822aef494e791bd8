// /api/v1/assessments/cognitive/*: the client's self-administered screening battery runs (start,
// save progress, pause, resume, abandon, complete), staff-recorded results of in-clinic
// instruments (scores only), and reviewers' comments the client sees.
// Authorization: a CLIENT takes the battery and reads results for themselves only (another
// client's record is 404); staff (spec §6 roles, ADMIN and SUPER_ADMIN alike) read any client's
// results, record instrument results for clients and comment on them, but never take or change a
// client's run (403). Every read and write of a client's record is audited; a run's status moves
// only along machines/cognitive/run-lifecycle.ts (409 otherwise), and the server scores a
// completed run itself from the battery its stored seed rebuilds.
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { generateBattery, progressProblem, type TaskRecord } from '../../../machines/cognitive/battery.ts';
import { runLifecycle } from '../../../machines/cognitive/run-lifecycle.ts';
import { IncompleteBatteryError, scoreBattery } from '../../../machines/cognitive/scoring.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { clinicToday } from '../clinic/data.ts';
import { findUser } from '../people/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { type Caller, DENIED, forbidden, isClientRole, isStaff, notFound, othersRecord } from '../policy.ts';
import {
  closeAbandonedRuns,
  findInstrument,
  findRun,
  insertInstrument,
  insertReview,
  insertRun,
  listResults,
  lockClientRuns,
  runEnded,
  updateRun,
} from './data.ts';
import { COGNITIVE_TEXTS as T } from './texts.ts';
import { admit } from '../route-access.ts';

type S = components['schemas'];

// Audit action names of this module (listed in the contract's AuditAction enum).
const LIST: AuditAction = 'cognitive.results.list';
const START: AuditAction = 'cognitive.run.start';
const SAVE: AuditAction = 'cognitive.run.save';
const COMPLETE: AuditAction = 'cognitive.run.complete';
const RECORD: AuditAction = 'cognitive.instrument.record';
const REVIEW: AuditAction = 'cognitive.review.create';

function badProgress(reason: string): HttpError {
  return badRequest('progress.tasks', reason);
}

/** The run the caller may change (their own), or the refusal: 404 when none or a client's other, 403 for staff. */
async function ownRun(db: Db, request: FastifyRequest, caller: Caller, id: number, action: AuditAction) {
  const run = await findRun(db, id);
  if (!run) throw notFound();
  if (run.client_id !== caller.id) {
    await refuse(
      db,
      { actor: caller, action, client: run.client_id, requestId: request.id },
      isClientRole(caller.role) ? notFound() : forbidden(T.clientsOnly),
    );
  }
  return run;
}

export async function cognitiveAssessmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Querystring: { client?: number } }>(
    '/assessments/cognitive/results',
    { schema: contract.routeSchema('listCognitiveResults'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = request.query.client ?? (isStaff(caller.role) ? undefined : caller.id);
      if (client === undefined) throw badRequest('client', T.clientRequired);
      const allowed = isStaff(caller.role) || client === caller.id;
      // The read is audited (refused or not) when the client exists.
      const { results } = await withAudit(
        db,
        { actor: caller, action: LIST, client: ({ exists }) => (exists ? client : []), requestId: request.id, outcome: allowed ? 'success' : 'denied' },
        async (trx: Db) => {
          const exists = (await findUser(trx, client)) !== undefined;
          if (!allowed) return { exists, results: null };
          if (!exists) return { exists, results: undefined };
          await closeAbandonedRuns(trx, client);
          return { exists, results: await listResults(trx, client) };
        },
      );
      if (results === null) throw othersRecord(caller, DENIED.staffOnly);
      if (results === undefined) throw notFound();
      return results;
    },
  );

  app.post<{ Body: S['CognitiveRunCreate'] }>(
    '/assessments/cognitive/runs',
    { schema: contract.routeSchema('startCognitiveRun'), config: { access: { roles: 'clients', client: 'own', denied: T.clientsOnly, refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const client = request.body.client ?? caller.id;
      const intent = { actor: caller, action: START, client: client === caller.id ? caller.id : null, requestId: request.id };
      if (!isClientRole(caller.role)) await refuse(db, intent, forbidden(T.clientsOnly));
      if (client !== caller.id) await refuse(db, intent, notFound());
      const run = await withAudit(db, intent, async (trx) => {
        // One open run at a time: starting again keeps the earlier one as incomplete.
        await lockClientRuns(trx, client);
        await closeAbandonedRuns(trx, client, true);
        return insertRun(trx, client, randomInt(0, 2 ** 32));
      });
      return reply.code(201).send(run);
    },
  );

  app.patch<{ Params: { id: number }; Body: S['CognitiveRunSave'] }>(
    '/assessments/cognitive/runs/:id',
    { schema: contract.routeSchema('saveCognitiveRun'), config: { access: { roles: 'clients', client: 'own', denied: T.clientsOnly, refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const owned = await ownRun(db, request, caller, request.params.id, SAVE);
      const { status, progress } = request.body;
      if (progress) {
        const problem = progressProblem(generateBattery(Number(owned.seed)), progress.tasks as TaskRecord[]);
        if (problem) throw badProgress(problem);
      }
      return withAudit(db, { actor: caller, action: SAVE, client: owned.client_id, requestId: request.id }, async (trx) => {
        await closeAbandonedRuns(trx, owned.client_id);
        const run = (await findRun(trx, owned.id, true))!;
        if (status && status !== run.status) requireLifecycleStep(runLifecycle, 'run', run.status, status);
        else if (runEnded(run.status)) throw new HttpError(409, T.runEnded);
        return updateRun(trx, run.id, { status, progress });
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['CognitiveRunComplete'] }>(
    '/assessments/cognitive/runs/:id/complete',
    {
      schema: contract.routeSchema('completeCognitiveRun'),
      config: { access: { roles: 'clients', client: 'own', denied: T.clientsOnly, refusal: 'audited' } },
    },
    async (request) => {
      const caller = callerOf(request);
      const owned = await ownRun(db, request, caller, request.params.id, COMPLETE);
      const battery = generateBattery(Number(owned.seed));
      const tasks = request.body.progress.tasks as TaskRecord[];
      const problem = progressProblem(battery, tasks);
      if (problem) throw badProgress(problem);
      let scores;
      try {
        scores = scoreBattery(battery, tasks);
      } catch (error) {
        if (error instanceof IncompleteBatteryError) throw badProgress(T.missingTasks(error.missing));
        throw error;
      }
      return withAudit(db, { actor: caller, action: COMPLETE, client: owned.client_id, requestId: request.id }, async (trx) => {
        await closeAbandonedRuns(trx, owned.client_id);
        const run = (await findRun(trx, owned.id, true))!;
        requireLifecycleStep(runLifecycle, 'run', run.status, 'completed');
        return updateRun(trx, run.id, { status: 'completed', progress: { tasks }, scores });
      });
    },
  );

  app.post<{ Body: S['CognitiveInstrumentCreate'] }>(
    '/assessments/cognitive/instruments',
    { schema: contract.routeSchema('recordCognitiveInstrument'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { client, ...fields } = request.body;
      await admit(db, request, { action: RECORD, client: null, requestId: request.id });
      const target = await findUser(db, client);
      if (!target) throw badRequest('client', T.noUser);
      if (!isClientRole(target.role)) throw badRequest('client', T.notAClient);
      if (fields.total > fields.max_total) throw badRequest('total', T.totalOverMax);
      const over = fields.domains.findIndex((d) => d.score > d.max);
      if (over >= 0) throw badRequest(`domains.${over}.score`, T.domainOverMax);
      if (fields.administered_on > (await clinicToday(db))) throw badRequest('administered_on', T.futureDate);
      const recorded = await withAudit(db, { actor: caller, action: RECORD, client, requestId: request.id }, (trx) =>
        insertInstrument(trx, client, caller.id, fields),
      );
      return reply.code(201).send(recorded);
    },
  );

  app.post<{ Body: S['CognitiveReviewCreate'] }>(
    '/assessments/cognitive/reviews',
    { schema: contract.routeSchema('reviewCognitiveResult'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { run: runId, instrument: instrumentId, comment } = request.body;
      await admit(db, request, { action: REVIEW, client: null, requestId: request.id });
      if (runId === undefined && instrumentId === undefined) throw badRequest('run', T.reviewTarget);
      if (!comment.trim()) throw badRequest('comment', T.emptyComment);
      let client: number;
      if (runId !== undefined) {
        const run = await findRun(db, runId);
        if (!run) throw notFound();
        if (run.status !== 'completed') throw new HttpError(409, T.reviewCompletedOnly);
        client = run.client_id;
      } else {
        const instrument = await findInstrument(db, instrumentId!);
        if (!instrument) throw notFound();
        client = instrument.client_id;
      }
      const review = await withAudit(db, { actor: caller, action: REVIEW, client, requestId: request.id }, (trx) =>
        insertReview(trx, { client, run: runId ?? null, instrument: instrumentId ?? null }, caller.id, comment.trim()),
      );
      return reply.code(201).send(review);
    },
  );
}
