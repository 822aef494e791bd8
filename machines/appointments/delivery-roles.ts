// Who may take which step of an appointment (issue 32: "Start" works for the nurse who is to chart
// it). The front desk and administrators take any step; a client only confirms, reschedules or
// cancels their own (the server's rule, server/api/appointments/transitions.ts). The delivery steps
// (check in, start, complete, no-show) are also taken by the staff member the appointment is booked
// with and by anyone whose role delivers its service: clinics work with whichever nurse is on duty,
// so nurse B starts (and charts) nurse A's HBOT session. A role that does not deliver the service
// (a HEALTH_COACH on an HBOT dive) takes none of them. The panel offers a step only when this says
// so; the server's one policy (server/api/policy.ts) decides with the same function.
import { type AppointmentStatus, DELIVERY_STATUSES } from './appointment-lifecycle.ts';

export const BOOKING_ROLES = ['RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;
export const isBookingRole = (role: string) => (BOOKING_ROLES as readonly string[]).includes(role);

export interface StepTaker {
  id: number;
  role: string;
}

/**
 * Whether someone of `role` may take the step to `to` on an appointment of a service delivered by
 * `deliveredBy`, whoever it is booked with (the panel's question: the staff member it is booked
 * with always has a role that delivers its service, since booking refuses anyone else).
 */
export function roleMayTakeStep(role: string, deliveredBy: readonly string[], to: AppointmentStatus): boolean {
  if (isBookingRole(role)) return true;
  if (role === 'CLIENT') return false;
  return DELIVERY_STATUSES.includes(to) && deliveredBy.includes(role);
}

/** Whether a staff member may take the step to `to` on an appointment booked with `staff` for a service delivered by `deliveredBy`. */
export function staffMayTakeStep(who: StepTaker, appointment: { staff: number; delivered_by: readonly string[] }, to: AppointmentStatus): boolean {
  if (who.role === 'CLIENT') return false;
  return roleMayTakeStep(who.role, appointment.delivered_by, to) || (DELIVERY_STATUSES.includes(to) && appointment.staff === who.id);
}
