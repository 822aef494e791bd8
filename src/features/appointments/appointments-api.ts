// The appointments domain's adapter: the only appointments module that calls the API client
// (openapi-fetch), for the staff calendar, the client record's Appointments section, the portal's
// booking pages (issue 16), the back office's scheduling set-up and the hours facts the users page
// is given by its route module. Staff, client names and client search are the clients domain's
// reads (its index.ts); a checked-in appointment's chart is opened by visits'. Each function is an actor's
// work for a chart in machines/appointments/ or machines/clients/, or a record a page loads;
// failures are ApiFailures (§8 message), and a scheduling 409 also carries the `conflicts` the
// server named, which the charts read.
import type { BookingRequest, BookingResult, ClientOption, Offer } from '../../../machines/appointments/booking-machine.ts';
import type { CalendarAppointment, DayRange, Move } from '../../../machines/appointments/calendar-machine.ts';
import type { UnseenBookings } from '../../../machines/appointments/portal-bookings-machine.ts';
import { addDays, deliveringRoles, isoWeekday, localTime, zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import { clinicDate, isUpcoming, type PortalAppointment, type PortalBookingRules } from '../../../machines/clients/upcoming-rules.ts';
import type { VisitList } from '../../../machines/clients/upcoming-machine.ts';
import type { VisitCatalogue } from '../../../machines/clients/visit-booking-machine.ts';
import type { BoughtPackage, MyPackage, MyPackagesData } from '../../../machines/appointments/my-packages-machine.ts';
import { type SharedPackage, sharedWith } from '../../../machines/appointments/package-desk.ts';
import type { WeeklyShift } from '../../../machines/staff/invite-machine.ts';
import type { components, operations } from '../../../openapi/generated/api.ts';
import { ApiFailure, unwrap, unwrapRefusal } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { fullName } from '../../lib/staff/format.ts';
import { getClient, listUsers } from '../clients/index.ts';
import { offsetIso } from './clinic-time.ts';

export type Appointment = components['schemas']['Appointment'];
export type AppointmentDetail = components['schemas']['AppointmentDetail'];
export type Service = components['schemas']['Service'];
export type Resource = components['schemas']['Resource'];
export type SchedulingHours = components['schemas']['SchedulingHours'];
export type Package = components['schemas']['Package'];
export type AppointmentStatus = components['schemas']['AppointmentStatus'];
type StaffRole = components['schemas']['StaffRole'];
type S = components['schemas'];

export interface StaffMember {
  id: number;
  name: string;
  role: string;
}

/** Everything the screen needs before it can draw a day: hours and zone, services, resources, staff. */
export interface SchedulingSetup {
  hours: SchedulingHours;
  services: Service[];
  resources: Resource[];
  kinds: Array<{ kind: string; label: string }>;
  staff: StaffMember[];
}

/** The ApiFailure of a refused call, plus the conflicts a scheduling 409 names. */
class SchedulingRefusal extends ApiFailure {
  readonly conflicts: components['schemas']['ConflictItem'][];
  constructor(status: number, detail: string | null, conflicts: components['schemas']['ConflictItem'][]) {
    super(status, detail);
    this.conflicts = conflicts;
  }
}

/** Like `unwrap`, keeping a 409's conflicts for the charts. */
const unwrapScheduling = <T>(call: Parameters<typeof unwrap<T>>[0]): Promise<T> =>
  unwrapRefusal(call, 409, (error) => {
    const body = (error ?? {}) as { detail?: string; conflicts?: components['schemas']['ConflictItem'][] };
    return new SchedulingRefusal(409, body.detail ?? null, body.conflicts ?? []);
  });

const STAFF_ROLES: StaffRole[] = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'];

export async function loadSetup(api: ApiClient): Promise<SchedulingSetup> {
  const [hours, services, resourceList] = await Promise.all([
    unwrap(api.GET('/appointments/hours', {})),
    unwrap(api.GET('/appointments/services', {})),
    unwrap(api.GET('/appointments/resources', {})),
  ]);
  // The columns are the people who deliver services (a receptionist books, but holds no time).
  const roles = STAFF_ROLES.filter((role) => services.some((s) => s.delivered_by.includes(role)));
  const pages = await Promise.all(roles.map((role) => listUsers(api, { role, page_size: 100, ordering: 'last_name' })));
  const staff = pages.flatMap((page) => page.results.map((u) => ({ id: u.id, name: fullName(u), role: u.role ?? '' })));
  return { hours, services: services.filter((s) => s.active), resources: resourceList.resources.filter((r) => r.active), kinds: resourceList.kinds, staff };
}

/** Client names for the appointments' titles, fetched once per client and remembered. */
export class ClientNames {
  private readonly names = new Map<number, string>();
  get(id: number): string | undefined {
    return this.names.get(id);
  }
  async ensure(api: ApiClient, ids: number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.names.has(id));
    await Promise.all(
      missing.map(async (id) => {
        const user = await getClient(api, id);
        this.names.set(id, fullName({ first_name: user.Profile?.first_name ?? user.first_name, last_name: user.Profile?.last_name ?? user.last_name }));
      }),
    );
  }
}

