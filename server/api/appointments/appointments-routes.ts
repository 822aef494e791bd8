// /api/v1/appointments/appointments: the list, one appointment with its history, booking and the
// status transitions. A client sees and books only their own (another client's is 404, on the
// record); RECEPTION, ADMIN and SUPER_ADMIN book for anyone.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { badRequest } from '../../http/errors.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { type Caller, forbidden, isClientRole, isStaff, notFound } from '../policy.ts';
import { type BookingRequest, book, bookingTransaction, explainConflict, SchedulingConflict } from './booking.ts';
import { findAppointment, findService, getSettings, listAppointments, statusHistory } from './data.ts';
import { requireCredit, saveAnswers } from './portal-visits.ts';
import { LISTED, requireOffset, type S, sendConflict } from './route-helpers.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';
import { isBookingRole, moveAppointment } from './transitions.ts';

/** Lists, reads, books and moves appointments; transitions send their notices through `mail`. */
export function appointmentListRoutes(app: FastifyInstance, ctx: ApiContext, mail: MailTransport): void {
  const { db, contract } = ctx;
  type ListQuery = { client?: number; staff?: number; resource?: number; status?: string; start_after?: string; start_before?: string; limit: number };
  app.get<{ Querystring: ListQuery }>(
    '/appointments/appointments',
    { schema: contract.routeSchema('listAppointments'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      requireOffset('start_after', q.start_after);
      requireOffset('start_before', q.start_before);
      const client = await scopedClient(db, { caller, asked: q.client, action: 'appointment.list', requestId: request.id }, LISTED);
      return withAudit(db, { actor: caller, action: 'appointment.list', client: client ?? null, requestId: request.id }, async (trx) => {
        const rows = await listAppointments(trx, { ...q, client });
        return rows;
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/appointments/appointments/:id',
    { schema: contract.routeSchema('getAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const seen = await findAppointment(db, request.params.id);
      if (!seen) throw notFound();
      if (isClientRole(caller.role) && seen.client !== caller.id) {
        // Another client's appointment: refused as if absent, and the attempt is on the record.
        await refuse(db, { actor: caller, action: 'appointment.read', client: seen.client, requestId: request.id }, notFound());
      }
      return withAudit<{ client: number }>(
        db,
        { actor: caller, action: 'appointment.read', client: (found) => found.client, requestId: request.id },
        async (trx) => {
          const found = await findAppointment(trx, request.params.id);
          if (!found) throw notFound();
          return { ...found, history: await statusHistory(trx, found.id) };
        },
      );
    },
  );

  /** The booking request, or the reason the caller may not make it. */
  async function bookingRequest(caller: Caller, body: S['AppointmentCreate']): Promise<BookingRequest> {
    if (isClientRole(caller.role)) {
      if (body.client !== caller.id) throw notFound();
    } else if (!isBookingRole(caller.role)) throw forbidden(T.bookingRolesOnly);
    requireOffset('start', body.start);
    requireOffset('end', body.end);
    const service = await findService(db, body.service);
    if (!service) throw badRequest('service', T.noService);
    if (!service.active) throw badRequest('service', T.inactiveService);
    if (isClientRole(caller.role) && !service.bookable_online) throw forbidden(T.notOnline);
    requireCredit(caller, service, body.channel ?? 'in_clinic', body.package);
    return {
      client: body.client,
      service,
      staff: body.staff,
      start: body.start,
      end: body.end,
      channel: body.channel ?? 'in_clinic',
      notes: body.notes ?? '',
      package: body.package,
      drawFromPackage: isStaff(caller.role),
      status: body.status ?? 'booked',
      bookedBy: caller.id,
      online: isClientRole(caller.role),
    };
  }

  app.post<{ Body: S['AppointmentCreate'] }>(
    '/appointments/appointments',
    { schema: contract.routeSchema('createAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const req = await bookingRequest(caller, request.body);
      const settings = await getSettings(db);
      try {
        const created = await withAudit<Awaited<ReturnType<typeof book>>>(
          db,
          { actor: caller, action: 'appointment.create', client: (row) => row.client, requestId: request.id },
          async (trx) => {
            const row = await book(trx, settings, req);
            await saveAnswers(trx, row.id, request.body.answers);
            return row;
          },
          bookingTransaction,
        );
        reply.code(201);
        return created;
      } catch (error) {
        if (error instanceof SchedulingConflict) return sendConflict(reply, await explainConflict(db, settings, req, error));
        throw error;
      }
    },
  );

  app.post<{ Params: { id: number }; Body: S['AppointmentTransition'] }>(
    '/appointments/appointments/:id/transitions',
    { schema: contract.routeSchema('transitionAppointment'), config: { access: { roles: 'signed-in', client: 'own' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      requireOffset('start', request.body.start);
      requireOffset('end', request.body.end);
      if (isClientRole(caller.role)) {
        const seen = await findAppointment(db, request.params.id);
        if (seen && seen.client !== caller.id) {
          await refuse(db, { actor: caller, action: 'appointment.transition', client: seen.client, requestId: request.id }, notFound());
        }
      }
      const settings = await getSettings(db);
      try {
        return await withAudit<Awaited<ReturnType<typeof moveAppointment>>>(
          db,
          { actor: caller, action: 'appointment.transition', client: (moved) => moved.appointment.client, requestId: request.id },
          (trx) => moveAppointment(trx, mail, settings, caller, request.params.id, request.body),
          bookingTransaction,
        );
      } catch (error) {
        if (error instanceof SchedulingConflict) return sendConflict(reply, error);
        throw error;
      }
    },
  );
}
