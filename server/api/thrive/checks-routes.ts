// users/thrive-checks: the heart-risk score as a health record. The server scores the input with
// the same pure function the portal shows (machines/rules/heart-risk.ts) and stores both. A
// client reads and records only their own; staff read any client's and record for clients.
// Every read and write is audited like the profile.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { type HeartRiskInput, HeartRiskInputError, calculateHeartRisk } from '../../../machines/rules/heart-risk.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import type { ApiContext } from '../context.ts';
import { type AuditAction, refuse, withAudit } from '../audit/data.ts';
import { insertThriveCheck, listThriveChecks } from './checks-data.ts';
import { findUser } from '../people/data.ts';
import { measurementsFromThriveCheck } from './data.ts';
import { DENIED, isClientRole, isStaff, othersRecord } from '../policy.ts';

type ThriveCheckCreate = components['schemas']['ThriveCheckCreate'];

export const THRIVE_CHECK_ERRORS = {
  userRequired: 'Staff name the client whose checks to list.',
  noUser: 'No such user.',
  notAClient: 'Thrive checks are recorded for clients.',
} as const;

// Audit action names of this module (listed in the contract's AuditAction enum).
const LIST: AuditAction = 'thrive_check.list';
const CREATE: AuditAction = 'thrive_check.create';

export async function thriveCheckRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Querystring: { user?: number } }>(
    '/users/thrive-checks',
    { schema: contract.routeSchema('listThriveChecks'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const user = request.query.user ?? (isStaff(caller.role) ? undefined : caller.id);
      if (user === undefined) throw badRequest('user', THRIVE_CHECK_ERRORS.userRequired);
      const allowed = isStaff(caller.role) || user === caller.id;
      // The read is audited (refused or not) when the client exists.
      const { rows } = await withAudit(
        db,
        { actor: caller, action: LIST, client: ({ exists }) => (exists ? user : []), requestId: request.id, outcome: allowed ? 'success' : 'denied' },
        async (trx: Db) => {
          const exists = (await findUser(trx, user)) !== undefined;
          if (!allowed) return { exists, rows: null };
          return { exists, rows: exists ? await listThriveChecks(trx, user) : undefined };
        },
      );
      if (rows === null) throw othersRecord(caller, DENIED.staffOnly);
      if (rows === undefined) throw new HttpError(404, DENIED.notFound);
      return rows;
    },
  );

  app.post<{ Body: ThriveCheckCreate }>(
    '/users/thrive-checks',
    { schema: contract.routeSchema('createThriveCheck'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const { user: asked, ...input } = request.body;
      const user = asked ?? caller.id;
      if (!isStaff(caller.role) && user !== caller.id) {
        await refuse(db, { actor: caller, action: CREATE, client: null, requestId: request.id }, othersRecord(caller, DENIED.staffOnly));
      }
      const target = await findUser(db, user);
      if (!target) throw badRequest('user', THRIVE_CHECK_ERRORS.noUser);
      if (!isClientRole(target.role)) throw badRequest('user', THRIVE_CHECK_ERRORS.notAClient);
      let result;
      try {
        result = calculateHeartRisk(input as HeartRiskInput);
      } catch (error) {
        if (!(error instanceof HeartRiskInputError)) throw error;
        const errors = Object.fromEntries(Object.entries(error.errors).map(([field, reason]) => [field, [reason as string]]));
        throw new HttpError(
          400,
          `Invalid request: ${Object.entries(error.errors)
            .map(([f, r]) => `${f}: ${r}`)
            .join('; ')}`,
          errors,
        );
      }
      const check = await withAudit(db, { actor: caller, action: CREATE, client: user, requestId: request.id }, async (trx) => {
        const stored = await insertThriveCheck(trx, user, caller.id, result);
        await measurementsFromThriveCheck(trx, stored);
        return stored;
      });
      return reply.code(201).send(check);
    },
  );
}
