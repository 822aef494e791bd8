// The authorization matrix: what each role gets from each operation, on their own record and on
// someone else's. docs/authorization.md's table is rendered from this, and the integration test
// tests/integration/api/authorization-matrix.test.ts runs every row for every role over HTTP.
// The server decides with server/api/policy.ts and each route's access declaration
// (server/api/route-access.ts); this table is the independent statement of what they must produce.
import type { ClinicRole } from '../../server/identity/contracts.ts';

export type Outcome = 200 | 201 | 204 | 400 | 403 | 404;

export const CLINICAL_STAFF: readonly ClinicRole[] = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'];

export interface MatrixRow {
  key: string;
  operation: string;
  target: string;
  client: Outcome;
  /** NURSE, RECEPTION, DOCTOR, HEALTH_COACH and NUTRITIONIST alike (unless `reception` differs). */
  staff: Outcome;
  /** RECEPTION where the front desk differs from clinical staff (scheduling: it books for anyone). */
  reception?: Outcome;
  /** Single staff roles that differ from the rest (therapy charting: NURSE and DOCTOR chart, others read). */
  roles?: Partial<Record<ClinicRole, Outcome>>;
  admin: Outcome;
  superAdmin: Outcome;
}

const row = (
  key: string,
  operation: string,
  target: string,
  client: Outcome,
  staff: Outcome,
  admin: Outcome,
  superAdmin: Outcome,
  reception?: Outcome,
): MatrixRow => ({
  key,
  operation,
  target,
  client,
  staff,
  admin,
  superAdmin,
  ...(reception !== undefined ? { reception } : {}),
});

/** The lab desk's work (clinic settings, default NURSE and ADMIN): the other clinical roles are refused. */
const LAB_DESK = (outcome: Outcome): Partial<Record<ClinicRole, Outcome>> => ({ NURSE: outcome });
const CHARTING = (outcome: Outcome): Partial<Record<ClinicRole, Outcome>> => ({ NURSE: outcome, DOCTOR: outcome });
const visitRow = (
  key: string,
  operation: string,
  target: string,
  client: Outcome,
  staff: Outcome,
  admin: Outcome,
  superAdmin: Outcome,
  roles?: Partial<Record<ClinicRole, Outcome>>,
): MatrixRow => ({
  ...row(key, operation, target, client, staff, admin, superAdmin),
  ...(roles ? { roles } : {}),
});

/** Billing (issue 34): RECEPTION bills (`front`), DOCTOR and NURSE read balances (`balance`). */
const billingRow = (
  key: string,
  operation: string,
  target: string,
  client: Outcome,
  front: Outcome,
  admin: Outcome,
  superAdmin: Outcome,
  balance?: Outcome,
): MatrixRow => ({
  ...row(key, operation, target, client, 403, admin, superAdmin, front),
  ...(balance !== undefined ? { roles: { NURSE: balance, DOCTOR: balance } } : {}),
});

