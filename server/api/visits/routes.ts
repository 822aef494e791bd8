// /api/v1/visits/*: therapy visit charts (issue 17), their contraindication screens, the clinic's
// therapy settings, IV recipes and stock lots.
// Authorization: NURSE and DOCTOR chart, screen and sign; other staff read; only a DOCTOR overrides
// a relative contraindication or blocking vitals; ADMIN and SUPER_ADMIN keep the back office
// (settings, recipes, lots). A CLIENT lists only their own completed sessions, never a chart
// (another client's answers 404). Status changes are steps of machines/visits/visit-lifecycle.ts
// or 409, and edits are accepted only where that chart takes `visit.edit`. Every read and write of
// a visit or screen is audited, the write's entry in its own transaction.
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { completedSessionRoutes } from './completed-sessions.ts';
import { visitBackOfficeRoutes } from './back-office-routes.ts';
import { chartRoutes } from './chart-routes.ts';
import { screenRoutes } from './screens-routes.ts';
import { visitTransitionRoutes } from './transition-routes.ts';

export async function therapyVisitRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  chartRoutes(app, ctx);
  visitTransitionRoutes(app, ctx);
  screenRoutes(app, ctx);
  visitBackOfficeRoutes(app, ctx);
  await completedSessionRoutes(app, ctx);
}
