// Portal bookings shown to staff until seen (issue 16): each staff member has their own "seen"
// marks, so the count in their navigation and the toast are theirs. A portal booking is one a
// client made for themself (booked_by = client_id); it counts for a staff member when it was
// made after they joined and its start is still ahead (a past booking needs nobody's attention).
// Reading the list is a read of those clients' appointments and is audited like the calendar's
// list; marking is a write, audited in its transaction.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { findAppointment } from './data.ts';

type S = components['schemas'];

/** How many of the unseen bookings the answer lists (newest first); `count` counts them all. */
export const UNSEEN_LISTED = 20;

export const PORTAL_BOOKING_TEXTS = {
  notPortalBooking: 'Not a booking a client made in the portal.',
} as const;

/** The unseen portal bookings of one staff member: `where` is the caller's own marks and join date. */
function unseenFor(staffId: number) {
  return sql`a.booked_by = a.client_id and a.starts_at > now()
    and a.created_at >= (select date_joined from users where id = ${staffId})
    and not exists (select 1 from portal_booking_seen s where s.staff_id = ${staffId} and s.appointment_id = a.id)`;
}

async function unseen(db: Db, staffId: number): Promise<S['UnseenPortalBookings']> {
  const where = unseenFor(staffId);
  const [{ rows: counted }, { rows: newest }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from appointments a where ${where}`.execute(db),
    sql<{ id: number }>`select a.id from appointments a where ${where} order by a.created_at desc, a.id desc limit ${UNSEEN_LISTED}`.execute(db),
  ]);
  const appointments = [];
  for (const { id } of newest) appointments.push((await findAppointment(db, id))!);
  return { count: counted[0]?.n ?? 0, appointments };
}

export async function portalBookingRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;

  app.get(
    '/appointments/portal-bookings',
    { schema: contract.routeSchema('listUnseenPortalBookings'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return withAudit(db, { actor: caller, action: 'appointment.list', requestId: request.id, client: null }, (trx) => unseen(trx, caller.id));
    },
  );

  app.post<{ Body: S['PortalBookingsSeen'] }>(
    '/appointments/portal-bookings/seen',
    { schema: contract.routeSchema('markPortalBookingsSeen'), config: { access: { roles: 'staff', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const ids = request.body.appointments;
      const { rows } = await sql<{ id: number }>`
      select id from appointments where id = any(${sql.val([...new Set(ids)])}::int[]) and booked_by = client_id`.execute(db);
      const portal = new Set(rows.map((r) => r.id));
      const unknown = ids.findIndex((id) => !portal.has(id));
      if (unknown >= 0) throw badRequest(`appointments.${unknown}`, PORTAL_BOOKING_TEXTS.notPortalBooking);
      return withAudit(db, { actor: caller, action: 'appointment.seen', requestId: request.id, client: null }, async (trx) => {
        await trx
          .insertInto('portal_booking_seen')
          .values([...portal].map((id) => ({ staff_id: caller.id, appointment_id: id })))
          .onConflict((oc) => oc.columns(['staff_id', 'appointment_id']).doNothing())
          .execute();
        return unseen(trx, caller.id);
      });
    },
  );
}