export const AUTHORIZATION_MATRIX: readonly MatrixRow[] = [
  row('users.list', 'GET users/users', '—', 403, 200, 200, 200),
  row('users.me', 'GET users/users/me', 'own', 200, 200, 200, 200),
  row('users.me.home-views', 'POST users/users/me/home-views', 'own', 200, 403, 403, 403),
  row('users.get.own', 'GET users/users/{id}', 'own', 200, 200, 200, 200),
  row('users.get.client', 'GET users/users/{id}', 'another client', 404, 200, 200, 200),
  row('users.create.client', 'POST users/users (role CLIENT)', '—', 403, 201, 201, 201),
  row('users.create.staff', 'POST users/users (role NURSE)', '—', 403, 403, 201, 201),
  row('users.create.admin', 'POST users/users (role ADMIN)', '—', 403, 403, 403, 201),
  row('users.delete.own', 'DELETE users/users/{id}', 'own', 403, 403, 403, 403),
  row('users.delete.client', 'DELETE users/users/{id}', 'another client', 404, 403, 204, 204),
  row('users.delete.admin', 'DELETE users/users/{id}', 'another ADMIN', 404, 403, 403, 204),
  row('profiles.get.own', 'GET users/user-profiles/{id}', 'own', 200, 200, 200, 200),
  row('profiles.get.client', 'GET users/user-profiles/{id}', 'another client', 404, 200, 200, 200),
  row('profiles.patch.own', 'PATCH users/user-profiles/{id} (profile fields)', 'own', 200, 200, 200, 200),
  row('profiles.patch.client', 'PATCH users/user-profiles/{id} (profile fields)', 'another client', 404, 200, 200, 200),
  row('profiles.patch.staff', 'PATCH users/user-profiles/{id} (profile fields)', 'another NURSE', 404, 403, 200, 200),
  row('profiles.patch.admin', 'PATCH users/user-profiles/{id} (profile fields)', 'another ADMIN', 404, 403, 403, 200),
  row('profiles.clinic-fields.own', 'PATCH users/user-profiles/{id} (clinic, appointment_duration)', 'own', 403, 200, 200, 200),
  row('profiles.role.own', 'PATCH users/user-profiles/{id} (role)', 'own', 403, 403, 403, 403),
  row('profiles.role.client-to-staff', 'PATCH users/user-profiles/{id} (role CLIENT → NURSE)', 'another client', 404, 403, 200, 200),
  row('profiles.role.client-to-admin', 'PATCH users/user-profiles/{id} (role CLIENT → ADMIN)', 'another client', 404, 403, 403, 200),
  row('profiles.consent.own', 'PATCH users/user-profiles/{id} (consent patch)', 'own', 200, 200, 200, 200),
  row('profiles.consent.client', 'PATCH users/user-profiles/{id} (consent patch)', 'another client', 404, 403, 403, 403),
  // A signed paper form recorded by staff (issue 22, 12): for clients' records only.
  row('consent.on-behalf.own', 'POST users/user-profiles/{id}/consent-history', 'own (staff are not clients: 400)', 403, 400, 400, 400),
  row('consent.on-behalf.client', 'POST users/user-profiles/{id}/consent-history', 'another client', 404, 201, 201, 201),
  row('enrollments.list.own', 'GET users/user-program-enrollments?user={id}', 'own', 200, 200, 200, 200),
  row('enrollments.list.client', 'GET users/user-program-enrollments?user={id}', 'another client', 404, 200, 200, 200),
  row('enrollments.create.own', 'POST users/user-program-enrollments', 'own', 403, 201, 201, 201),
  row('enrollments.create.client', 'POST users/user-program-enrollments', 'another client', 404, 201, 201, 201),
  row('enrollments.patch.own', 'PATCH users/user-program-enrollments/{id}', 'own', 403, 200, 200, 200),
  row('enrollments.patch.client', 'PATCH users/user-program-enrollments/{id}', 'another client', 404, 200, 200, 200),
  row('enrollments.delete.own', 'DELETE users/user-program-enrollments/{id}', 'own', 403, 204, 204, 204),
  row('enrollments.delete.client', 'DELETE users/user-program-enrollments/{id}', 'another client', 404, 204, 204, 204),
  row('programs.list', 'GET programs/programs', '—', 200, 200, 200, 200),
  row('programs.get', 'GET programs/programs/{id}', '—', 200, 200, 200, 200),
  row('programs.create', 'POST programs/programs', '—', 403, 403, 201, 201),
  row('programs.patch', 'PATCH programs/programs/{id}', '—', 403, 403, 200, 200),
  row('programs.delete', 'DELETE programs/programs/{id}', '—', 403, 403, 204, 204),
  row('audit.list', 'GET audit/events', '—', 403, 403, 200, 200),
  row('clinic-settings.get', 'GET clinic/settings', '—', 200, 200, 200, 200),
  row('clinic-settings.patch', 'PATCH clinic/settings', '—', 403, 403, 200, 200),
  row('clinic-logo.put', 'PUT clinic/logo', '—', 403, 403, 200, 200),
  row('clinic-logo.delete', 'DELETE clinic/logo', '—', 403, 403, 200, 200),
  // Thrive checks (heart-risk scores) are health records of clients: staff record them for clients only.
  row('thrive-checks.list.own', 'GET users/thrive-checks?user={id}', 'own', 200, 200, 200, 200),
  row('thrive-checks.list.client', 'GET users/thrive-checks?user={id}', 'another client', 404, 200, 200, 200),
  row('thrive-checks.create.own', 'POST users/thrive-checks', 'own (staff are not clients: 400)', 201, 400, 400, 400),
  row('thrive-checks.create.client', 'POST users/thrive-checks (user)', 'another client', 404, 201, 201, 201),
  // Scheduling (server/api/appointments): the front desk books for anyone; clinical staff see all
  // and move the appointments they deliver or whose service their role delivers.
  row('appointments.services.list', 'GET appointments/services', '—', 200, 200, 200, 200),
  row('appointments.services.create', 'POST appointments/services', '—', 403, 403, 201, 201),
  row('appointments.services.patch', 'PATCH appointments/services/{id}', '—', 403, 403, 200, 200),
  row('appointments.resources.list', 'GET appointments/resources', '—', 403, 200, 200, 200),
  row('appointments.resources.create', 'POST appointments/resources', '—', 403, 403, 201, 201),
  row('appointments.resources.patch', 'PATCH appointments/resources/{id}', '—', 403, 403, 200, 200),
  row('appointments.hours.get', 'GET appointments/hours', '—', 403, 200, 200, 200),
  row('appointments.hours.patch', 'PATCH appointments/hours', '—', 403, 403, 200, 200),
  row('appointments.list.own', 'GET appointments/appointments?client={id}', 'own', 200, 200, 200, 200),
  row('appointments.list.client', 'GET appointments/appointments?client={id}', 'another client', 404, 200, 200, 200),
  row('appointments.get.own', 'GET appointments/appointments/{id}', 'own', 200, 200, 200, 200),
  row('appointments.get.client', 'GET appointments/appointments/{id}', 'another client', 404, 200, 200, 200),
  row('appointments.create.own', 'POST appointments/appointments (online-bookable service)', 'own', 201, 403, 201, 201, 201),
  row('appointments.create.client', 'POST appointments/appointments', 'another client', 404, 403, 201, 201, 201),
  row('appointments.cancel.own', 'POST appointments/appointments/{id}/transitions (cancelled, in time)', 'own', 200, 403, 200, 200, 200),
  row('appointments.cancel.client', 'POST appointments/appointments/{id}/transitions (cancelled)', 'another client', 404, 403, 200, 200, 200),
  row('appointments.check-in.delivering', 'POST appointments/appointments/{id}/transitions (checked_in)', 'own / delivered by the caller', 403, 200, 200, 200),
  // Any nurse on duty takes the delivery steps of a service NURSE delivers (issue 32); other roles do not.
  {
    ...row(
      'appointments.check-in.other-staff',
      'POST appointments/appointments/{id}/transitions (checked_in)',
      "another client / another nurse's (a service NURSE delivers)",
      404,
      403,
      200,
      200,
      200,
    ),
    roles: { NURSE: 200 },
  },
  row('appointments.availability', 'GET appointments/availability', '—', 200, 200, 200, 200),
  row('appointments.series.create', 'POST appointments/series', 'another client', 403, 403, 201, 201, 201),
  row('appointments.waitlist.list.own', 'GET appointments/waitlist?client={id}', 'own', 200, 200, 200, 200),
  row('appointments.waitlist.list.client', 'GET appointments/waitlist?client={id}', 'another client', 404, 200, 200, 200),
  row('appointments.waitlist.create.own', 'POST appointments/waitlist', 'own', 201, 403, 201, 201, 201),
  row('appointments.waitlist.accept.client', 'POST appointments/waitlist/offers/{id}/accept', 'another client', 404, 403, 201, 201, 201),
  row('appointments.packages.list.own', 'GET appointments/packages?client={id}', 'own', 200, 200, 200, 200),
  row('appointments.packages.list.client', 'GET appointments/packages?client={id}', 'another client', 404, 200, 200, 200),
  row('appointments.packages.create', 'POST appointments/packages', 'another client', 403, 403, 201, 201, 201),
  // The portal's booking reads (server/api/appointments/portal-visits.ts).
  row('appointments.booking-rules', 'GET appointments/booking-rules', '—', 200, 200, 200, 200),
  row('appointments.visit.own', 'GET appointments/appointments/{id}/visit', 'own', 200, 200, 200, 200),
  row('appointments.visit.client', 'GET appointments/appointments/{id}/visit', 'another client', 404, 200, 200, 200),
  // The scheduling back office (server/api/appointments/backoffice.ts): the package catalogue,
  // its sale to a client, and the impact check before a change of rules.
  row('appointments.package-plans.list', 'GET appointments/package-plans', '—', 403, 200, 200, 200),
  row('appointments.package-plans.create', 'POST appointments/package-plans', '—', 403, 403, 201, 201),
  row('appointments.package-plans.patch', 'PATCH appointments/package-plans/{id}', '—', 403, 403, 200, 200),
  row('appointments.package-plans.sell', 'POST appointments/package-plans/{id}/sell', 'another client', 403, 403, 201, 201, 201),
  // Packages sold through billing (issue 35; server/api/appointments/package-sales-routes.ts): a
  // client buys for themselves; the booking roles freeze and keep families; ADMIN and SUPER_ADMIN
  // transfer; the billing roles (RECEPTION, ADMIN) refund through a credit note.
  row('appointments.package-plans.buy', 'POST appointments/package-plans/{id}/buy', 'own', 201, 403, 403, 403),
  row('appointments.packages.freeze', 'POST appointments/packages/{id}/freeze', 'another client', 403, 403, 200, 200, 200),
  row('appointments.packages.unfreeze', 'POST appointments/packages/{id}/unfreeze', 'another client', 403, 403, 200, 200, 200),
  row('appointments.packages.transfer', 'POST appointments/packages/{id}/transfer', 'another client', 403, 403, 200, 200),
  row('appointments.packages.refund', 'POST appointments/packages/{id}/refund', 'another client', 403, 403, 200, 403, 200),
  row('appointments.families.get', 'GET appointments/families/{id}', 'another client', 403, 403, 200, 200, 200),
  row('appointments.families.link', 'PUT appointments/families/{id}', 'another client', 403, 403, 200, 200, 200),
  row('appointments.families.unlink', 'DELETE appointments/families/{id}', 'another client', 403, 403, 204, 204, 204),
  // Packages in the portal (issue 35): anyone signed in reads the active plans a client can buy.
  row('appointments.package-catalogue.list', 'GET appointments/package-catalogue', '—', 200, 200, 200, 200),
  row('appointments.services.impact', 'POST appointments/services/{id}/impact', '—', 403, 403, 200, 200),
  row('appointments.hours.impact', 'POST appointments/hours/impact', '—', 403, 403, 200, 200),
  row('appointments.impacted.cancel', 'POST appointments/impacted/cancel', 'another client', 403, 403, 200, 200),
  // Portal bookings shown to staff until seen (server/api/appointments/portal-bookings.ts): each
  // staff member reads and marks only their own "seen"; clients have no such list.
  row('appointments.portal-bookings.list', 'GET appointments/portal-bookings', '—', 403, 200, 200, 200),
  row('appointments.portal-bookings.seen', 'POST appointments/portal-bookings/seen', "a client's portal booking", 403, 200, 200, 200),
  // Thrive dashboard (server/api/thrive): staff read the clinic and any client; a client reads
  // and adds only their own (weight and blood pressure, self-reported).
  row('thrive.summary', 'GET thrive/summary', '—', 403, 200, 200, 200),
  row('thrive.attention', 'GET thrive/attention', '—', 403, 200, 200, 200),
  row('thrive.tile', 'GET thrive/tiles/{tile}', '—', 403, 200, 200, 200),
  row('thrive.client.own', 'GET thrive/clients/{id}', 'own (staff are not clients: 404)', 200, 404, 404, 404),
  row('thrive.client.client', 'GET thrive/clients/{id}', 'another client', 404, 200, 200, 200),
  row('thrive.measurements.list.own', 'GET thrive/measurements?client={id}', 'own (staff are not clients: 404)', 200, 404, 404, 404),
  row('thrive.measurements.list.client', 'GET thrive/measurements?client={id}', 'another client', 404, 200, 200, 200),
  row('thrive.measurements.create.own', 'POST thrive/measurements (weight, no client)', 'own (staff must name a client: 400)', 201, 400, 400, 400),
  row('thrive.measurements.create.client', 'POST thrive/measurements (weight, client)', 'another client', 404, 201, 201, 201),
  row('thrive.measurements.correct.own', 'POST thrive/measurements/{id}/corrections', "the CLIENT's own self-reported reading", 201, 201, 201, 201),
  row('thrive.measurements.correct.client', 'POST thrive/measurements/{id}/corrections', "another client's reading", 404, 201, 201, 201),
  // Support (server/api/support): a client opens, reads and replies on their own tickets only;
  // staff work every ticket (assign, move along the chart, internal notes).
  row('support.tickets.list.own', 'GET support/tickets?client={id}', 'own', 200, 200, 200, 200),
  row('support.tickets.list.client', 'GET support/tickets?client={id}', 'another client', 404, 200, 200, 200),
  // Staff below ADMIN open and work the categories their role answers (clinic settings): Billing is the front desk's.
  row('support.tickets.create.own', 'POST support/tickets (billing)', 'own', 201, 403, 201, 201, 201),
  row('support.tickets.create.client', 'POST support/tickets (client, billing)', 'another client', 404, 403, 201, 201, 201),
  row('support.tickets.get.billing', 'GET support/tickets/{id} (billing)', 'another client', 404, 403, 200, 200, 200),
  row('support.messages.reply.billing', 'POST support/tickets/{id}/messages (billing)', 'another client', 404, 403, 201, 201, 201),
  row('support.tickets.get.own', 'GET support/tickets/{id}', 'own', 200, 200, 200, 200),
  row('support.tickets.get.client', 'GET support/tickets/{id}', 'another client', 404, 200, 200, 200),
  row('support.tickets.assign.own', 'PATCH support/tickets/{id} (assignee)', 'own', 403, 200, 200, 200),
  row('support.tickets.assign.client', 'PATCH support/tickets/{id} (assignee)', 'another client', 404, 200, 200, 200),
  row('support.tickets.transition.own', 'POST support/tickets/{id}/transitions (open)', 'own', 403, 200, 200, 200),
  row('support.tickets.transition.client', 'POST support/tickets/{id}/transitions (open)', 'another client', 404, 200, 200, 200),
  row('support.messages.reply.own', 'POST support/tickets/{id}/messages', 'own', 201, 201, 201, 201),
  row('support.messages.reply.client', 'POST support/tickets/{id}/messages', 'another client', 404, 201, 201, 201),
  row('support.messages.note.own', 'POST support/tickets/{id}/messages (internal)', 'own', 403, 201, 201, 201),
  row('support.attachments.upload', 'POST support/attachments', '—', 201, 201, 201, 201),
  row('support.attachments.download.own', 'GET support/attachments/{id}', 'own', 200, 200, 200, 200),
  row('support.attachments.download.client', 'GET support/attachments/{id}', 'another client', 404, 200, 200, 200),
  // Discovery (issue 18): every staff role of §6 uses the pipeline; a CLIENT never. The enquiry
  // form is public (no sign-in), so it answers the same to everyone.
  row('discovery.prospects.list', 'GET discovery/prospects', '—', 403, 200, 200, 200),
  row('discovery.prospects.create', 'POST discovery/prospects', '—', 403, 201, 201, 201),
  row('discovery.prospects.get', 'GET discovery/prospects/{id}', 'a prospect', 403, 200, 200, 200),
  row('discovery.prospects.patch', 'PATCH discovery/prospects/{id}', 'a prospect', 403, 200, 200, 200),
  row('discovery.prospects.transition', 'POST discovery/prospects/{id}/transitions (contacted)', 'a prospect', 403, 200, 200, 200),
  row('discovery.prospects.call', 'POST discovery/prospects/{id}/calls', 'a prospect', 403, 201, 201, 201),
  row('discovery.prospects.convert', 'POST discovery/prospects/{id}/convert', 'a prospect (discovery done)', 403, 200, 200, 200),
  row('discovery.visits.list', 'GET discovery/visits?prospect={id}', 'a prospect', 403, 200, 200, 200),
  row('discovery.visits.create', 'POST discovery/visits', 'a prospect', 403, 201, 201, 201),
  row('discovery.visits.get', 'GET discovery/visits/{id}', "a coach's note", 403, 200, 200, 200),
  row('discovery.visits.patch', 'PATCH discovery/visits/{id}', "a coach's note", 403, 200, 200, 200),
  row('discovery.visits.sign.own', 'POST discovery/visits/{id}/sign', "own note (a client: a coach's)", 403, 200, 200, 200),
  row('discovery.funnel', 'GET discovery/funnel', '—', 403, 200, 200, 200),
  row('discovery.enquiries.create', 'POST discovery/enquiries (no sign-in)', '—', 201, 201, 201, 201), // Cognitive assessment (server/api/cognitive): a CLIENT takes the battery and reads results for
  // themselves only; staff read any client's, record in-clinic instruments and comment, never take a run.
  row('cognitive.results.own', 'GET assessments/cognitive/results?client={id}', 'own', 200, 200, 200, 200),
  row('cognitive.results.client', 'GET assessments/cognitive/results?client={id}', 'another client', 404, 200, 200, 200),
  row('cognitive.runs.start.own', 'POST assessments/cognitive/runs', 'own', 201, 403, 403, 403),
  row('cognitive.runs.save.own', 'PATCH assessments/cognitive/runs/{id}', "own (staff: a client's)", 200, 403, 403, 403),
  row('cognitive.runs.save.client', 'PATCH assessments/cognitive/runs/{id}', 'another client', 404, 403, 403, 403),
  row('cognitive.runs.complete.own', 'POST assessments/cognitive/runs/{id}/complete', "own (staff: a client's)", 200, 403, 403, 403),
  row('cognitive.runs.complete.client', 'POST assessments/cognitive/runs/{id}/complete', 'another client', 404, 403, 403, 403),
  row('cognitive.instruments.record.own', 'POST assessments/cognitive/instruments', 'own (staff are not clients: 400)', 403, 400, 400, 400),
  row('cognitive.instruments.record.client', 'POST assessments/cognitive/instruments', 'another client', 403, 201, 201, 201),
  row('cognitive.reviews.create.client', 'POST assessments/cognitive/reviews', 'another client', 403, 201, 201, 201),
  // Labs (server/api/labs): a CLIENT holds slots, books, reads, reschedules and cancels their own
  // orders and reads their own released reports; staff book and cancel for a client; the lab desk's
  // roles (clinic settings, default NURSE and ADMIN) move orders and enter results; ADMIN+ keep the catalogue.
  row('labs.catalogue.list', 'GET labs/catalogue', '—', 200, 200, 200, 200),
  row('labs.catalogue.create', 'POST labs/catalogue', '—', 403, 403, 201, 201),
  row('labs.catalogue.update', 'PATCH labs/catalogue/{id}', '—', 403, 403, 200, 200),
  row('labs.catalogue.deactivate', 'PATCH labs/catalogue/{id} (active false)', '—', 403, 403, 200, 200),
  row('labs.pincodes.list', 'GET labs/pincodes', '—', 200, 200, 200, 200),
  row('labs.pincodes.save', 'POST labs/pincodes', '—', 403, 403, 201, 201),
  row('labs.slots.list', 'GET labs/slots?pincode=', '—', 200, 200, 200, 200),
  row('labs.slots.hold.own', 'POST labs/slots', 'own (staff must name a client: 400)', 201, 400, 400, 400),
  row('labs.slots.hold.client', 'POST labs/slots (client)', 'another client', 404, 201, 201, 201),
  row('labs.orders.list.own', 'GET labs/orders?client={id}', 'own', 200, 200, 200, 200),
  row('labs.orders.list.client', 'GET labs/orders?client={id}', 'another client', 404, 200, 200, 200),
  row('labs.orders.create.own', 'POST labs/orders', 'own hold', 201, 201, 201, 201),
  row('labs.orders.create.client', 'POST labs/orders', "another client's hold", 404, 201, 201, 201),
  row('labs.orders.get.own', 'GET labs/orders/{id}', 'own', 200, 200, 200, 200),
  row('labs.orders.get.client', 'GET labs/orders/{id}', 'another client', 404, 200, 200, 200),
  row('labs.orders.reschedule.own', 'PATCH labs/orders/{id} (hold)', 'own', 200, 200, 200, 200),
  row('labs.orders.reschedule.client', 'PATCH labs/orders/{id} (hold)', 'another client', 404, 200, 200, 200),
  row('labs.orders.cancel.own', 'POST labs/orders/{id}/transitions (cancelled)', 'own', 200, 200, 200, 200),
  row('labs.orders.cancel.client', 'POST labs/orders/{id}/transitions (cancelled)', 'another client', 404, 200, 200, 200),
  visitRow('labs.orders.assign.own', 'POST labs/orders/{id}/transitions (collector_assigned)', 'own', 403, 403, 200, 200, LAB_DESK(200)),
  row('labs.results.list.own', 'GET labs/results?client={id}', 'own', 200, 200, 200, 200),
  row('labs.results.list.client', 'GET labs/results?client={id}', 'another client', 404, 200, 200, 200),
  visitRow('labs.results.enter.own', 'POST labs/results', 'own', 403, 403, 201, 201, LAB_DESK(201)),
  visitRow('labs.results.enter.client', 'POST labs/results', 'another client', 404, 403, 201, 201, LAB_DESK(201)),
  visitRow('labs.pdf.attach.own', 'POST labs/reports/{id}/pdf', 'own', 403, 403, 201, 201, LAB_DESK(201)),
  visitRow('labs.pdf.attach.client', 'POST labs/reports/{id}/pdf', 'another client', 404, 403, 201, 201, LAB_DESK(201)),
  row('labs.pdf.download.own', 'GET labs/reports/{id}/pdf', 'own (released)', 200, 200, 200, 200),
  row('labs.pdf.download.client', 'GET labs/reports/{id}/pdf', 'another client (released)', 404, 200, 200, 200),
  // Therapy visits (issue 17, server/api/visits): NURSE and DOCTOR chart, screen and sign; the other
  // staff roles and the administrators read; only a DOCTOR overrides a contraindication; the back
  // office (settings, IV recipes, stock lots) is ADMIN's. A client lists their own completed
  // sessions and never opens a chart.
  visitRow('visits.list.own', 'GET visits/therapy-visits?client={id}', 'own', 200, 200, 200, 200),
  visitRow('visits.list.client', 'GET visits/therapy-visits?client={id}', 'another client', 404, 200, 200, 200),
  visitRow('visits.sessions.own', 'GET visits/completed-sessions?client={id}', 'own', 200, 200, 200, 200),
  visitRow('visits.sessions.client', 'GET visits/completed-sessions?client={id}', 'another client', 404, 200, 200, 200),
  visitRow('visits.create.client', 'POST visits/therapy-visits (client, therapy)', 'another client', 403, 403, 403, 403, CHARTING(201)),
  visitRow('visits.get.client', 'GET visits/therapy-visits/{id}', 'another client', 404, 200, 200, 200),
  visitRow('visits.patch.client', 'PATCH visits/therapy-visits/{id}', 'another client', 404, 403, 403, 403, CHARTING(200)),
  visitRow('visits.transition.client', 'POST visits/therapy-visits/{id}/transitions (aborted)', 'another client', 404, 403, 403, 403, CHARTING(200)),
  visitRow('visits.addendum.client', 'POST visits/therapy-visits/{id}/addenda (signed visit)', 'another client', 404, 403, 403, 403, CHARTING(201)),
  visitRow('visits.previous.client', 'GET visits/therapy-visits/{id}/previous-settings', 'another client', 404, 200, 200, 200),
  visitRow('screens.list.client', 'GET visits/contraindication-screens?client={id}', 'another client', 404, 200, 200, 200),
  visitRow('screens.create.client', 'POST visits/contraindication-screens', 'another client', 404, 403, 403, 403, CHARTING(201)),
  visitRow('screens.override.client', 'POST visits/contraindication-screens/{id}/override', 'another client', 404, 403, 403, 403, { DOCTOR: 200 }),
  visitRow('therapy-settings.get', 'GET visits/therapy-settings', '—', 403, 200, 200, 200),
  visitRow('therapy-settings.patch', 'PATCH visits/therapy-settings', '—', 403, 403, 200, 200),
  visitRow('iv-recipes.list', 'GET visits/iv-recipes', '—', 403, 200, 200, 200),
  visitRow('iv-recipes.create', 'POST visits/iv-recipes', '—', 403, 403, 201, 201),
  visitRow('stock-lots.list', 'GET visits/stock-lots', '—', 403, 200, 200, 200),
  visitRow('stock-lots.create', 'POST visits/stock-lots', '—', 403, 403, 201, 201),
  visitRow('iv-recipes.patch', 'PATCH visits/iv-recipes/{id}', '—', 403, 403, 200, 200),
  visitRow('stock-lots.history', 'GET visits/stock-lots/{id}/adjustments', '—', 403, 200, 200, 200),
  visitRow('stock-lots.adjust', 'POST visits/stock-lots/{id}/adjustments (received)', '—', 403, 403, 201, 201),
  // Billing (server/api/billing, issue 34): RECEPTION and ADMIN bill and take payments; SUPER_ADMIN
  // reads; ADMIN keeps the tax settings, tax data and products; a CLIENT reads their own issued
  // documents, advances and balance; DOCTOR and NURSE read a client's balance.
  billingRow('billing.settings.get', 'GET billing/settings', '—', 403, 200, 200, 200),
  billingRow('billing.settings.put', 'PUT billing/settings', '—', 403, 403, 200, 403),
  billingRow('billing.item-tax.list', 'GET billing/item-tax', '—', 403, 200, 200, 200),
  billingRow('billing.item-tax.put', 'PUT billing/item-tax', 'a service', 403, 403, 200, 403),
  billingRow('billing.products.list', 'GET billing/products', '—', 403, 200, 200, 200),
  billingRow('billing.products.create', 'POST billing/products', '—', 403, 403, 201, 403),
  billingRow('billing.products.patch', 'PATCH billing/products/{id}', 'a product', 403, 403, 200, 403),
  billingRow('billing.products.delete', 'DELETE billing/products/{id}', 'a product on no document', 403, 403, 204, 403),
  billingRow('billing.documents.list.own', 'GET billing/documents?client={id}', 'own', 200, 200, 200, 200),
  billingRow('billing.documents.list.client', 'GET billing/documents?client={id}', 'another client', 404, 200, 200, 200),
  billingRow('billing.documents.create.client', 'POST billing/documents (manual)', 'another client', 403, 201, 201, 403),
  billingRow('billing.documents.get.own', 'GET billing/documents/{id}', 'own (issued)', 200, 200, 200, 200),
  billingRow('billing.documents.get.client', 'GET billing/documents/{id}', 'another client', 404, 200, 200, 200),
  billingRow('billing.documents.patch.client', 'PATCH billing/documents/{id} (draft)', 'another client', 403, 200, 200, 403),
  billingRow('billing.documents.delete.client', 'DELETE billing/documents/{id} (draft)', 'another client', 403, 204, 204, 403),
  billingRow('billing.documents.issue.client', 'POST billing/documents/{id}/issue', 'another client', 403, 200, 200, 403),
  billingRow('billing.credit-notes.create.client', 'POST billing/documents/{id}/credit-notes', 'another client', 403, 201, 201, 403),
  billingRow('billing.payments.create.client', 'POST billing/documents/{id}/payments (cash)', 'another client', 403, 201, 201, 403),
  billingRow('billing.upi.own', 'GET billing/documents/{id}/upi', 'own', 200, 200, 200, 200),
  billingRow('billing.upi.client', 'GET billing/documents/{id}/upi', 'another client', 404, 200, 200, 200),
  billingRow('billing.advances.list.own', 'GET billing/advances?client={id}', 'own', 200, 200, 200, 200),
  billingRow('billing.advances.list.client', 'GET billing/advances?client={id}', 'another client', 404, 200, 200, 200),
  billingRow('billing.advances.create.client', 'POST billing/advances', 'another client', 403, 201, 201, 403),
  billingRow('billing.advances.refund.client', 'POST billing/advances/{id}/refunds', 'another client', 403, 201, 201, 403),
  billingRow('billing.balance.own', 'GET billing/balance?client={id}', 'own', 200, 200, 200, 200, 200),
  billingRow('billing.balance.client', 'GET billing/balance?client={id}', 'another client', 404, 200, 200, 200, 200),
  // Issued documents as PDFs and paying online (the matrix's app runs the Razorpay stand-in).
  billingRow('billing.pdf.own', 'GET billing/documents/{id}/pdf', 'own (issued)', 200, 200, 200, 200),
  billingRow('billing.pdf.client', 'GET billing/documents/{id}/pdf', 'another client', 404, 200, 200, 200),
  billingRow('billing.email.client', 'POST billing/documents/{id}/email', 'another client', 403, 200, 200, 403),
  billingRow('billing.payment-link.own', 'POST billing/documents/{id}/payment-link', 'own (issued)', 201, 201, 201, 403),
  billingRow('billing.payment-link.client', 'POST billing/documents/{id}/payment-link', 'another client', 404, 201, 201, 403),
  billingRow('billing.payment-flags.list', 'GET billing/payment-flags', '—', 403, 200, 200, 200),
  row('billing.webhook.unsigned', 'POST billing/payments/razorpay/webhook (no sign-in, unsigned)', '—', 400, 400, 400, 400),
  // The GSTR-1 return (issue 35): the clinic's accountant's work, ADMIN and SUPER_ADMIN only.
  billingRow('billing.gstr1.export', 'GET billing/returns/gstr1?period={month}', '—', 403, 403, 200, 200),
  // The day's close (issue 35): the front desk counts and closes a till's day, SUPER_ADMIN reads,
  // ADMIN adds and renames tills.
  billingRow('billing.tills.list', 'GET billing/tills', '—', 403, 200, 200, 200),
  billingRow('billing.tills.create', 'POST billing/tills', '—', 403, 403, 201, 403),
  billingRow('billing.tills.rename', 'PATCH billing/tills/{till}', 'a till', 403, 403, 200, 403),
  billingRow('billing.till-day.get', 'GET billing/tills/{till}/days/{date}', "a till's today", 403, 200, 200, 200),
  billingRow('billing.till-day.count', 'POST billing/tills/{till}/days/{date}/count', "a till's today, open", 403, 200, 200, 403),
  billingRow('billing.till-day.close', 'POST billing/tills/{till}/days/{date}/close', "a till's today, counted", 403, 200, 200, 403),
  // Memberships (server/api/memberships, issue 35): ADMIN defines the plans; RECEPTION and ADMIN sell
  // and cancel an unpaid sale; a CLIENT reads their own and cancels its renewal, as the desk may;
  // SUPER_ADMIN reads.
  billingRow('memberships.plans.list', 'GET memberships/plans', '—', 403, 200, 200, 200),
  billingRow('memberships.plans.create', 'POST memberships/plans', '—', 403, 403, 201, 403),
  billingRow('memberships.plans.patch', 'PATCH memberships/plans/{id}', 'a plan', 403, 403, 200, 403),
  billingRow('memberships.list.own', 'GET memberships?client={id}', 'own', 200, 200, 200, 200),
  billingRow('memberships.list.client', 'GET memberships?client={id}', 'another client', 404, 200, 200, 200),
  billingRow('memberships.sell.client', 'POST memberships', 'another client', 403, 201, 201, 403),
  billingRow('memberships.cancel-renewal.own', 'POST memberships/{id}/cancel-renewal', 'own (active)', 200, 200, 200, 403),
  billingRow('memberships.cancel-renewal.client', 'POST memberships/{id}/cancel-renewal', 'another client', 404, 200, 200, 403),
  billingRow('memberships.cancel.client', 'POST memberships/{id}/cancel (unpaid)', 'another client', 403, 200, 200, 403),
  // The reports (issue 35): the clinic's whole turnover and every client's debts, ADMIN and SUPER_ADMIN only.
  billingRow('billing.reports.read', 'GET billing/reports/{report}?from=&to=', '—', 403, 403, 200, 200),
  billingRow('billing.reports.csv', 'GET billing/reports/{report}?from=&to=&format=csv', '—', 403, 403, 200, 200),
  // Privacy (issue 38, server/api/privacy): "Download my data". A CLIENT asks for, follows and
  // downloads their own export; any staff member may do so for a client who asks at the desk.
  row('privacy.exports.list.own', 'GET privacy/exports?client={id}', 'own', 200, 200, 200, 200),
  row('privacy.exports.list.client', 'GET privacy/exports?client={id}', 'another client', 404, 200, 200, 200),
  row('privacy.exports.request.own', 'POST privacy/exports', 'own', 201, 201, 201, 201),
  row('privacy.exports.request.client', 'POST privacy/exports', 'another client', 404, 201, 201, 201),
  row('privacy.exports.get.own', 'GET privacy/exports/{id}', 'own', 200, 200, 200, 200),
  row('privacy.exports.get.client', 'GET privacy/exports/{id}', "another client's export", 404, 200, 200, 200),
  row('privacy.exports.download.own', 'GET privacy/exports/{id}/archive', 'own (ready)', 200, 200, 200, 200),
  row('privacy.exports.download.client', 'GET privacy/exports/{id}/archive', "another client's (ready)", 404, 200, 200, 200),
  // The FHIR R4 read API (issue 40, server/api/fhir): the business API's rules, as FHIR resources.
  row('fhir.metadata', 'GET fhir/R4/metadata', '—', 200, 200, 200, 200),
  row('fhir.patient.search', 'GET fhir/R4/Patient', 'own / every client', 200, 200, 200, 200),
  row('fhir.patient.read.own', 'GET fhir/R4/Patient/{id}', 'own (staff are not patients: 404)', 200, 404, 404, 404),
  row('fhir.patient.read.client', 'GET fhir/R4/Patient/{id}', 'another client', 404, 200, 200, 200),
  row('fhir.everything.client', 'GET fhir/R4/Patient/{id}/$everything', 'another client', 404, 200, 200, 200),
  row('fhir.observations.search.client', 'GET fhir/R4/Observation?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.observations.read.client', 'GET fhir/R4/Observation/{id}', "another client's reading", 404, 200, 200, 200),
  row('fhir.appointments.search.client', 'GET fhir/R4/Appointment?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.appointments.read.client', 'GET fhir/R4/Appointment/{id}', "another client's appointment", 404, 200, 200, 200),
  row('fhir.consents.search.client', 'GET fhir/R4/Consent?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.consents.read.client', 'GET fhir/R4/Consent/{id}', "another client's decision", 404, 200, 200, 200),
  row('fhir.encounters.search.client', 'GET fhir/R4/Encounter?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.encounters.read.client', 'GET fhir/R4/Encounter/{id}', "another client's visit", 404, 200, 200, 200),
  row('fhir.invoices.search.client', 'GET fhir/R4/Invoice?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.invoices.read.client', 'GET fhir/R4/Invoice/{id}', "another client's bill", 404, 200, 200, 200),
  row('fhir.diagnostic-reports.search.client', 'GET fhir/R4/DiagnosticReport?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.diagnostic-reports.read.client', 'GET fhir/R4/DiagnosticReport/{id}', "another client's released report", 404, 200, 200, 200),
  row('fhir.document-references.search.client', 'GET fhir/R4/DocumentReference?patient={id}', 'another client', 404, 200, 200, 200),
  row('fhir.document-references.read.client', 'GET fhir/R4/DocumentReference/{id}', "another client's report PDF", 404, 200, 200, 200),
  row('fhir.op-consult.client', 'GET fhir/R4/Composition/{id}/$document', "another client's signed visit", 404, 200, 200, 200),
  row('fhir.organization.read', 'GET fhir/R4/Organization/{id}', 'the clinic', 200, 200, 200, 200),
  row('fhir.practitioner.read', 'GET fhir/R4/Practitioner/{id}', 'a NURSE', 200, 200, 200, 200),
  row('fhir.practitioner-role.read', 'GET fhir/R4/PractitionerRole/{id}', 'a NURSE', 200, 200, 200, 200),
];

