// programs/programs: the catalogue every role reads; ADMIN and SUPER_ADMIN change it.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ApiContext, isUniqueViolation } from '../context.ts';
import { deleteProgram, findProgram, insertProgram, listPrograms, programInUse, updateProgram } from './data.ts';
import { notFound } from '../policy.ts';

export const PROGRAM_NAME_TAKEN = 'A program with this name already exists.';
export const PROGRAM_IN_USE = 'This program has enrollments; set active to false instead of deleting it.';

export async function programRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const nameTaken = (error: unknown) => {
    if (isUniqueViolation(error)) throw badRequest('name', PROGRAM_NAME_TAKEN);
    throw error;
  };

  app.get<{ Querystring: { active?: boolean } }>(
    '/programs/programs',
    { schema: contract.routeSchema('listPrograms'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => listPrograms(db, request.query.active),
  );

  app.get<{ Params: { id: number } }>(
    '/programs/programs/:id',
    { schema: contract.routeSchema('getProgram'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => {
      const program = await findProgram(db, request.params.id);
      if (!program) throw notFound();
      return program;
    },
  );

  app.post<{ Body: components['schemas']['ProgramCreate'] }>(
    '/programs/programs',
    { schema: contract.routeSchema('createProgram'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const program = await insertProgram(db, request.body).catch(nameTaken);
      reply.code(201);
      return program;
    },
  );

  app.patch<{ Params: { id: number }; Body: components['schemas']['ProgramPatch'] }>(
    '/programs/programs/:id',
    { schema: contract.routeSchema('patchProgram'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const program = await updateProgram(db, request.params.id, request.body).catch(nameTaken);
      if (!program) throw notFound();
      return program;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/programs/programs/:id',
    { schema: contract.routeSchema('deleteProgram'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      await db.transaction().execute(async (trx) => {
        if (!(await findProgram(trx, request.params.id))) throw notFound();
        if (await programInUse(trx, request.params.id)) throw new HttpError(409, PROGRAM_IN_USE);
        await deleteProgram(trx, request.params.id);
      });
      reply.code(204);
      return reply.send();
    },
  );
}
