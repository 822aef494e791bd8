// /api/v1/labs/results: a client's reports (a client sees only released ones) and the lab desk's
// entry of one marker's result for a person on an order.
import type { FastifyInstance } from 'fastify';
import { rangeFor } from '../../../machines/labs/lab-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole } from '../policy.ts';
import { admit } from '../route-access.ts';
import * as data from './data.ts';
import { recordResult } from './record-result.ts';
import { act, CLIENT_RECORD, E, labGuards, reportsOf, type S } from './route-helpers.ts';

/** Lists reports and enters results. */
export function resultRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  const { visibleOrder, requireLabDesk } = labGuards(db, mail);

  app.get<{ Querystring: { client: number } }>(
    '/labs/results',
    { schema: contract.routeSchema('listLabReports'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = (await scopedClient(db, { caller, asked: request.query.client, action: act('lab.report.list'), requestId: request.id }, CLIENT_RECORD))!;
      return withAudit(db, { actor: caller, action: act('lab.report.list'), client: client, requestId: request.id }, async (trx) => {
        return reportsOf(trx, client, isClientRole(caller.role));
      });
    },
  );

  app.post<{ Body: S['LabResultEntry'] }>(
    '/labs/results',
    { schema: contract.routeSchema('enterLabResult'), config: { access: { roles: 'staff', client: 'any', refusal: 'audited' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const order = await visibleOrder(caller, body.order, 'lab.result.enter', request.id);
      await admit(db, request, { action: act('lab.result.enter'), client: order.client_id, requestId: request.id });
      await requireLabDesk(caller, 'lab.result.enter', order.client_id, request.id);
      const person = await data.findPerson(db, order.id, body.person);
      if (!person) throw badRequest('person', E.notOnOrder);
      const markers = await data.orderMarkers(db, order.id);
      const marker = markers.find((m) => m.id === body.marker);
      if (!marker) throw badRequest('marker', E.notOnOrder);
      const id = await withAudit(db, { actor: caller, action: act('lab.result.enter'), client: order.client_id, requestId: request.id }, async (trx) => {
        const current = (await data.lockOrder(trx, order.id))!;
        if (!['processing', 'partial', 'ready'].includes(current.status)) throw new HttpError(409, E.notCollected);
        return (await recordResult(trx, mail, { order: current, person, marker, value: body.value, by: caller.id })).id;
      });
      reply.code(201);
      const [out] = await data.resultsOut(
        db,
        { ids: [id] },
        new Map([[person.id, { sex: person.sex, age: person.age }]]),
        (m) => data.markerRanges(db, m),
        rangeFor,
      );
      return out;
    },
  );
}
