// GET /api/v1/visits/completed-sessions?client={id}: the sessions a client had, as the portal shows
// them (issue 17: "a CLIENT never sees charting notes, only completed sessions on the portal").
// Only completed and signed visits, and of the chart only what a client may read of it: which
// therapy (the clinic's display name), when it started, how long it took and the first name of
// who gave it. No vitals (measurements are the clinician's to explain, and a single reading out of
// context alarms more than it informs), no parameters, events, adverse events, notes, warnings or
// addenda. A CLIENT lists only their own (another client's answers 404, audited as denied); staff
// list anyone's (someone who is not a client has none). Every answer is audited as `visit.session.list`.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, withAudit } from '../audit/data.ts';
import { scopedClient } from '../client-scope.ts';
import { getTherapySettings } from './data.ts';

type CompletedSession = components['schemas']['CompletedSession'];

// The contract's AuditAction lists it; the shared union in audit/data.ts stays untouched.
const ACTION: AuditAction = 'visit.session.list';

interface SessionRow {
  id: number;
  therapy: Therapy;
  started_at: Date | string | null;
  completed_at: Date | string;
  staff_first_name: string | null;
}

/** The client's completed and signed sessions, newest first: only the columns a client may see are read. */
export async function listCompletedSessions(db: Db, client: number): Promise<CompletedSession[]> {
  const names = (await getTherapySettings(db)).display_names;
  const rows = await sql<SessionRow>`select v.id, v.therapy, v.started_at, v.completed_at, u.first_name as staff_first_name
    from therapy_visits v left join users u on u.id = v.staff_id
    where v.client_id = ${client} and v.status in ('completed', 'signed') and v.completed_at is not null
    order by coalesce(v.started_at, v.completed_at) desc, v.id desc limit 500`.execute(db);
  return rows.rows.map((r) => {
    const completed = new Date(r.completed_at);
    const started = r.started_at === null ? null : new Date(r.started_at);
    return {
      id: r.id,
      therapy: r.therapy,
      therapy_name: names[r.therapy] ?? r.therapy,
      date: (started ?? completed).toISOString(),
      duration_minutes: started === null ? null : Math.max(0, Math.round((completed.getTime() - started.getTime()) / 60000)),
      staff_first_name: r.staff_first_name,
    };
  });
}

export async function completedSessionRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Querystring: { client: number } }>(
    '/visits/completed-sessions',
    { schema: contract.routeSchema('listCompletedSessions'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const { client } = request.query;
      // A client their own list; staff anyone's (a client id that names nobody has no record, and no
      // audit subject); anyone else's list may be empty.
      await scopedClient(db, { caller, asked: client, action: ACTION, requestId: request.id }, { clients: 'own', staffName: 'user' });
      return withAudit(db, { actor: caller, action: ACTION, client, requestId: request.id }, (trx) => listCompletedSessions(trx, client));
    },
  );
}
