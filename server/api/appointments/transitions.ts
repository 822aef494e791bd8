// Moving an appointment through its chart. Who may take which step is decided here; whether the
// step exists at all is the chart's (requireLifecycleStep, a 409 before any write). Side effects
// ride in the same transaction: units released, a package credit taken at check-in (or forfeited,
// or given back: server/api/appointments/package-credits.ts), waitlist offers sent,
// the replacement appointment of a reschedule booked. A therapy visit's chart moves its appointment
// with it (followChart), in the visit's transaction.
import type { Db } from '../../db/database.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { type AppointmentStatus, appointmentLifecycle, CHART_DONE_STATUSES, checkInWindow } from '../../../machines/appointments/appointment-lifecycle.ts';
import { missingForStep } from '../../../machines/appointments/panel-steps.ts';
import { clinicDayEnd, isLateCancellation, localTime, type UndeliveredEnd } from '../../../machines/appointments/scheduling-rules.ts';
import { appointmentWalk } from '../../../machines/visits/appointment-coupling.ts';
import type { VisitStatus } from '../../../machines/visits/visit-lifecycle.ts';
import { clinicWhen } from '../../mail/clinic-when.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import type { Caller } from '../policy.ts';
import { forbidden, isBookingRole, isClientRole, isStaff, notFound, staffMayTakeStep } from '../policy.ts';
import { type AppointmentOut, findAppointment, getSettings, findService, recordStatus, type SchedulingSettings } from './data.ts';
import { type CheckInCredit, redeemCredit, settleUndelivered } from './package-credits.ts';
import { book } from './booking.ts';
import { offerFreedSlot } from './waitlist.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

export { isBookingRole };

export interface TransitionRequest {
  to: AppointmentStatus;
  reason?: string;
  start?: string;
  /** A new end with the new start: the appointment resized (its own length, not the service's). */
  end?: string;
  staff?: number;
  cancelled_by?: 'client' | 'clinic';
}

/**
 * Who may ask for this step on this appointment (403 otherwise; a client's stranger is 404 earlier):
 * a client their own confirmation, reschedule or cancellation; staff as machines/appointments/delivery-roles.ts says.
 */
export function mayMove(caller: Caller, appointment: AppointmentOut, deliveredBy: readonly string[], to: AppointmentStatus): boolean {
  if (isClientRole(caller.role)) return appointment.client === caller.id && ['cancelled', 'rescheduled', 'confirmed'].includes(to);
  return staffMayTakeStep(caller, { staff: appointment.staff, delivered_by: deliveredBy }, to);
}

/** What the appointment chart's guards read of an appointment now (machines/appointments/appointment-lifecycle.ts). */
export function appointmentFacts(a: AppointmentOut, settings: Pick<SchedulingSettings, 'time_zone' | 'check_in_window_hours'>, now: Date) {
  return {
    startsAt: a.start,
    now: now.toISOString(),
    ...checkInWindow(a.start, settings.check_in_window_hours, (instant) => clinicDayEnd(settings.time_zone, instant)),
    chart: a.chart?.status ?? null,
  };
}

