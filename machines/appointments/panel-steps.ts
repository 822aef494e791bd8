// What a step offered on the appointment panel needs from the person before it is sent. The
// appointment chart says which steps exist now; this says which of them are sent at once
// (confirm, check in, start, complete, no-show) and which ask first: a cancellation its reason
// (the server refuses one without it), a reschedule its new start, proposed as the appointment's
// current clinic-time start so only the part that changes needs typing.
import type { AppointmentStatus } from './appointment-lifecycle.ts';
import { localTime } from './scheduling-rules.ts';

export type StepInput =
  | { kind: 'none' }
  | { kind: 'reason'; initial: { reason: string } }
  | { kind: 'start'; initial: { start: string } };

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