export function expectedOutcome(r: MatrixRow, role: ClinicRole): Outcome {
  if (role === 'CLIENT') return r.client;
  if (role === 'ADMIN') return r.admin;
  if (role === 'SUPER_ADMIN') return r.superAdmin;
  if (r.roles?.[role] !== undefined) return r.roles[role];
  if (role === 'RECEPTION' && r.reception !== undefined) return r.reception;
  return r.staff;
}

/** The table of docs/authorization.md. */
export function renderAuthorizationMatrix(): string {
  const lines = [
    '| operation | record | CLIENT | NURSE, RECEPTION, DOCTOR, HEALTH_COACH, NUTRITIONIST | ADMIN | SUPER_ADMIN |',
    '| --- | --- | --- | --- | --- | --- |',
    ...AUTHORIZATION_MATRIX.map((r) => {
      const differing = [
        ...(r.reception !== undefined && r.reception !== r.staff ? [`RECEPTION ${r.reception}`] : []),
        ...Object.entries(r.roles ?? {}).map(([role, o]) => `${role} ${o}`),
      ];
      const staff = differing.length ? `${r.staff} (${differing.join(', ')})` : `${r.staff}`;
      return `| ${r.operation} | ${r.target} | ${r.client} | ${staff} | ${r.admin} | ${r.superAdmin} |`;
    }),
  ];
  return lines.join('\n');
}
