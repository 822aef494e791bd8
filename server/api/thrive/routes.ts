// /api/v1/thrive/*: the thrive dashboard (issue 19). Staff (every non-client role) read the
// clinic's summary and needs-attention table and any client's dashboard; a CLIENT reads only
// their own dashboard and measurements (another's answers 404) and adds their own weight and
// blood pressure, stored as self-reported. Measurements are never overwritten: a correction is
// a new reading naming the one it replaces. Every read of a client's record and every write is
// audited, the write in the same transaction. The heart-risk thrive checks (users/thrive-checks)
// are registered here too (checks-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { thriveCheckRoutes } from './checks-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { measurementRoutes } from './measurements-routes.ts';

export async function thriveRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  dashboardRoutes(app, ctx);
  measurementRoutes(app, ctx);
  await thriveCheckRoutes(app, ctx);
}
