// /api/v1/appointments/waitlist: entries (a client for themselves, the booking roles for anyone)
// and the offers sent when a slot frees up, accepted first come first served.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { forbidden, isClientRole, notFound } from '../policy.ts';
import { book, bookingTransaction, SchedulingConflict } from './booking.ts';
import { findService, findUserBrief, getSettings } from './data.ts';
import { LISTED, type S, sendConflict } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';
import { isBookingRole } from './transitions.ts';
import { findOffer, insertWaitlistEntry, listWaitlist, lockOffersOfSlot, markOfferGone, offerMayBeAccepted, settleOffers } from './waitlist.ts';

/** Lists and adds waitlist entries and accepts offers; the others of a slot are told through `mail`. */
export function waitlistRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  app.get<{ Querystring: { client?: number } }>(
    '/appointments/waitlist',
    { schema: contract.routeSchema('listWaitlist'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await scopedClient(db, { caller, asked: request.query.client, action: 'waitlist.list', requestId: request.id }, LISTED);
      return withAudit(db, { actor: caller, action: 'waitlist.list', client: client ?? null, requestId: request.id }, async (trx) => {
        const rows = await listWaitlist(trx, client);
        return rows;
      });
    },
  );

  app.post<{ Body: S['WaitlistEntryCreate'] }>(
    '/appointments/waitlist',
    { schema: contract.routeSchema('createWaitlistEntry'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      if (isClientRole(caller.role)) {
        if (body.client !== caller.id) throw notFound();
      } else if (!isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
      const service = await findService(db, body.service);
      if (!service || !service.active) throw badRequest('service', T.noService);
      if (isClientRole(caller.role) && !service.bookable_online) throw forbidden(T.notOnline);
      const client = await findUserBrief(db, body.client);
      if (!client || !isClientRole(client.role)) throw badRequest('client', T.noClient);
      const earliest = body.earliest ?? '00:00';
      const latest = body.latest ?? '23:59';
      if (latest <= earliest) throw badRequest('latest', T.endBeforeStart.replace('start', 'earliest'));
      const created = await withAudit(db, { actor: caller, action: 'waitlist.create', client: body.client, requestId: request.id }, async (trx) => {
        const row = await insertWaitlistEntry(trx, {
          client: body.client,
          service: body.service,
          weekdays: body.weekdays ?? [1, 2, 3, 4, 5, 6, 7],
          earliest,
          latest,
          channel: body.channel ?? 'email',
          createdBy: caller.id,
        });
        return row;
      });
      reply.code(201);
      return created;
    },
  );

  app.post<{ Params: { id: number } }>(
    '/appointments/waitlist/offers/:id/accept',
    { schema: contract.routeSchema('acceptWaitlistOffer'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const offer = await findOffer(db, request.params.id);
      if (!offer || (isClientRole(caller.role) && offer.client !== caller.id)) throw notFound();
      if (!isClientRole(caller.role) && !isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
      if (!offerMayBeAccepted(offer.status)) return sendConflict(reply, new SchedulingConflict(offer.status === 'gone' ? T.offerGone : T.offerNotOpen, []));
      const service = (await findService(db, offer.service))!;
      const settings = await getSettings(db);
      try {
        const created = await withAudit(
          db,
          { actor: caller, action: 'waitlist.accept', client: offer.client, requestId: request.id },
          async (trx) => {
            // Lock every offer of the freed slot, in one order: two accepts queue up instead of
            // deadlocking (each would otherwise hold its own offer and wait for the other's).
            await lockOffersOfSlot(trx, offer.freed);
            const locked = await findOffer(trx, offer.id);
            if (!locked || !offerMayBeAccepted(locked.status)) throw new SchedulingConflict(T.offerGone, []);
            const row = await book(trx, settings, {
              client: offer.client,
              service,
              staff: offer.staff,
              start: offer.start,
              end: offer.end,
              channel: 'in_clinic',
              notes: '',
              status: 'booked',
              bookedBy: caller.id,
              online: false,
            });
            await settleOffers(trx, mail, settings, offer, row.id, service.name);
            return row;
          },
          bookingTransaction,
        );
        reply.code(201);
        return created;
      } catch (error) {
        if (error instanceof SchedulingConflict) {
          await markOfferGone(db, offer.id);
          return sendConflict(reply, new SchedulingConflict(T.offerGone, error.conflicts));
        }
        if (error instanceof HttpError && error.statusCode === 400) {
          // The slot no longer fits (hours changed, staff on leave): the offer cannot be honoured.
          await markOfferGone(db, offer.id);
          return sendConflict(reply, new SchedulingConflict(T.offerGone, []));
        }
        throw error;
      }
    },
  );
}
