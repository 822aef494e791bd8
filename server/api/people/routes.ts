// /api/v1/users/*: the clinic's people — the user list and each user's account, their profile and
// the email it signs in with, consent history, the admins' account actions, and a client's portal
// home views. Who may act on whose record is each route's declaration (route-access.ts); every
// read of a client's record and every write is audited (audit/data.ts).
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { consentHistoryRoutes } from './consent-history-routes.ts';
import { portalHomeViewRoutes } from './home-views-routes.ts';
import { profileEmailRoutes } from './profile-email-routes.ts';
import { profileRoutes } from './profiles-routes.ts';
import { userAdminRoutes } from './user-admin-routes.ts';
import { userRoutes } from './users-routes.ts';

export async function peopleRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await userRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await profileEmailRoutes(app, ctx);
  await userAdminRoutes(app, ctx);
  await consentHistoryRoutes(app, ctx);
  await portalHomeViewRoutes(app, ctx);
}
