// /api/v1/billing/tills and a till's business days (issue 35, "The day's close"): the front desk
// (RECEPTION, ADMIN) counts a day's cash and closes it, SUPER_ADMIN reads, ADMIN adds and renames
// tills. A day moves only along machines/billing/day-close-lifecycle.ts. No client's data is read
// here (sums per method), but every count, close and read is on the audit trail, without a client.
import type { FastifyInstance } from 'fastify';
import { isBusinessDay } from '../../../machines/billing/till-day.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { act, BILLING_TEXTS as T, type S } from './route-helpers.ts';
import { closeDay, countDay, createTill, findTill, listTills, renameTill, type Till, tillDayOf } from './tills.ts';

interface DayParams {
  till: number;
  date: string;
}

export function tillRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  /** The till (404 when there is none such) and the day (400 naming `date` when it is no calendar day). */
  async function tillAndDay(p: DayParams): Promise<{ till: Till; day: string }> {
    if (!isBusinessDay(p.date)) throw badRequest('date', T.dayUnknown);
    const till = await findTill(db, p.till);
    if (!till) throw notFound();
    return { till, day: p.date };
  }

  app.get('/billing/tills', { schema: contract.routeSchema('listBillingTills'), config: { access: { roles: 'billing-readers', client: 'none' } } }, async () =>
    listTills(db),
  );

  app.post<{ Body: S['BillingTillInput'] }>(
    '/billing/tills',
    { schema: contract.routeSchema('createBillingTill'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const till = await withAudit(db, { actor: caller, action: act('billing.till.create'), client: null, requestId: request.id }, (trx) =>
        createTill(trx, request.body.name),
      );
      reply.code(201);
      return till;
    },
  );

  app.patch<{ Params: { till: number }; Body: S['BillingTillInput'] }>(
    '/billing/tills/:till',
    { schema: contract.routeSchema('renameBillingTill'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      if (!(await findTill(db, request.params.till))) throw notFound();
      return withAudit(db, { actor: caller, action: act('billing.till.update'), client: null, requestId: request.id }, (trx) =>
        renameTill(trx, request.params.till, request.body.name),
      );
    },
  );

  app.get<{ Params: DayParams }>(
    '/billing/tills/:till/days/:date',
    { schema: contract.routeSchema('getTillDay'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const { till, day } = await tillAndDay(request.params);
      return withAudit(db, { actor: caller, action: act('billing.till_day.read'), client: null, requestId: request.id }, (trx) => tillDayOf(trx, till, day));
    },
  );

  app.post<{ Params: DayParams; Body: S['TillDayCount'] }>(
    '/billing/tills/:till/days/:date/count',
    { schema: contract.routeSchema('countTillDay'), config: { access: { roles: 'billing', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const { till, day } = await tillAndDay(request.params);
      await withAudit(db, { actor: caller, action: act('billing.till_day.count'), client: null, requestId: request.id }, (trx) =>
        countDay(trx, till, day, request.body, caller.id),
      );
      return tillDayOf(db, till, day);
    },
  );

  app.post<{ Params: DayParams }>(
    '/billing/tills/:till/days/:date/close',
    { schema: contract.routeSchema('closeTillDay'), config: { access: { roles: 'billing', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const { till, day } = await tillAndDay(request.params);
      await withAudit(db, { actor: caller, action: act('billing.till_day.close'), client: null, requestId: request.id }, (trx) =>
        closeDay(trx, till, day, caller.id),
      );
      return tillDayOf(db, till, day);
    },
  );
}
