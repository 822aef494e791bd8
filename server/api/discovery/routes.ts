// /api/v1/discovery/*: the prospect pipeline, discovery visits and the website's enquiries.
// Authorization (issue 18): every staff role of spec §6 uses discovery; a CLIENT never (403,
// and a refused attempt on someone's record is on the trail). Stage moves are steps of the
// pipeline chart (machines/discovery/pipeline-lifecycle.ts) or 409. Every write commits with its
// audit entry; every read of a prospect leaves one. Enquiries are public (`security: []`).
import type { FastifyInstance } from 'fastify';
import { rangeProblem } from '../../../machines/discovery/funnel-range.ts';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { funnel } from './data.ts';
import { receiveEnquiry } from './enquiries.ts';
import { prospectRoutes } from './prospects-routes.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';
import { discoveryVisitRoutes } from './visits-routes.ts';

type S = components['schemas'];

export async function discoveryRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const mail = app.runtime.mail;
  const publicUrl = app.runtime.config.publicUrl;

  prospectRoutes(app, ctx);
  discoveryVisitRoutes(app, ctx);

  app.get<{ Querystring: { date_from: string; date_to: string } }>(
    '/discovery/funnel',
    { schema: contract.routeSchema('getDiscoveryFunnel'), config: { access: { roles: 'staff', client: 'none', denied: T.staffOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const { date_from, date_to } = request.query;
      // The same rule the funnel chart keeps before it asks.
      const problem = rangeProblem({ from: date_from, to: date_to });
      if (problem) throw badRequest(problem.field, problem.reason);
      return withAudit(db, { actor: caller, action: 'discovery.funnel', client: null, requestId: request.id }, (trx) => funnel(trx, date_from, date_to));
    },
  );

  app.post<{ Body: S['EnquiryCreate'] }>(
    '/discovery/enquiries',
    { schema: contract.routeSchema('createEnquiry'), config: { public: true, access: { roles: 'public', client: 'none' } } },
    async (request, reply) => {
      await receiveEnquiry(db, mail, publicUrl, request.ip, request.id, request.body);
      reply.code(201);
      return { detail: T.enquiryReceived };
    },
  );
}
