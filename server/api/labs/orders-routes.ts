// /api/v1/labs/orders: booking from a hold, the list and one order, rescheduling and the status
// steps of machines/labs/order-lifecycle.ts (a client only cancels; the lab's own steps are the
// lab desk's). A partner lab hears of bookings and cancellations after the commit.
import type { FastifyInstance } from 'fastify';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { ageOn, slotSuitsFasting } from '../../../machines/labs/lab-rules.ts';
import { CANCELLABLE_STATUSES, type LabOrderStatus, labOrderLifecycle } from '../../../machines/labs/order-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { getSettings } from '../appointments/data.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { forbidden, isClientRole, notFound } from '../policy.ts';
import * as data from './data.ts';
import type { LabPartner } from './partner.ts';
import { queuePartnerBooking, queuePartnerCancel } from './partner-sync.ts';
import { act, CLIENT_RECORD, E, labGuards, type S, takeHold } from './route-helpers.ts';

/** Books, lists, reads, reschedules and moves lab orders; each is audited. */
export function orderRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport, partner: LabPartner): void {
  const { db, contract } = ctx;
  const { visibleOrder, requireLabDesk, chosenItems, confirm } = labGuards(db, mail);

  // --- orders --------------------------------------------------------------------------------
  type OrderQuery = { client?: number; status?: LabOrderStatus | LabOrderStatus[] };
  app.get<{ Querystring: OrderQuery }>(
    '/labs/orders',
    { schema: contract.routeSchema('listLabOrders'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await scopedClient(db, { caller, asked: request.query.client, action: act('lab.order.list'), requestId: request.id }, CLIENT_RECORD);
      const status = request.query.status === undefined ? undefined : Array.isArray(request.query.status) ? request.query.status : [request.query.status];
      return withAudit(db, { actor: caller, action: act('lab.order.list'), client: client ?? null, requestId: request.id }, async (trx) => {
        const ids = await data.listOrders(trx, { client, status });
        const out = [];
        for (const id of ids) out.push(await data.orderOut(trx, id, { forClient: isClientRole(caller.role) }));
        return out;
      });
    },
  );

  app.post<{ Body: S['LabOrderCreate'] }>(
    '/labs/orders',
    { schema: contract.routeSchema('createLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const held = await data.lockHold(db, body.hold);
      if (!held) throw badRequest('hold', E.holdGone);
      if (isClientRole(caller.role) && held.client_id !== caller.id) {
        await refuse(db, { actor: caller, action: act('lab.order.create'), client: held.client_id, requestId: request.id }, notFound());
      }
      const client = held.client_id;
      const { items, fasting } = await chosenItems(body.items, 'items');
      const { time_zone: zone } = await getSettings(db);
      if (!slotSuitsFasting(Math.floor(localTime(zone, new Date(held.slot_start).getTime()).minutes / 60), fasting)) throw badRequest('items', E.morningOnly);
      const facts = await data.clientFacts(db, client);
      if (!facts) throw badRequest('hold', E.noClient);
      const people: data.NewOrder['people'] = [];
      for (const [i, p] of body.people.entries()) {
        if (p.self) {
          if (people.some((x) => x.is_client)) throw badRequest(`people[${i}]`, E.selfTwice);
          if (!facts.date_of_birth || !facts.gender) throw badRequest(`people[${i}]`, E.selfNeedsProfile);
          people.push({
            is_client: true,
            name: `${facts.first_name} ${facts.last_name}`.trim(),
            age: ageOn(facts.date_of_birth, new Date().toISOString()),
            sex: facts.gender,
          });
        } else {
          if (!p.name?.trim() || p.age === undefined || !p.sex) throw badRequest(`people[${i}]`, E.personFields);
          people.push({ is_client: false, name: p.name.trim(), age: p.age, sex: p.sex });
        }
      }
      if (!body.address.trim()) throw badRequest('address', 'This field is required.');
      const id = await withAudit(db, { actor: caller, action: act('lab.order.create'), client, requestId: request.id }, async (trx) => {
        const hold = await takeHold(trx, body.hold, client);
        const order = await data.insertOrder(trx, {
          client,
          bookedBy: caller.id,
          pincode: hold.pincode,
          address: body.address,
          start: new Date(hold.slot_start),
          items,
          people,
        });
        await data.useHold(trx, hold.id, order);
        // The partner hears of it after the commit, from the job written here (survives a crash).
        if (partner.kind === 'http') await queuePartnerBooking(trx, order);
        // Told in the same transaction: the order and its confirmation are stored together or not at all.
        await confirm(trx, order, client);
        return order;
      });
      reply.code(201);
      return data.orderOut(db, id, { forClient: isClientRole(caller.role) });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/labs/orders/:id',
    { schema: contract.routeSchema('getLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.order.read', request.id);
      return withAudit(db, { actor: caller, action: act('lab.order.read'), client: order.client_id, requestId: request.id }, async (trx) => {
        return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
      });
    },
  );

  app.patch<{ Params: { id: number }; Body: S['LabOrderReschedule'] }>(
    '/labs/orders/:id',
    { schema: contract.routeSchema('rescheduleLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.order.reschedule', request.id);
      return withAudit(db, { actor: caller, action: act('lab.order.reschedule'), client: order.client_id, requestId: request.id }, async (trx) => {
        const current = (await data.lockOrder(trx, order.id))!;
        if (!CANCELLABLE_STATUSES.includes(current.status)) throw new HttpError(409, E.notCancellable);
        const hold = await takeHold(trx, request.body.hold, current.client_id);
        if (hold.pincode !== current.pincode) throw badRequest('hold', E.notServed);
        const fasting = Math.max(0, ...(await data.orderOut(trx, order.id, { forClient: false })).items.map((i) => i.fasting_hours));
        const { time_zone: zone } = await getSettings(trx);
        if (!slotSuitsFasting(Math.floor(localTime(zone, new Date(hold.slot_start).getTime()).minutes / 60), fasting)) throw badRequest('hold', E.morningOnly);
        await data.moveOrder(trx, order.id, current.status, new Date(hold.slot_start), caller.id);
        await data.useHold(trx, hold.id, order.id);
        return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
      });
    },
  );

  app.post<{ Params: { id: number }; Body: S['LabOrderTransition'] }>(
    '/labs/orders/:id/transitions',
    { schema: contract.routeSchema('transitionLabOrder'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const order = await visibleOrder(caller, request.params.id, 'lab.order.transition', request.id);
      const { to, collector, reason } = request.body;
      if (isClientRole(caller.role) && to !== 'cancelled')
        await refuse(db, { actor: caller, action: act('lab.order.transition'), client: order.client_id, requestId: request.id }, forbidden(E.clientCancelOnly));
      // Cancelling stays the front desk's too (a client who rings); the lab's own steps are the desk's.
      if (!isClientRole(caller.role) && to !== 'cancelled') await requireLabDesk(caller, 'lab.order.transition', order.client_id, request.id);
      if (collector !== undefined && !(await data.activeStaff(db, collector))) throw badRequest('collector', E.noCollector);
      return withAudit(db, { actor: caller, action: act('lab.order.transition'), client: order.client_id, requestId: request.id }, async (trx) => {
        const current = (await data.lockOrder(trx, order.id))!;
        const counts = await data.resultCounts(trx, order.id);
        // Releasing with nothing entered is refused in words, not as a bare chart step.
        if ((to === 'partial' || to === 'ready') && current.status !== to && counts.resulted === 0 && ['processing', 'partial'].includes(current.status))
          throw new HttpError(409, E.noResultsYet);
        if (to === 'ready' && (current.status === 'processing' || current.status === 'partial') && counts.resulted < counts.expected)
          throw new HttpError(409, E.resultsMissing(counts.resulted, counts.expected));
        // The same chart the lab desk asks for its buttons decides which status changes exist.
        requireLifecycleStep(labOrderLifecycle, 'lab order', current.status, to, { extras: { collector_id: collector, ...counts } });
        await data.setOrderStatus(trx, order.id, current.status, to, new Date(current.slot_start), caller.id, {
          ...(collector !== undefined && to === 'collector_assigned' ? { collector_id: collector } : {}),
          ...(to === 'cancelled' ? { cancel_reason: (reason ?? '').trim() } : {}),
        });
        // An order booked with the partner lab is called off there too, after this commits (retried).
        if (to === 'cancelled' && current.by_partner) await queuePartnerCancel(trx, order.id);
        return data.orderOut(trx, order.id, { forClient: isClientRole(caller.role) });
      });
    },
  );
}
