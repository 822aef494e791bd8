// Which booked appointments a change to the clinic's rules would leave outside them, pure: the
// server judges with it before an administrator saves a service or someone's hours, so no change
// silently breaks what is booked. Appointments are never moved by these rules; the administrator
// decides (keep them as exceptions, cancel and notify, or drop the change).
import { addDays, type Interval, localTime, openWindows, overlaps, type WeeklyHours, workingWindows } from '../appointments/scheduling-rules.ts';
import { wordsInSentence } from '../rules/words.ts';

const MINUTE = 60_000;

export const IMPACT_REASONS = {
  serviceWithdrawn: 'The service would no longer be offered.',
  roleNotAllowed: (role: string) => `A ${role} would no longer be allowed to deliver it.`,
  missingResource: (kind: string) => `It holds no ${wordsInSentence(kind)} that the service would need.`,
  newDuration: (minutes: number, was: number) => `It would last ${minutes} minutes instead of ${was}.`,
  buffersOverlap: 'With the new buffers it would overlap another appointment of the same staff member.',
  outsideClinicHours: 'It would fall outside the clinic’s opening hours.',
  holiday: 'Its day would be a clinic holiday.',
  staffNotWorking: 'Its staff member would not be working then.',
  staffOnLeave: 'Its staff member would be on leave then.',
} as const;

/** A booked appointment as the rules see it (instants in ms). */
export interface BookedAppointment {
  id: number;
  staff: number;
  staffRole: string;
  start: number;
  end: number;
  occupiedFrom: number;
  occupiedTo: number;
  /** The kind of every resource unit it holds. */
  heldKinds: string[];
}

export interface ServiceRules {
  active: boolean;
  duration_minutes: number | null;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  resources_needed: Array<{ kind: string; units: number }>;
  delivered_by: string[];
}

export interface Impact {
  id: number;
  reasons: string[];
}

const withReasons = (list: Impact[]) => list.filter((i) => i.reasons.length > 0);

/**
 * The appointments of a service that its new rules would break. `busy` holds, per staff member,
 * the time their other appointments hold (sorted or not); `hours`, the clinic's and those staff
 * members' current hours, against which a longer length or wider buffers are judged too.
 */
export function serviceImpact(
  next: ServiceRules,
  booked: BookedAppointment[],
  busy: Map<number, Array<Interval & { id: number }>>,
  hours?: HoursRules,
): Impact[] {
  const outgrown = new Map(hours ? lengthImpact(next, booked, hours).map((i) => [i.id, i.reasons]) : []);
  return withReasons(
    booked.map((a) => {
      const reasons: string[] = [];
      if (!next.active) reasons.push(IMPACT_REASONS.serviceWithdrawn);
      if (!next.delivered_by.includes(a.staffRole)) reasons.push(IMPACT_REASONS.roleNotAllowed(a.staffRole));
      for (const need of next.resources_needed) {
        if (a.heldKinds.filter((k) => k === need.kind).length < need.units) reasons.push(IMPACT_REASONS.missingResource(need.kind));
      }
      const was = Math.round((a.end - a.start) / MINUTE);
      const minutes = next.duration_minutes ?? was;
      if (minutes !== was) reasons.push(IMPACT_REASONS.newDuration(minutes, was));
      const span = { start: a.start - next.buffer_before_minutes * MINUTE, end: a.start + (minutes + next.buffer_after_minutes) * MINUTE };
      const grows = span.start < a.occupiedFrom || span.end > a.occupiedTo;
      if (grows && (busy.get(a.staff) ?? []).some((b) => b.id !== a.id && overlaps(b, span))) reasons.push(IMPACT_REASONS.buffersOverlap);
      reasons.push(...(outgrown.get(a.id) ?? []));
      return { id: a.id, reasons };
    }),
  );
}

export interface StaffRules {
  weekly: WeeklyHours[];
  leave: Interval[];
  extra: Interval[];
}

export interface HoursRules {
  zone: string;
  clinicHours: WeeklyHours[];
  holidays: Set<string>;
  /** Only the staff whose hours change; the others' appointments are judged on the clinic alone. */
  staff: Map<number, StaffRules>;
}

/** The appointments that new clinic hours, holidays, time zone or staff hours would leave outside. */
export function hoursImpact(rules: HoursRules, booked: BookedAppointment[]): Impact[] {
  return withReasons(
    booked.map((a) => {
      const reasons: string[] = [];
      const span = { start: a.occupiedFrom, end: a.occupiedTo };
      const day = localTime(rules.zone, a.start).date;
      const around = [addDays(day, -1), day, addDays(day, 1)];
      if (rules.holidays.has(day)) reasons.push(IMPACT_REASONS.holiday);
      else if (!openWindows(rules.zone, around, rules.clinicHours, rules.holidays).some((w) => w.start <= span.start && span.end <= w.end)) {
        reasons.push(IMPACT_REASONS.outsideClinicHours);
      }
      const staff = rules.staff.get(a.staff);
      if (staff) {
        const working = workingWindows(rules.zone, around, staff.weekly, staff.leave, staff.extra);
        if (!working.some((w) => w.start <= span.start && span.end <= w.end)) {
          const onLeave = staff.leave.some((l) => overlaps(l, span)) && !staff.extra.some((e) => e.start <= span.start && span.end <= e.end);
          reasons.push(onLeave ? IMPACT_REASONS.staffOnLeave : IMPACT_REASONS.staffNotWorking);
        }
      }
      return { id: a.id, reasons };
    }),
  );
}

/**
 * What a service's new length or buffers would push outside the opening hours or its staff
 * member's hours (a session that would now run past closing time). Only breaks the appointment
 * does not already have are named: one kept earlier as an exception is not listed again for it.
 */
export function lengthImpact(next: ServiceRules, booked: BookedAppointment[], hours: HoursRules): Impact[] {
  const grown: BookedAppointment[] = [];
  for (const a of booked) {
    const minutes = next.duration_minutes ?? Math.round((a.end - a.start) / MINUTE);
    const from = a.start - next.buffer_before_minutes * MINUTE;
    const to = a.start + (minutes + next.buffer_after_minutes) * MINUTE;
    if (from < a.occupiedFrom || to > a.occupiedTo) grown.push({ ...a, end: a.start + minutes * MINUTE, occupiedFrom: from, occupiedTo: to });
  }
  const already = new Map(
    hoursImpact(
      hours,
      booked.filter((a) => grown.some((g) => g.id === a.id)),
    ).map((i) => [i.id, new Set(i.reasons)]),
  );
  return withReasons(hoursImpact(hours, grown).map((i) => ({ id: i.id, reasons: i.reasons.filter((r) => !already.get(i.id)?.has(r)) })));
}