/** The appointments starting on the days shown (clinic days, written with the clinic's offset). */
export async function loadRange(api: ApiClient, zone: string, range: DayRange, names: ClientNames): Promise<CalendarAppointment[]> {
  const appointments = await unwrap(
    api.GET('/appointments/appointments', {
      params: {
        query: {
          start_after: offsetIso(zonedInstant(zone, range.dateFrom, 0), zone),
          start_before: offsetIso(zonedInstant(zone, addDays(range.dateTo, 1), 0), zone),
          limit: 1000,
        },
      },
    }),
  );
  await names.ensure(
    api,
    appointments.map((a) => a.client),
  );
  return appointments;
}

/** Clients matching a name or phone, or with this ABHA number (the clients list's own search). */
export async function searchClients(api: ApiClient, text: string): Promise<ClientOption[]> {
  if (!text.trim()) return [];
  return (await clientChoicesPage(api, { search: text, pageSize: 10 })).rows;
}

export async function loadAvailability(api: ApiClient, query: { service: number; dateFrom: string; dateTo: string }): Promise<Offer[]> {
  const answer = await unwrap(
    api.GET('/appointments/availability', { params: { query: { service: query.service, date_from: query.dateFrom, date_to: query.dateTo } } }),
  );
  return answer.slots;
}

/** Books one appointment, or a series starting at the slot's clinic day and time. */
export async function book(api: ApiClient, zone: string, request: BookingRequest): Promise<BookingResult> {
  if (request.series) {
    const at = localTime(zone, Date.parse(request.start));
    const time = `${String(Math.floor(at.minutes / 60)).padStart(2, '0')}:${String(at.minutes % 60).padStart(2, '0')}`;
    const weekdays = request.series.weekdays.includes(isoWeekday(at.date)) ? request.series.weekdays : [...request.series.weekdays, isoWeekday(at.date)];
    const result = await unwrapScheduling(
      api.POST('/appointments/series', {
        body: {
          client: request.client,
          service: request.service,
          ...(request.staff ? { staff: request.staff } : {}),
          first_date: at.date,
          weekdays: weekdays.sort(),
          time,
          count: request.series.count,
          only_free: false,
          dry_run: false,
          ...(request.notes ? { notes: request.notes } : {}),
        },
      }),
    );
    return { appointments: result.appointments.map((a) => ({ id: a.id, start: a.start })) };
  }
  const created = await unwrapScheduling(
    api.POST('/appointments/appointments', {
      // One key per booking confirmed (the same for a resend of it): a lost answer never books twice.
      params: { header: { 'Idempotency-Key': request.key } },
      body: {
        client: request.client,
        service: request.service,
        start: request.start,
        ...(request.staff ? { staff: request.staff } : {}),
        ...(request.notes ? { notes: request.notes } : {}),
      },
    }),
  );
  return { appointments: [{ id: created.id, start: created.start }] };
}

/**
 * A drag or a resize: the appointment rescheduled to the new start and end (a drag keeps its length)
 * and staff column; 409 names what is in the way.
 */
export async function saveMove(api: ApiClient, move: Move): Promise<Appointment | null> {
  const moved = await unwrapScheduling(
    api.POST('/appointments/appointments/{id}/transitions', {
      params: { path: { id: move.id } },
      body: { to: 'rescheduled', start: move.start, end: move.end, ...(move.staff ? { staff: move.staff } : {}) },
    }),
  );
  return moved.replacement;
}

/** The side panel: the appointment with its history, the client, and the client's packages. */
export async function loadPanel(api: ApiClient, id: number) {
  const appointment = await unwrap(api.GET('/appointments/appointments/{id}', { params: { path: { id } } }));
  const [client, packages] = await Promise.all([
    getClient(api, appointment.client),
    unwrap(api.GET('/appointments/packages', { params: { query: { client: appointment.client } } })),
  ]);
  // When it was read: the steps offered are the ones the chart allows at that moment (the check-in window).
  return { appointment, client, packages, readAt: new Date().toISOString() };
}

