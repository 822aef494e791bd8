// /api/v1/labs/slots: the collection slots of a pincode with their places left, and a short hold
// on one while the booking is finished.
import type { FastifyInstance } from 'fastify';
import { HOLD_MINUTES } from '../../../machines/labs/lab-rules.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { getSettings } from '../appointments/data.ts';
import { namedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import * as data from './data.ts';
import { act, E, labGuards, type S } from './route-helpers.ts';

/** Lists slots and holds one. */
export function slotRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  const { chosenItems, validSlot } = labGuards(db, mail);

  // --- slots and holds -----------------------------------------------------------------------
  app.get<{ Querystring: { pincode: string; items?: number[] } }>(
    '/labs/slots',
    { schema: contract.routeSchema('listLabSlots'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => {
      const q = request.query;
      const served = await data.servedPincode(db, q.pincode);
      if (!served) throw badRequest('pincode', E.notServed);
      const ids = q.items === undefined ? [] : Array.isArray(q.items) ? q.items : [q.items];
      const { fasting } = ids.length ? await chosenItems(ids, 'items') : { fasting: 0 };
      const { time_zone: zone } = await getSettings(db);
      const now = Date.now();
      const starts = data.slotStarts(zone, now, fasting);
      if (starts.length === 0) return [];
      const taken = await data.placesTaken(db, q.pincode, new Date(starts[0]), new Date(starts[starts.length - 1]), new Date(now));
      return starts.map((start) => ({
        start: new Date(start).toISOString(),
        capacity: served.slot_capacity,
        places_left: Math.max(0, served.slot_capacity - (taken.get(start) ?? 0)),
      }));
    },
  );

  app.post<{ Body: S['LabHoldCreate'] }>(
    '/labs/slots',
    { schema: contract.routeSchema('holdLabSlot'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const client = await namedClient(
        db,
        { caller, asked: body.client, action: act('lab.slot.hold'), requestId: request.id },
        {
          clients: 'own',
          staffName: 'client',
          unnamed: () => badRequest('client', E.clientRequired),
          outside: () => badRequest('client', E.noClient),
        },
      );
      if (!(await data.servedPincode(db, body.pincode))) throw badRequest('pincode', E.notServed);
      const { fasting } = await chosenItems(body.items, 'items');
      const start = await validSlot(body.start, fasting, 'start');
      const hold = await withAudit(db, { actor: caller, action: act('lab.slot.hold'), client, requestId: request.id }, async (trx) => {
        await data.lockSlot(trx, body.pincode, start);
        const served = (await data.servedPincode(trx, body.pincode))!;
        const now = new Date();
        const taken = (await data.placesTaken(trx, body.pincode, start, start, now)).get(start.getTime()) ?? 0;
        if (taken >= served.slot_capacity) throw new HttpError(409, E.slotFull);
        return data.insertHold(trx, { client, pincode: body.pincode, start, expires: new Date(now.getTime() + HOLD_MINUTES * 60_000) });
      });
      reply.code(201);
      return hold;
    },
  );
}
