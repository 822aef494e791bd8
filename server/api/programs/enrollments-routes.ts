// users/user-program-enrollments: clients read their own; staff read and manage everyone's.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { enrollmentLifecycle } from '../../../machines/enrollment/enrollment-lifecycle.ts';
import { badRequest } from '../../http/errors.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import type { ApiContext } from '../context.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { deleteEnrollment, type EnrollmentFields, findEnrollment, insertEnrollment, listEnrollments, updateEnrollment } from './enrollments-data.ts';
import { findProgram } from './data.ts';
import { findUser } from '../people/data.ts';
import { DENIED, forbidden, isStaff, notFound, othersRecord } from '../policy.ts';

type EnrollmentCreate = components['schemas']['EnrollmentCreate'];
type EnrollmentPatch = components['schemas']['EnrollmentPatch'];

export const ENROLLMENT_ERRORS = {
  noUser: 'No such user.',
  noProgram: 'No such program.',
  inactiveProgram: 'This program is not offered any more (inactive).',
  endBeforeStart: 'Must be on or after start_date.',
} as const;

export async function enrollmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get<{ Querystring: { user?: number } }>(
    '/users/user-program-enrollments',
    { schema: contract.routeSchema('listEnrollments'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      // A client's list is always their own, whatever they ask for.
      const user = isStaff(caller.role) ? request.query.user : (request.query.user ?? caller.id);
      const allowed = isStaff(caller.role) || user === caller.id;
      // The read is audited (refused or not) when the client exists; a client nobody has is not on the trail.
      const { rows } = await withAudit(
        db,
        {
          actor: caller,
          action: 'enrollment.list',
          client: ({ exists }) => (exists ? (user ?? null) : []),
          requestId: request.id,
          outcome: allowed ? 'success' : 'denied',
        },
        async (trx: Db) => {
          const exists = user === undefined || (await findUser(trx, user)) !== undefined;
          return { exists, rows: allowed && exists ? await listEnrollments(trx, user) : null };
        },
      );
      if (!allowed) throw othersRecord(caller, DENIED.staffOnly);
      return rows ?? [];
    },
  );

  app.post<{ Body: EnrollmentCreate }>(
    '/users/user-program-enrollments',
    { schema: contract.routeSchema('createEnrollment'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      if (!isStaff(caller.role)) {
        if (body.user !== caller.id) throw notFound();
        await refuse(db, { actor: caller, action: 'enrollment.create', client: caller.id, requestId: request.id }, forbidden(DENIED.staffOnly));
      }
      if (!(await findUser(db, body.user))) throw badRequest('user', ENROLLMENT_ERRORS.noUser);
      const program = await findProgram(db, body.program);
      if (!program) throw badRequest('program', ENROLLMENT_ERRORS.noProgram);
      if (!program.active) throw badRequest('program', ENROLLMENT_ERRORS.inactiveProgram);
      if (body.end_date && body.end_date < body.start_date) throw badRequest('end_date', ENROLLMENT_ERRORS.endBeforeStart);
      const created = await withAudit(db, { actor: caller, action: 'enrollment.create', client: body.user, requestId: request.id }, (trx) =>
        insertEnrollment(trx, {
          user_id: body.user,
          program_id: body.program,
          status: body.status ?? 'active',
          start_date: body.start_date,
          end_date: body.end_date ?? null,
          notes: body.notes ?? '',
        }),
      );
      reply.code(201);
      return created;
    },
  );

  app.patch<{ Params: { id: number }; Body: EnrollmentPatch }>(
    '/users/user-program-enrollments/:id',
    { schema: contract.routeSchema('patchEnrollment'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const current = await findEnrollment(db, request.params.id);
      if (!current) throw notFound();
      if (!isStaff(caller.role)) {
        if (current.user !== caller.id) throw notFound();
        await refuse(db, { actor: caller, action: 'enrollment.update', client: caller.id, requestId: request.id }, forbidden(DENIED.staffOnly));
      }
      if (body.program !== undefined && body.program !== current.program) {
        const program = await findProgram(db, body.program);
        if (!program) throw badRequest('program', ENROLLMENT_ERRORS.noProgram);
        if (!program.active) throw badRequest('program', ENROLLMENT_ERRORS.inactiveProgram);
      }
      const start = body.start_date ?? current.start_date;
      const end = body.end_date === undefined ? current.end_date : body.end_date;
      if (end && end < start) throw badRequest('end_date', ENROLLMENT_ERRORS.endBeforeStart);
      // The same chart the staff page asks for its buttons decides which status changes exist.
      if (body.status !== undefined && body.status !== current.status) requireLifecycleStep(enrollmentLifecycle, 'enrollment', current.status, body.status);
      const changes: EnrollmentFields = {};
      if (body.program !== undefined) changes.program_id = body.program;
      if (body.status !== undefined) changes.status = body.status;
      if (body.start_date !== undefined) changes.start_date = body.start_date;
      if (body.end_date !== undefined) changes.end_date = body.end_date;
      if (body.notes !== undefined) changes.notes = body.notes;
      return withAudit(db, { actor: caller, action: 'enrollment.update', client: current.user, requestId: request.id }, (trx) =>
        updateEnrollment(trx, current.id, changes),
      );
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/users/user-program-enrollments/:id',
    { schema: contract.routeSchema('deleteEnrollment'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const current = await findEnrollment(db, request.params.id);
      if (!current) throw notFound();
      if (!isStaff(caller.role)) {
        if (current.user !== caller.id) throw notFound();
        await refuse(db, { actor: caller, action: 'enrollment.delete', client: caller.id, requestId: request.id }, forbidden(DENIED.staffOnly));
      }
      await withAudit(db, { actor: caller, action: 'enrollment.delete', client: current.user, requestId: request.id }, (trx) =>
        deleteEnrollment(trx, current.id),
      );
      reply.code(204);
      return reply.send();
    },
  );
}