export type PanelData = Awaited<ReturnType<typeof loadPanel>>;

export interface StatusChange {
  to: AppointmentStatus;
  reason?: string;
  start?: string;
}

type AppointmentMoved = components['schemas']['AppointmentMoved'];

/**
 * What the desk is told about a check-in's package credit, in the server's words: taken (success),
 * or none left so the visit is billed at the service's price (a warning); null when nothing to say.
 */
export function creditNotice(moved: unknown): { message: string; variant: 'success' | 'warning' } | null {
  const credit = (moved as Partial<AppointmentMoved> | null | undefined)?.credit;
  if (!credit) return null;
  return { message: credit.message, variant: credit.outcome === 'redeemed' ? 'success' : 'warning' };
}

export async function changeStatus(api: ApiClient, id: number, change: StatusChange) {
  return unwrapScheduling(
    api.POST('/appointments/appointments/{id}/transitions', {
      params: { path: { id } },
      body: {
        to: change.to,
        ...(change.reason ? { reason: change.reason } : {}),
        ...(change.start ? { start: change.start } : {}),
        ...(change.to === 'cancelled' ? { cancelled_by: 'clinic' as const } : {}),
      },
    }),
  );
}

/** The weekday rows of the clinic's opening hours, by ISO weekday. */
export function openingByWeekday(hours: SchedulingHours): Map<number, Array<{ opens: number; closes: number }>> {
  const map = new Map<number, Array<{ opens: number; closes: number }>>();
  const minutes = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));
  for (const row of hours.clinic_hours) {
    const list = map.get(row.weekday) ?? [];
    list.push({ opens: minutes(row.opens), closes: minutes(row.closes) });
    map.set(row.weekday, list);
  }
  return map;
}

/** The bookings clients made in the portal that the signed-in staff member has not seen. */
export async function loadUnseenPortalBookings(api: ApiClient, names: ClientNames): Promise<UnseenBookings> {
  return withClientNames(api, names, await unwrap(api.GET('/appointments/portal-bookings', {})));
}

/** How many told bookings are kept per staff member in this browser (the newest; older ones are long seen). */
const TOLD_KEPT = 500;
const toldKey = (user: string) => `clinic.portal-bookings.told.${user}`;

