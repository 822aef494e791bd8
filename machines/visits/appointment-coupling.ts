// The appointment and its chart are one story (issue 32). A therapy visit charted for an
// appointment moves that appointment with it, in the same transaction on the server:
//   visit started   -> the appointment is in progress (started, if it was only checked in);
//   visit completed -> the appointment is completed (started first if need be), which draws the
//                      package session it holds;
//   visit aborted   -> the appointment is cancelled by the clinic, with the visit's reason (the
//                      session is given back and the slot freed: nothing was delivered in full,
//                      and the appointment cannot have another chart);
//   visit signed    -> the appointment stays completed and shows who signed (no status change).
// Each move is a walk through machines/appointments/appointment-lifecycle.ts with the chart's new
// status in its context, so the two charts agree by construction: a walk the appointment chart
// does not allow is refused (409) and nothing is written.
import { type AppointmentStatus, appointmentLifecycle } from '../appointments/appointment-lifecycle.ts';
import { nextSteps } from '../lifecycle/lifecycle.ts';
import type { VisitStatus } from './visit-lifecycle.ts';

/** Where a visit step takes its appointment (statuses the visit reaches without moving it are absent). */
export const APPOINTMENT_FOLLOWS: Partial<Record<VisitStatus, AppointmentStatus>> = {
  in_progress: 'in_progress',
  completed: 'completed',
  aborted: 'cancelled',
};

/** In what the appointment panel and the chart's abort dialog say what becomes of the appointment. */
export const ABORT_CANCELS_APPOINTMENT = 'Aborting cancels the appointment (by the clinic, with this reason); a package session it held is given back.';

/** The only appointment verbs a chart sends (never a check-in, a cancellation or a reschedule of its own). */
export const COUPLED_EVENTS: readonly string[] = ['appointment.start', 'appointment.complete', 'appointment.abort'];

export interface CouplingStep {
  event: string;
  to: AppointmentStatus;
}

/**
 * The appointment steps (at most two) that take an appointment in `from` to where a visit moving to
 * `visitTo` puts it; [] when it is there already or the visit step does not move it; null when the
 * appointment chart allows no such walk (e.g. the appointment was cancelled meanwhile).
 */
export function appointmentWalk(from: AppointmentStatus, visitTo: VisitStatus, facts: { startsAt: string; now: string }): CouplingStep[] | null {
  const target = APPOINTMENT_FOLLOWS[visitTo];
  if (target === undefined || from === target) return [];
  const context = { ...facts, checkInOpensAt: null, checkInClosesAt: null, chart: visitTo };
  const steps = (status: string) => nextSteps(appointmentLifecycle, status, { context }).filter((s) => COUPLED_EVENTS.includes(s.event));
  for (const first of steps(from)) {
    if (first.to === target) return [{ event: first.event, to: target }];
  }
  for (const first of steps(from)) {
    const second = steps(first.to).find((s) => s.to === target);
    if (second)
      return [
        { event: first.event, to: first.to as AppointmentStatus },
        { event: second.event, to: target },
      ];
  }
  return null;
}