export async function moveAppointment(
  trx: Db,
  mail: MailTransport,
  settings: SchedulingSettings,
  caller: Caller,
  id: number,
  req: TransitionRequest,
  now = new Date(),
): Promise<{ appointment: AppointmentOut; replacement: AppointmentOut | null; credit: CheckInCredit | null }> {
  const current = await findAppointment(trx, id, true);
  if (!current || (isClientRole(caller.role) && current.client !== caller.id)) throw notFound();
  const service = (await findService(trx, current.service))!;
  if (!mayMove(caller, current, service.delivered_by, req.to)) throw forbidden(isStaff(caller.role) ? T.deliveryOnly : T.clientMayNot);
  const context = appointmentFacts(current, settings, now);
  // What the chart refuses for time or for the visit chart, said in words before its generic 409.
  if (req.to === 'checked_in' && (current.status === 'booked' || current.status === 'confirmed')) {
    if (now.getTime() < Date.parse(context.checkInOpensAt))
      throw new HttpError(409, T.checkInTooEarly(settings.check_in_window_hours, await clinicWhen(trx, context.checkInOpensAt)));
    if (now.getTime() >= Date.parse(context.checkInClosesAt)) throw new HttpError(409, T.checkInDayOver);
  }
  if (req.to === 'completed' && current.status === 'in_progress' && context.chart !== null && !CHART_DONE_STATUSES.includes(context.chart))
    throw new HttpError(409, T.completesWithChart);
  requireLifecycleStep(appointmentLifecycle, 'appointment', current.status, req.to, { context });
  const reason = req.reason?.trim() ?? '';
  const byClient = isClientRole(caller.role) || req.cancelled_by === 'client';
  const late =
    byClient && isLateCancellation({ startsAt: current.start, bookedAt: current.created_at, now: now.toISOString(), windowHours: settings.late_cancel_hours });
  if (isClientRole(caller.role) && (req.to === 'cancelled' || req.to === 'rescheduled') && late) throw new HttpError(409, T.clientLate);
  // The panel's dialogs wait for the same fields (machines/appointments/panel-steps.ts).
  const missing = missingForStep(req.to, { reason, start: req.start });
  if (missing === 'reason') throw badRequest('reason', T.reasonRequired);
  if (missing === 'start') throw badRequest('start', T.startRequired);
  if (req.end !== undefined && (req.to !== 'rescheduled' || !req.start)) throw badRequest('end', T.endOnlyWithReschedule);
  if (req.end !== undefined && isClientRole(caller.role)) throw badRequest('end', T.clientNoLength);

  const changes: Record<string, unknown> = { status: req.to, status_reason: reason, updated_at: now };
  if (req.to === 'cancelled') {
    changes.cancelled_by = byClient ? 'client' : 'clinic';
    changes.late_cancellation = late;
  }
  await trx.updateTable('appointments').set(changes).where('id', '=', id).execute();
  const releases = req.to === 'cancelled' || req.to === 'no_show' || req.to === 'rescheduled';
  if (releases) await trx.updateTable('appointment_resources').set({ holding: false }).where('appointment_id', '=', id).execute();
  await recordStatus(trx, id, current.status, req.to, caller.id, reason);

  // The credit is taken at check-in, never again on completion; an undelivered end settles it.
  const credits = creditQuestion(current, settings.time_zone, caller.id);
  let credit: CheckInCredit | null = null;
  if (req.to === 'checked_in') credit = await redeemCredit(trx, credits);
  if (req.to === 'no_show' || req.to === 'cancelled') {
    const end: UndeliveredEnd = req.to === 'no_show' ? { kind: 'no_show' } : { kind: 'cancelled', by: byClient ? 'client' : 'clinic', late };
    await settleUndelivered(trx, credits, end, settings.late_cancel_forfeits_credit);
  }

  let replacement: AppointmentOut | null = null;
  if (req.to === 'rescheduled') {
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
      online: isClientRole(caller.role),
    });
    await trx.updateTable('appointments').set({ rescheduled_to: replacement.id }).where('id', '=', id).execute();
  }
  if (req.to === 'cancelled') {
    const freed = (await findAppointment(trx, id))!;
    if (Date.parse(freed.start) > now.getTime()) await offerFreedSlot(trx, mail, settings, freed);
  }
  return { appointment: (await findAppointment(trx, id))!, replacement, credit };
}

/** What the package credit rules read of an appointment; its clinic day judges a package's expiry. */
function creditQuestion(a: AppointmentOut, zone: string, by: number) {
  return { appointment: a.id, client: a.client, therapy: a.therapy, booked: a.package, day: localTime(zone, Date.parse(a.start)).date, by };
}

/**
 * The appointment follows its visit chart (machines/visits/appointment-coupling.ts), inside the
 * visit's transaction: started with it, completed with it (its credit was taken at check-in),
 * cancelled by the clinic when it is aborted (a credit taken given back, the units freed). The steps
 * are the appointment chart's, asked with the chart's new status; a walk it refuses is a 409 and
 * the caller's transaction writes nothing. `by` is who moved the chart.
 */
export async function followChart(trx: Db, appointmentId: number, visitTo: VisitStatus, by: number, reason: string, now = new Date()): Promise<void> {
  const current = await findAppointment(trx, appointmentId, true);
  if (!current) return;
  const walk = appointmentWalk(current.status, visitTo, { startsAt: current.start, now: now.toISOString() });
  if (walk === null) throw new HttpError(409, T.chartLost(current.status.replace('_', ' ')));
  let from = current.status;
  for (const step of walk) {
    requireLifecycleStep(appointmentLifecycle, 'appointment', from, step.to, { context: { startsAt: current.start, now: now.toISOString(), chart: visitTo } });
    const changes: Record<string, unknown> = { status: step.to, status_reason: step.to === 'cancelled' ? reason : '', updated_at: now };
    if (step.to === 'cancelled') {
      changes.cancelled_by = 'clinic';
      changes.late_cancellation = false;
    }
    await trx.updateTable('appointments').set(changes).where('id', '=', appointmentId).execute();
    if (step.to === 'cancelled') await trx.updateTable('appointment_resources').set({ holding: false }).where('appointment_id', '=', appointmentId).execute();
    await recordStatus(trx, appointmentId, from, step.to, by, step.to === 'cancelled' ? reason : '');
    // Aborted: the clinic's cancellation never costs a credit; one taken at check-in comes back.
    if (step.to === 'cancelled') {
      const { time_zone } = await getSettings(trx);
      await settleUndelivered(trx, creditQuestion(current, time_zone, by), { kind: 'cancelled', by: 'clinic', late: false }, false);
    }
    from = step.to;
  }
}
