// What a step offered on the appointment panel needs from the person before it is sent. The
// appointment chart says which steps exist now; this says which of them are sent at once
// (confirm, check in, start, complete, no-show) and which ask first: a cancellation its reason
// (the server refuses one without it), a reschedule its new start, proposed as the appointment's
// current clinic-time start so only the part that changes needs typing.
import { nextSteps, type LifecycleStep } from '../lifecycle/lifecycle.ts';
import { hasText } from '../rules/form-rules.ts';
import { type AppointmentStatus, appointmentLifecycle, checkInWindow } from './appointment-lifecycle.ts';
import { roleMayTakeStep } from './delivery-roles.ts';
import { clinicDayEnd, localTime } from './scheduling-rules.ts';

export type StepInput = { kind: 'none' } | { kind: 'reason'; initial: { reason: string } } | { kind: 'start'; initial: { start: string } };

const pad = (n: number) => String(n).padStart(2, '0');

/** `start` is the appointment's start (ISO with offset); `zone` the clinic's time zone. */
export function stepInput(to: AppointmentStatus, start: string, zone: string): StepInput {
  if (to === 'cancelled') return { kind: 'reason', initial: { reason: '' } };
  if (to === 'rescheduled') {
    const t = localTime(zone, Date.parse(start));
    return { kind: 'start', initial: { start: `${t.date}T${pad(Math.floor(t.minutes / 60))}:${pad(t.minutes % 60)}` } };
  }
  return { kind: 'none' };
}

/** A `YYYY-MM-DDTHH:MM` clinic-time start as typed in the reschedule field. */
export function isCompleteStart(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}

/**
 * What a status change still lacks before the server takes it: a cancellation's reason (more than
 * blanks), a reschedule's new start. Null when nothing is missing. The server refuses with the
 * field named; the panel's dialogs wait for it.
 */
export function missingForStep(to: string, fields: { reason?: string | null; start?: string | null }): 'reason' | 'start' | null {
  if (to === 'cancelled' && !hasText(fields.reason)) return 'reason';
  if (to === 'rescheduled' && !fields.start) return 'start';
  return null;
}

/** The cancel dialog may be sent once a reason is typed. */
export const canCancelWith = (reason: string): boolean => missingForStep('cancelled', { reason }) === null;

/** The reschedule dialog may be sent once the new start has a date and a time. */
export const canRescheduleTo = (start: string): boolean => isCompleteStart(start) && missingForStep('rescheduled', { start }) === null;

/**
 * The steps the appointment chart allows now (check-in window, its visit chart) that this person
 * may take (delivery-roles.ts, the server's rule too). `now` is when the appointment was read (the
 * adapter's answer), never the moment a view happens to render.
 */
export function panelSteps(
  appointment: { status: AppointmentStatus; start: string; chart?: { status: string } | null },
  at: { now: string; zone: string; checkInWindowHours: number; role: string; deliveredBy: readonly string[] },
): LifecycleStep[] {
  const facts = {
    startsAt: appointment.start,
    now: at.now,
    ...checkInWindow(appointment.start, at.checkInWindowHours, (instant) => clinicDayEnd(at.zone, instant)),
    chart: appointment.chart?.status ?? null,
  };
  return nextSteps(appointmentLifecycle, appointment.status, { context: facts }).filter((step) =>
    roleMayTakeStep(at.role, at.deliveredBy, step.to as AppointmentStatus),
  );
}
