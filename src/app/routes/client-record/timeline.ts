// The record's Overview: what happened lately across the record's sections, newest first. A pure
// rule over what the sections already load, so it is tested without a browser.
import type { components } from '../../../../openapi/generated/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { ClientAppointment } from '../../../features/appointments/index.ts';
import { type ConsentRecord, type Enrollment, ONBOARDING_TITLES, type Profile } from '../../../features/clients/index.ts';
import { TIMELINE as T } from './overview-texts.ts';
import type { ClientTicket } from '../../../features/support/index.ts';

type VisitSummary = components['schemas']['TherapyVisitSummary'];

export interface TimelineEvent {
  at: string;
  text: string;
  /** Whether `at` is a whole day (a date) rather than a moment. */
  day: boolean;
}

export interface TimelineSources {
  profile: Profile;
  consent: ConsentRecord[];
  enrollments: Enrollment[];
  appointments?: ClientAppointment[];
  /** The client's therapy visits, with the therapies' names as the back office sets them. */
  visits?: { visits: VisitSummary[]; names: Record<string, string> };
  tickets?: ClientTicket[];
}

export function timeline({ profile, consent, enrollments, appointments = [], visits, tickets = [] }: TimelineSources): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const moment = (at: string | null | undefined, text: string) => at && events.push({ at, text, day: false });
  for (const c of consent) moment(c.consented_at, c.decision === 'withdrawn' ? T.consentWithdrawn : T.consentGiven(String(c.version)));
  for (const e of enrollments) {
    events.push({ at: e.start_date, day: true, text: T.programStarted(e.program_name) });
    if (e.end_date) events.push({ at: e.end_date, day: true, text: T.programEnded(e.program_name, e.status) });
  }
  for (const [key, title] of Object.entries(ONBOARDING_TITLES)) {
    moment((profile[key as keyof Profile] as { completed_at?: string } | undefined)?.completed_at, T.answered(title));
  }
  for (const a of appointments) {
    // A reschedule's old appointment is the new one's history, not an event of its own.
    if (a.status === 'rescheduled') continue;
    moment(a.created_at, T.booked(a.service_name, formatDateTime(a.start)));
    if (a.status === 'completed') moment(a.start, T.attended(a.service_name));
    if (a.status === 'no_show') moment(a.start, T.missed(a.service_name));
    if (a.status === 'cancelled') moment(a.updated_at, T.cancelled(a.service_name, formatDateTime(a.start)));
  }
  for (const v of visits?.visits ?? []) {
    const therapy = visits?.names[v.therapy] ?? v.therapy;
    moment(v.completed_at, T.sessionCompleted(therapy));
    moment(v.signed_at, T.chartSigned(therapy));
  }
  for (const t of tickets) moment(t.created_at, T.askedSupport(t.subject));
  // Days and moments compare by their instant; a day counts from its start.
  const instant = (e: TimelineEvent) => Date.parse(e.day ? `${e.at}T00:00:00` : e.at);
  return events.sort((a, b) => instant(b) - instant(a)).slice(0, T.limit);
}
