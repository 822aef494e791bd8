// users/users/me/home-views: the client's portal home counts each time it is opened, and learns
// whether this was the first (the greeting says "Welcome", later "Welcome back"). Only a client
// has a portal home; nothing of anyone else's record is read or written.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';

export const HOME_VIEWS_CLIENT_ONLY = 'Only a client has a portal home.';

export async function portalHomeViewRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  app.post(
    '/users/users/me/home-views',
    { schema: contract.routeSchema('recordPortalHomeView'), config: { access: { roles: 'clients', client: 'own', denied: HOME_VIEWS_CLIENT_ONLY } } },
    async (request) => {
      const caller = callerOf(request);
      // One statement: two tabs opening the home at once count two views and one first visit.
      const row = await db
        .insertInto('portal_home_views')
        .values({ user_id: caller.id })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ views: sql`portal_home_views.views + 1`, last_at: sql`now()` }))
        .returning(['views'])
        .executeTakeFirstOrThrow();
      return { first_visit: row.views === 1, views: row.views };
    },
  );
}