/** The portal bookings this staff member was told of (a toast) on an earlier page load in this browser. */
export function readToldBookings(user: string | null): number[] {
  if (!user) return [];
  try {
    const ids: unknown = JSON.parse(window.localStorage.getItem(toldKey(user)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Keeps them for the next page load (issue 32: a booking is told once, not on every load). */
export function keepToldBookings(user: string | null, ids: number[]): void {
  if (!user) return;
  try {
    window.localStorage.setItem(toldKey(user), JSON.stringify(ids.slice(-TOLD_KEPT)));
  } catch {
    // Storage full or refused (private mode): the toast may come again on the next load, nothing worse.
  }
}

/** Marks these portal bookings seen by the signed-in staff member; answers what is still unseen. */
export async function markPortalBookingsSeen(api: ApiClient, names: ClientNames, ids: number[]): Promise<UnseenBookings> {
  return withClientNames(api, names, await unwrap(api.POST('/appointments/portal-bookings/seen', { body: { appointments: ids } })));
}

async function withClientNames(api: ApiClient, names: ClientNames, unseen: { count: number; appointments: Appointment[] }): Promise<UnseenBookings> {
  await names.ensure(
    api,
    unseen.appointments.map((a) => a.client),
  );
  return { count: unseen.count, appointments: unseen.appointments.map((a) => ({ ...a, client_name: names.get(a.client) ?? null })) };
}

// The client record's Appointments section: the client's appointments and package balance, the
// clinic's package catalogue and the sale of a package.
export type ClientAppointment = components['schemas']['Appointment'];
export type ClientPackage = components['schemas']['Package'];

export type AppointmentQuery = NonNullable<operations['listAppointments']['parameters']['query']>;
/** The appointments the query asks for (a client's, a range's). */
export const listAppointments = (api: ApiClient, query: AppointmentQuery) => unwrap(api.GET('/appointments/appointments', { params: { query } }));
export const clientAppointments = (api: ApiClient, client: number) => listAppointments(api, { client, limit: 1000 });
export const clientPackages = (api: ApiClient, client: number) => unwrap(api.GET('/appointments/packages', { params: { query: { client } } }));
export const packagePlans = (api: ApiClient) => unwrap(api.GET('/appointments/package-plans', {}));
export const sellPackage = (api: ApiClient, plan: number, client: number) =>
  unwrap(api.POST('/appointments/package-plans/{id}/sell', { params: { path: { id: plan } }, body: { client } }));

// A package's steps at the desk and the client's family (issue 35, docs/packages.md).
export type PackageRefundMethod = S['PackageRefund']['method'];
export type ClientFamily = S['ClientFamily'];
const onPackage = (id: number) => ({ params: { path: { id } } });
export const freezePackage = (api: ApiClient, id: number, until: string) =>
  unwrap(api.POST('/appointments/packages/{id}/freeze', { ...onPackage(id), body: { until } }));
export const unfreezePackage = (api: ApiClient, id: number) => unwrap(api.POST('/appointments/packages/{id}/unfreeze', onPackage(id)));
export const transferPackage = (api: ApiClient, id: number, body: S['PackageTransfer']) =>
  unwrap(api.POST('/appointments/packages/{id}/transfer', { ...onPackage(id), body }));
export const refundPackage = (api: ApiClient, id: number, body: S['PackageRefund']) =>
  unwrap(api.POST('/appointments/packages/{id}/refund', { ...onPackage(id), body }));
export const clientFamily = (api: ApiClient, client: number) => unwrap(api.GET('/appointments/families/{id}', onPackage(client)));
export const joinFamily = (api: ApiClient, client: number, other: number) =>
  unwrap(api.PUT('/appointments/families/{id}', { ...onPackage(client), body: { with: other } }));
export const leaveFamily = (api: ApiClient, client: number) => unwrap(api.DELETE('/appointments/families/{id}', onPackage(client)));
/** The client's family (the others in it) and their packages shared within it that this client may use now. */
export async function loadFamily(api: ApiClient, client: number): Promise<{ members: ClientFamily['members']; shared: SharedPackage<ClientPackage>[] }> {
  const family = await clientFamily(api, client);
  const others = family.members.filter((m) => m.id !== client);
  const packages = await Promise.all(others.map((m) => clientPackages(api, m.id)));
  return {
    members: others,
    shared: sharedWith(
      client,
      others.map((m, i) => ({ ...m, packages: packages[i]! })),
    ),
  };
}
/** The clinic's time zone (its today decides how many days a freeze takes). */
export const clinicZone = async (api: ApiClient) => (await unwrap(api.GET('/appointments/booking-rules', {}))).time_zone;
/** One page of clients for a picker: the clients list's own search, named as the search offers them. */
export async function clientChoicesPage(api: ApiClient, q: { search: string; pageSize: number }): Promise<{ count: number; rows: ClientOption[] }> {
  const page = await listUsers(api, { role: 'CLIENT', ...(q.search.trim() ? { search: q.search.trim() } : {}), page_size: q.pageSize });
  return { count: page.count, rows: page.results.map((u) => ({ id: u.id, label: [fullName(u), u.phone_number].filter(Boolean).join(' · ') })) };
}

// The portal's booking pages: the upcoming-visits chart, the visit-booking chart and the booking
// chart it invokes.
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
  const offers = await loadAvailability(api, {
    service: appointment.service,
    dateFrom: clinicDate(rules.time_zone, now),
    dateTo: clinicDate(rules.time_zone, now, 13),
  });
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

export interface VisitExtras {
  package: number | null;
  channel: S['Channel'];
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

// The back office's scheduling set-up: services, resources, hours and booking rules, the package
// catalogue, and the impact check before a change.
export type ServicePatch = S['ServicePatch'];
export type ResourceList = S['ResourceList'];
export type HoursPatch = S['SchedulingHoursPatch'];
export type PackagePlan = S['PackagePlan'];
export type PackagePlanCreate = S['PackagePlanCreate'];
export type Impact = S['SchedulingImpact'];
/** Every staff role that may hold working hours. */
const HOURS_ROLES = ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;

export const listServices = (api: ApiClient) => unwrap(api.GET('/appointments/services', {}));
export const createService = (api: ApiClient, body: S['ServiceCreate']) => unwrap(api.POST('/appointments/services', { body }));
export const patchService = (api: ApiClient, id: number, body: ServicePatch) =>
  unwrap(api.PATCH('/appointments/services/{id}', { params: { path: { id } }, body }));
export const previewServiceImpact = (api: ApiClient, id: number, body: ServicePatch) =>
  unwrap(api.POST('/appointments/services/{id}/impact', { params: { path: { id } }, body }));

export const listResources = (api: ApiClient) => unwrap(api.GET('/appointments/resources', {}));
export const createResource = (api: ApiClient, body: S['ResourceCreate']) => unwrap(api.POST('/appointments/resources', { body }));
export const patchResource = (api: ApiClient, id: number, body: S['ResourcePatch']) =>
  unwrap(api.PATCH('/appointments/resources/{id}', { params: { path: { id } }, body }));

export const getHours = (api: ApiClient) => unwrap(api.GET('/appointments/hours', {}));
export const patchHours = (api: ApiClient, body: HoursPatch) => unwrap(api.PATCH('/appointments/hours', { body }));
export const previewHoursImpact = (api: ApiClient, body: HoursPatch) => unwrap(api.POST('/appointments/hours/impact', { body }));
export const cancelImpacted = (api: ApiClient, appointments: number[], reason: string) =>
  unwrap(api.POST('/appointments/impacted/cancel', { body: { appointments, reason } }));

export const listPlans = (api: ApiClient) => unwrap(api.GET('/appointments/package-plans', {}));
export const createPlan = (api: ApiClient, body: PackagePlanCreate) => unwrap(api.POST('/appointments/package-plans', { body }));
export const patchPlan = (api: ApiClient, id: number, body: S['PackagePlanPatch']) =>
  unwrap(api.PATCH('/appointments/package-plans/{id}', { params: { path: { id } }, body }));

/** Everyone who may hold working hours (every staff role), by last name. */
export async function listStaff(api: ApiClient): Promise<StaffMember[]> {
  const pages = await Promise.all(HOURS_ROLES.map((role) => listUsers(api, { role, page_size: 100, ordering: 'last_name' })));
  return pages.flatMap((page) =>
    page.results.map((u) => ({ id: u.id, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email, role: u.role ?? '' })),
  );
}

/**
 * What the invitation and the list of users need to know of scheduling: the roles that deliver a
 * service (asked for working hours), the clinic's opening hours (the hours a new staff member
 * starts from), and who has weekly hours or extra shifts.
 */
export async function loadHoursFacts(api: ApiClient) {
  const [services, hours] = await Promise.all([listServices(api), getHours(api)]);
  const openingHours: WeeklyShift[] = hours.clinic_hours.map((h) => ({ weekday: h.weekday, from: h.opens.slice(0, 5), to: h.closes.slice(0, 5) }));
  return { deliveringRoles: [...deliveringRoles(services)], openingHours, staffHours: hours.staff_hours, staffExceptions: hours.staff_exceptions };
}

export type HoursFacts = Awaited<ReturnType<typeof loadHoursFacts>>;

/** A staff member's weekly hours (replacing any they had). */
export const saveWeeklyHours = (api: ApiClient, staff: number, weekly: WeeklyShift[]) =>
  patchHours(api, { staff_hours: [{ staff, weekly: weekly.map((w) => ({ weekday: w.weekday, starts: w.from, ends: w.to })) }] });

// ---- "My packages" on the portal (issue 35) -------------------------------------------------

/** A package as the portal shows it: the server reads its status as of the clinic's today. */
function myPackage(p: ClientPackage): MyPackage {
  return {
    id: p.id,
    therapy: p.therapy,
    plan_name: p.plan_name,
    sessions_total: p.sessions_total,
    sessions_left: Math.max(0, p.sessions_left),
    expires_on: p.expires_on,
    status: p.status,
    invoice: p.invoice ? { id: p.invoice.id, number: p.invoice.number, due_paise: p.invoice.due_paise } : null,
  };
}

/** The client buys plan `plan` for themselves: the new package, awaiting payment on its invoice. */
export async function buyPackage(api: ApiClient, plan: number): Promise<BoughtPackage> {
  const p = await unwrap(api.POST('/appointments/package-plans/{id}/buy', { params: { path: { id: plan } } }));
  return { package: p.id, invoice: p.invoice?.id ?? null };
}

/** The client's packages (newest first) and the plans the clinic offers. */
export async function loadMyPackages(api: ApiClient, clientId: string): Promise<MyPackagesData> {
  const [packages, offers] = await Promise.all([clientPackages(api, Number(clientId)), unwrap(api.GET('/appointments/package-catalogue', {}))]);
  return { packages: packages.map(myPackage).reverse(), offers };
}
