// The adapter of the portal's booking pages (issue 16): the only module of these pages that calls
// the API client. Each function is an actor's work for the upcoming-visits chart, the
// visit-booking chart or the booking chart it invokes; failures are ApiFailures with the §8 text.
import type { BookingRequest, BookingResult, Offer } from '../../../machines/appointments/booking-machine';
import type { PortalAppointment, PortalBookingRules } from '../../../machines/portal/upcoming-rules';
import { clinicDate, isUpcoming } from '../../../machines/portal/upcoming-rules';
import type { VisitList } from '../../../machines/portal/upcoming-machine';
import type { VisitCatalogue } from '../../../machines/portal/visit-booking-machine';
import type { components } from '../../../openapi/generated/api';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

type Channel = components['schemas']['Channel'];

/** An upcoming video call with its join link, when the server gives it (from 10 minutes before). */
export type ListedVisit = PortalAppointment & { join_url?: string | null; join_opens_at?: string | null };

/** The client's appointments and the rules they are changed under; video calls with their join link. */
export async function loadVisits(api: ApiClient, clientId: string): Promise<VisitList> {
  const [rules, appointments] = await Promise.all([
    unwrap(api.GET('/appointments/booking-rules', {})),
    unwrap(api.GET('/appointments/appointments', { params: { query: { client: Number(clientId), limit: 500 } } })),
  ]);
  const now = Date.now();
  const listed: ListedVisit[] = await Promise.all(
    (appointments as PortalAppointment[]).map(async (a) => {
      if (a.channel !== 'video' || !isUpcoming(a, now)) return a;
      const visit = await unwrap(api.GET('/appointments/appointments/{id}/visit', { params: { path: { id: a.id } } }));
      return { ...a, join_url: visit.join_url, join_opens_at: visit.join_opens_at };
    }),
  );
  return { rules: rules as PortalBookingRules, appointments: listed };
}

export const cancelVisit = (api: ApiClient, id: number, reason: string) =>
  unwrap(api.POST('/appointments/appointments/{id}/transitions', { params: { path: { id } }, body: { to: 'cancelled', reason } }));

export const rescheduleVisit = (api: ApiClient, id: number, start: string) =>
  unwrap(api.POST('/appointments/appointments/{id}/transitions', { params: { path: { id } }, body: { to: 'rescheduled', start } }));

/**
 * Free starts for moving a visit: the next two weeks, its own time left out, only when the person
 * who delivers it is free (a move keeps them; a time free only with someone else would be refused).
 */
export async function loadStarts(api: ApiClient, appointment: PortalAppointment, rules: PortalBookingRules): Promise<string[]> {
  const now = Date.now();
  const offers = await loadOffers(api, { service: appointment.service, dateFrom: clinicDate(rules.time_zone, now), dateTo: clinicDate(rules.time_zone, now, 13) });
  const own = Date.parse(appointment.start);
  const withSameStaff = offers.filter((o) => appointment.staff === undefined || o.staff.includes(appointment.staff));
  return [...new Set(withSameStaff.map((o) => o.start))].filter((s) => Date.parse(s) !== own);
}

/** What the booking pages offer: the online services, the client's packages, the clinic's zone. */
export async function loadCatalogue(api: ApiClient, clientId: string): Promise<VisitCatalogue> {
  const [services, packages, rules] = await Promise.all([
    unwrap(api.GET('/appointments/services', {})),
    unwrap(api.GET('/appointments/packages', { params: { query: { client: Number(clientId) } } })),
    unwrap(api.GET('/appointments/booking-rules', {})),
  ]);
  return { services: services as VisitCatalogue['services'], packages, timeZone: rules.time_zone };
}

export async function loadOffers(api: ApiClient, q: { service: number; dateFrom: string; dateTo: string }): Promise<Offer[]> {
  const out = await unwrap(api.GET('/appointments/availability', { params: { query: { service: q.service, date_from: q.dateFrom, date_to: q.dateTo } } }));
  return out.slots;
}

export interface VisitExtras {
  package: number | null;
  channel: Channel;
  answers: Record<string, string>;
}

/** Books the chosen time with the package it is paid from, the channel and the answers, in one request. */
export async function bookVisit(api: ApiClient, request: BookingRequest, extras: VisitExtras): Promise<BookingResult> {
  const body: components['schemas']['AppointmentCreate'] = {
    client: request.client,
    service: request.service,
    start: request.start,
    channel: extras.channel,
    answers: extras.answers,
  };
  if (request.staff !== null) body.staff = request.staff;
  if (extras.package !== null) body.package = extras.package;
  if (request.notes) body.notes = request.notes;
  // One key per booking confirmed (the same for a resend of it): a lost answer never books twice.
  const created = await unwrap(api.POST('/appointments/appointments', { params: { header: { 'Idempotency-Key': request.key } }, body }));
  return { appointments: [{ id: created.id, start: created.start }] };
}
