// Moving an appointment through its chart. Who may take which step is decided here; whether the
// step exists at all is the chart's (requireLifecycleStep, a 409 before any write). Side effects
// ride in the same transaction: units released, package sessions drawn, waitlist offers sent,
// the replacement appointment of a reschedule booked.
import type { Db } from '../../db/database.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { type AppointmentStatus, appointmentLifecycle, DELIVERY_STATUSES } from '../../../machines/appointments/appointment-lifecycle.ts';
import { isLateCancellation, returnsPackageSession } from '../../../machines/appointments/scheduling-rules.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import type { Caller } from '../policy.ts';
import { forbidden, notFound } from '../policy.ts';
import { type AppointmentOut, drawPackageSession, findAppointment, findService, recordStatus, type SchedulingSettings } from './data.ts';
import { book } from './booking.ts';
import { offerFreedSlot } from './waitlist.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

export const BOOKING_ROLES = ['RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;
export const isBookingRole = (role: string) => (BOOKING_ROLES as readonly string[]).includes(role);

export interface TransitionRequest {
  to: AppointmentStatus;
  reason?: string;
  start?: string;
  /** A new end with the new start: the appointment resized (its own length, not the service's). */
  end?: string;
  staff?: number;
  cancelled_by?: 'client' | 'clinic';
}

/** Who may ask for this step on this appointment (403 otherwise; a client's stranger is 404 earlier). */
export function mayMove(caller: Caller, appointment: AppointmentOut, to: AppointmentStatus): boolean {
  if (isBookingRole(caller.role)) return true;
  if (caller.role === 'CLIENT') return appointment.client === caller.id && ['cancelled', 'rescheduled', 'confirmed'].includes(to);
  return DELIVERY_STATUSES.includes(to) && appointment.staff === caller.id;
}

export async function moveAppointment(
  trx: Db,
  mail: MailTransport,
  settings: SchedulingSettings,
  caller: Caller,
  id: number,
  req: TransitionRequest,
  now = new Date(),
): Promise<{ appointment: AppointmentOut; replacement: AppointmentOut | null }> {
  const current = await findAppointment(trx, id, true);
  if (!current || (caller.role === 'CLIENT' && current.client !== caller.id)) throw notFound();
  if (!mayMove(caller, current, req.to)) throw forbidden(caller.role === 'CLIENT' ? T.clientMayNot : T.deliveryOnly);
  requireLifecycleStep(appointmentLifecycle, 'appointment', current.status, req.to, {
    context: { startsAt: current.start, now: now.toISOString() },
  });
  const reason = req.reason?.trim() ?? '';
  const byClient = caller.role === 'CLIENT' || req.cancelled_by === 'client';
  const late = byClient && isLateCancellation({ startsAt: current.start, bookedAt: current.created_at, now: now.toISOString(), windowHours: settings.late_cancel_hours });
  if (caller.role === 'CLIENT' && (req.to === 'cancelled' || req.to === 'rescheduled') && late) throw new HttpError(409, T.clientLate);
  if (req.to === 'cancelled' && !reason) throw badRequest('reason', T.reasonRequired);
  if (req.to === 'rescheduled' && !req.start) throw badRequest('start', T.startRequired);
  if (req.end !== undefined && (req.to !== 'rescheduled' || !req.start)) throw badRequest('end', T.endOnlyWithReschedule);
  if (req.end !== undefined && caller.role === 'CLIENT') throw badRequest('end', T.clientNoLength);

  const changes: Record<string, unknown> = { status: req.to, status_reason: reason, updated_at: now };
  if (req.to === 'cancelled') {
    changes.cancelled_by = byClient ? 'client' : 'clinic';
    changes.late_cancellation = late;
  }
  await trx.updateTable('appointments').set(changes).where('id', '=', id).execute();
  const releases = req.to === 'cancelled' || req.to === 'no_show' || req.to === 'rescheduled';
  if (releases) await trx.updateTable('appointment_resources').set({ holding: false }).where('appointment_id', '=', id).execute();
  await recordStatus(trx, id, current.status, req.to, caller.id, reason);

  // A session is drawn when it is delivered, forfeited on a no-show or a late client cancellation.
  if (current.package !== null) {
    const draws = req.to === 'completed' || req.to === 'no_show' || (req.to === 'cancelled' && !returnsPackageSession(byClient ? 'client' : 'clinic', late));
    if (draws) await drawPackageSession(trx, current.package);
  }

  let replacement: AppointmentOut | null = null;
  if (req.to === 'rescheduled') {
    const service = (await findService(trx, current.service))!;
    replacement = await book(trx, settings, {
      client: current.client,
      service,
      staff: req.staff ?? current.staff,
      start: req.start!,
      // Resized: its own length; otherwise the service's (as when it was booked).
      end: req.end,
      channel: current.channel,
      notes: current.notes,
      package: current.package ?? undefined,
      status: 'booked',
      series: current.series ?? undefined,
      rescheduledFrom: current.id,
      bookedBy: caller.id,
      online: caller.role === 'CLIENT',
    });
    await trx.updateTable('appointments').set({ rescheduled_to: replacement.id }).where('id', '=', id).execute();
  }
  if (req.to === 'cancelled') {
    const freed = (await findAppointment(trx, id))!;
    if (Date.parse(freed.start) > now.getTime()) await offerFreedSlot(trx, mail, settings, freed);
  }
  return { appointment: (await findAppointment(trx, id))!, replacement };
}
