// /api/v1/programs/* and users/user-program-enrollments: the clinic's programs, and the clients
// enrolled in them (each enrollment's status a step of machines/enrollment/enrollment-lifecycle.ts).
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { enrollmentRoutes } from './enrollments-routes.ts';
import { programRoutes } from './programs-routes.ts';

export async function programAndEnrollmentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await enrollmentRoutes(app, ctx);
  await programRoutes(app, ctx);
}
