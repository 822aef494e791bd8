// /api/v1/thrive/summary, attention, tiles and clients/:id: the clinic's dashboard (staff) and one
// client's (their own, or any for staff), with goals read against their targets and risk flags.
import type { FastifyInstance } from 'fastify';
import { isWorsening, standing, targetFor } from '../../../machines/thrive/goals.ts';
import { HEART_RISK_FLAG_PERCENT } from '../../../machines/thrive/track-rules.ts';
import { compareDates } from '../../../machines/rules/calendar-dates.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import { namedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { findUser } from '../people/data.ts';
import {
  attention,
  clientEnrollments,
  clientGoalsSource,
  clientPackages,
  hasRecentAdverseEvent,
  heartRiskHistory,
  lastTwo,
  latestMeasurements,
  nextAppointments,
  summary,
  tilePage,
} from './data.ts';
import { A, CLIENT_RECORD, type S } from './route-helpers.ts';
import type { ThriveTile } from './sql.ts';
import { THRIVE_TEXTS as T } from './texts.ts';

/** Reads the clinic summary, the needs-attention table, a tile's clients and a client's dashboard; each read is audited. */
export function dashboardRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get('/thrive/summary', { schema: contract.routeSchema('getThriveSummary'), config: { access: { roles: 'staff', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    return withAudit(db, { actor: caller, action: A.summary, client: null, requestId: request.id }, (trx) => summary(trx));
  });

  app.get<{
    Querystring: {
      page?: number;
      page_size?: number;
      program?: number;
      coach?: number;
      from?: string;
      to?: string;
      status?: S['TrackStatus'];
      search?: string;
    };
  }>('/thrive/attention', { schema: contract.routeSchema('listThriveAttention'), config: { access: { roles: 'staff', client: 'none' } } }, async (request) => {
    const caller = callerOf(request);
    const q = request.query;
    if (q.from && q.to && compareDates(q.from, q.to) > 0) throw badRequest('from', T.fromAfterTo);
    return withAudit(db, { actor: caller, action: A.attention, client: null, requestId: request.id }, (trx) =>
      attention(trx, { ...q, page: q.page ?? 1, pageSize: q.page_size ?? 25 }),
    );
  });

  // The clients behind one summary tile: names of many clients, staff only, audited as a clinic-wide read like the table.
  app.get<{ Params: { tile: ThriveTile }; Querystring: { page?: number; page_size?: number } }>(
    '/thrive/tiles/:tile',
    { schema: contract.routeSchema('listThriveTile'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return withAudit(db, { actor: caller, action: A.tile, client: null, requestId: request.id }, (trx) =>
        tilePage(trx, request.params.tile, request.query.page ?? 1, request.query.page_size ?? 25),
      );
    },
  );

  app.get<{ Params: { id: number } }>(
    '/thrive/clients/:id',
    { schema: contract.routeSchema('getThriveClient'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
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
    },
  );
}
