// Bad input for every operation of the contract: 400 {detail, errors: {field: [reason]}} naming
// the field, and nothing written anywhere.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { type Actor, addEnrollment, addProgram, addTarget, addUser, api, contract } from './support.ts';
import { FHIR_BASE, fhir } from './fhir/support.ts';
import { detailOf, errorsOf } from '../../support/error-body.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Case {
  operationId: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: unknown | ((ids: Ids) => unknown);
  fields: string[];
}
interface Ids {
  client: number;
  program: number;
  enrollment: number;
}

const c = (operationId: string, method: Method, url: (ids: Ids) => string, fields: string[], body?: unknown): Case => ({
  operationId,
  method,
  url,
  fields,
  body,
});
const validUser = { email: 'new.person@example.in', first_name: 'Nisha', last_name: 'Verma', role: 'CLIENT' };

const cases: Case[] = [
  // The FHIR API (issue 40): the same refusals as OperationOutcomes (tests/support/error-body.ts).
  c('searchFhirPatients', 'GET', () => '/fhir/R4/Patient?_count=0', ['_count']),
  c('readFhirPatient', 'GET', () => '/fhir/R4/Patient/abc', ['id']),
  c('fhirPatientEverything', 'GET', () => '/fhir/R4/Patient/0/$everything', ['id']),
  c('searchFhirObservations', 'GET', (ids) => `/fhir/R4/Observation?patient=${ids.client}&date=2027-02-30`, ['date']),
  c('readFhirObservation', 'GET', () => '/fhir/R4/Observation/2147483648', ['id']),
  c('searchFhirAppointments', 'GET', () => '/fhir/R4/Appointment?patient=Practitioner/1', ['patient']),
  c('readFhirAppointment', 'GET', () => '/fhir/R4/Appointment/-1', ['id']),
  c('searchFhirConsents', 'GET', (ids) => `/fhir/R4/Consent?patient=${ids.client}&_offset=-1&sort=date`, ['_offset', 'sort']),
  c('readFhirConsent', 'GET', () => '/fhir/R4/Consent/1.5', ['id']),
  c('readFhirOrganization', 'GET', () => '/fhir/R4/Organization/the%20clinic', ['id']),
  c('readFhirPractitioner', 'GET', () => '/fhir/R4/Practitioner/x', ['id']),
  c('readFhirPractitionerRole', 'GET', () => '/fhir/R4/PractitionerRole/0', ['id']),
  c('searchFhirEncounters', 'GET', (ids) => `/fhir/R4/Encounter?patient=${ids.client}&_count=0`, ['_count']),
  c('readFhirEncounter', 'GET', () => '/fhir/R4/Encounter/visit-1', ['id']),
  c('searchFhirInvoices', 'GET', (ids) => `/fhir/R4/Invoice?patient=${ids.client}&date=2027-02-30`, ['date']),
  c('readFhirInvoice', 'GET', () => '/fhir/R4/Invoice/0', ['id']),
  c('searchFhirDiagnosticReports', 'GET', () => '/fhir/R4/DiagnosticReport?patient=Practitioner/1', ['patient']),
  c('readFhirDiagnosticReport', 'GET', () => '/fhir/R4/DiagnosticReport/abc', ['id']),
  c('searchFhirDocumentReferences', 'GET', (ids) => `/fhir/R4/DocumentReference?patient=${ids.client}&_offset=-1`, ['_offset']),
  c('readFhirDocumentReference', 'GET', () => '/fhir/R4/DocumentReference/-1', ['id']),
  c('fhirCompositionDocument', 'GET', () => '/fhir/R4/Composition/op-consult-1/$document', ['id']),
  // Data exports (issue 38): staff must name the client, as a client id.
  c('listDataExports', 'GET', () => '/privacy/exports?client=0', ['client']),
  c('requestDataExport', 'POST', () => '/privacy/exports', ['client'], { client: 'me' }),
  c('getDataExport', 'GET', () => '/privacy/exports/0', ['id']),
  c('downloadDataExport', 'GET', () => '/privacy/exports/abc/archive', ['id']),
  // Billing documents and online payments (issue 34): ids, and Razorpay's signature header.
  c('downloadBillingDocumentPdf', 'GET', () => '/billing/documents/abc/pdf', ['id']),
  c('emailBillingDocument', 'POST', () => '/billing/documents/0/email', ['id']),
  c('openBillingPaymentLink', 'POST', () => '/billing/documents/2147483648/payment-link', ['id']),
  c('receiveRazorpayWebhook', 'POST', () => '/billing/payments/razorpay/webhook', ['X-Razorpay-Signature'], {
    entity: 'event',
    event: 'payment_link.paid',
    payload: {},
  }),
  c('listUsers', 'GET', () => '/users/users?page=0', ['page']),
  c('listUsers', 'GET', () => '/users/users?page_size=101', ['page_size']),
  c('listUsers', 'GET', () => '/users/users?role=KING', ['role']),
  c('listUsers', 'GET', () => '/users/users?ordering=height', ['ordering']),
  c('listUsers', 'GET', () => '/users/users?is_active=maybe', ['is_active']),
  c('listUsers', 'GET', () => '/users/users?status=dormant', ['status']),
  c('listUsers', 'GET', () => '/users/users?colour=blue', ['colour']),
  c('getUser', 'GET', () => '/users/users/abc', ['id']),
  c('getUser', 'GET', () => '/users/users/0', ['id']),
  c('createUser', 'POST', () => '/users/users', ['email', 'first_name', 'last_name', 'role'], {}),
  c('createUser', 'POST', () => '/users/users', ['email'], { ...validUser, email: 'not-an-email' }),
  c('createUser', 'POST', () => '/users/users', ['role'], { ...validUser, role: 'KING' }),
  c('createUser', 'POST', () => '/users/users', ['nickname'], { ...validUser, nickname: 'Nish' }),
  c('createUser', 'POST', () => '/users/users', ['hipaa_consent'], { ...validUser, hipaa_consent: true }),
  c('createUser', 'POST', () => '/users/users', ['phone_number'], { ...validUser, phone_number: '98450' }),
  c('createUser', 'POST', () => '/users/users', ['abha_number'], { ...validUser, abha_number: '1234' }),
  c('createUser', 'POST', () => '/users/users', ['aadhar_number'], { ...validUser, aadhar_number: '234567890123' }),
  c('createUser', 'POST', () => '/users/users', ['date_of_birth'], { ...validUser, date_of_birth: '1990-02-30' }),
  c('createUser', 'POST', () => '/users/users', ['health_goals'], { ...validUser, health_goals: 'get fit' }),
  c('createUser', 'POST', () => '/users/users', ['first_name'], { ...validUser, first_name: 42 }),
  c('deleteUser', 'DELETE', () => '/users/users/-1', ['id']),
  c('getProfile', 'GET', () => '/users/user-profiles/x', ['id']),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['body'], {}),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['gender'], { gender: 'X' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['appointment_duration'], { appointment_duration: '1:00' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['email'], { email: 'moved@example.in' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['preferred_contact_method'], { preferred_contact_method: 'pigeon' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['profile_picture'], { profile_picture: 'not a url' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['family_history'], { family_history: ['diabetes'] }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['first_name', 'zipcode'], { first_name: '', zipcode: '!!' }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['hipaa_consent_date'], {
    hipaa_consent: true,
    hipaa_consent_date: 'yesterday',
    hipaa_consent_version: '1.0',
  }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['user.first_name', 'user.nickname'], { user: { first_name: 42, nickname: 'Nish' } }),
  c('patchProfile', 'PATCH', (i) => `/users/user-profiles/${i.client}`, ['user.email'], { user: { email: 'not-an-email' } }),
  c('recordConsentOnBehalf', 'POST', (i) => `/users/user-profiles/${i.client}/consent-history`, ['decision', 'signed_on', 'reason'], {}),
  c('recordConsentOnBehalf', 'POST', (i) => `/users/user-profiles/${i.client}/consent-history`, ['decision'], {
    decision: 'maybe',
    signed_on: '2026-11-01',
    reason: 'Signed at the desk',
  }),
  c('listEnrollments', 'GET', () => '/users/user-program-enrollments?user=abc', ['user']),
  c('createEnrollment', 'POST', () => '/users/user-program-enrollments', ['start_date'], { user: 1, program: 1 }),
  c('createEnrollment', 'POST', () => '/users/user-program-enrollments', ['status'], { user: 1, program: 1, start_date: '2026-01-01', status: 'done' }),
  c(
    'createEnrollment',
    'POST',
    () => '/users/user-program-enrollments',
    ['end_date'],
    (i: Ids) => ({ user: i.client, program: i.program, start_date: '2026-05-01', end_date: '2026-04-01' }),
  ),
  c(
    'createEnrollment',
    'POST',
    () => '/users/user-program-enrollments',
    ['program'],
    (i: Ids) => ({ user: i.client, program: 999999, start_date: '2026-05-01' }),
  ),
  c(
    'createEnrollment',
    'POST',
    () => '/users/user-program-enrollments',
    ['user'],
    (i: Ids) => ({ user: 999999, program: i.program, start_date: '2026-05-01' }),
  ),
  c('patchEnrollment', 'PATCH', (i) => `/users/user-program-enrollments/${i.enrollment}`, ['body'], {}),
  c('patchEnrollment', 'PATCH', (i) => `/users/user-program-enrollments/${i.enrollment}`, ['status'], { status: 'finished' }),
  c('patchEnrollment', 'PATCH', (i) => `/users/user-program-enrollments/${i.enrollment}`, ['end_date'], { end_date: '2020-01-01' }),
  c('deleteEnrollment', 'DELETE', () => '/users/user-program-enrollments/abc', ['id']),
  c('listPrograms', 'GET', () => '/programs/programs?active=perhaps', ['active']),
  c('createProgram', 'POST', () => '/programs/programs', ['name', 'duration_weeks', 'price_inr'], { name: '', duration_weeks: 0, price_inr: -1 }),
  c('createProgram', 'POST', () => '/programs/programs', ['price_inr'], { name: 'Cheap', duration_weeks: 4, price_inr: '100' }),
  c('getProgram', 'GET', () => '/programs/programs/abc', ['id']),
  c('patchProgram', 'PATCH', (i) => `/programs/programs/${i.program}`, ['body'], {}),
  c('patchProgram', 'PATCH', (i) => `/programs/programs/${i.program}`, ['colour'], { colour: 'green' }),
  c('deleteProgram', 'DELETE', () => '/programs/programs/1.5', ['id']),
  c('listAuditEvents', 'GET', () => '/audit/events?from=yesterday', ['from']),
  // Operations other modules added to the contract.
  c('deactivateUser', 'POST', () => '/users/users/abc/deactivate', ['id']),
  c('reactivateUser', 'POST', () => '/users/users/0/reactivate', ['id']),
  c('resendInvitation', 'POST', () => '/users/users/x/resend-invitation', ['id']),
  c('resetUserPassword', 'POST', () => '/users/users/-5/reset-password', ['id']),
  c('listConsentHistory', 'GET', () => '/users/user-profiles/abc/consent-history', ['id']),
  c('syncProfileEmail', 'POST', () => '/users/user-profiles/abc/email-sync', ['id']),
  c('patchClinicSettings', 'PATCH', () => '/clinic/settings', ['body'], {}),
  c('patchClinicSettings', 'PATCH', () => '/clinic/settings', ['colour'], { colour: 'teal' }),
  c('uploadClinicLogo', 'PUT', () => '/clinic/logo', ['content_base64'], {}),
  c('uploadClinicLogo', 'PUT', () => '/clinic/logo', ['content_base64'], { content_base64: 'PHN2Zy8+' }),
  c('listThriveChecks', 'GET', () => '/users/thrive-checks?user=abc', ['user']),
  c(
    'createThriveCheck',
    'POST',
    () => '/users/thrive-checks',
    ['sex', 'age', 'hdl_cholesterol', 'total_cholesterol', 'smoker', 'diabetic', 'treats_hypertension', 'systolic_bp'],
    {},
  ),
  c('listAuditEvents', 'GET', () => '/audit/events?action=user.hack', ['action']),
  // scheduling (server/api/appointments)
  c('createService', 'POST', () => '/appointments/services', ['name', 'therapy', 'delivered_by'], {}),
  c('createService', 'POST', () => '/appointments/services', ['therapy'], { name: 'IV drip', therapy: 'IV drip!', delivered_by: ['NURSE'] }),
  c('createService', 'POST', () => '/appointments/services', ['resources_needed.0.units'], {
    name: 'HBOT',
    therapy: 'hbot',
    delivered_by: ['NURSE'],
    resources_needed: [{ kind: 'hbot_chamber', units: 0 }],
  }),
  c('patchService', 'PATCH', () => '/appointments/services/1', ['body'], {}),
  c('patchService', 'PATCH', () => '/appointments/services/1', ['duration_minutes'], { duration_minutes: 2 }),
  c('createResource', 'POST', () => '/appointments/resources', ['kind'], { name: 'Chamber 3' }),
  c('patchResource', 'PATCH', () => '/appointments/resources/1', ['body'], {}),
  c('patchSchedulingHours', 'PATCH', () => '/appointments/hours', ['slot_minutes'], { slot_minutes: 7 }),
  c('patchSchedulingHours', 'PATCH', () => '/appointments/hours', ['add_exceptions.0.kind'], {
    add_exceptions: [{ staff: 1, kind: 'holiday', start: '2026-12-01T09:00:00+05:30', end: '2026-12-01T18:00:00+05:30' }],
  }),
  c('listAppointments', 'GET', () => '/appointments/appointments?status=lost', ['status']),
  c('listAppointments', 'GET', () => '/appointments/appointments?staff=abc', ['staff']),
  c('createAppointment', 'POST', () => '/appointments/appointments', ['client', 'service', 'start'], {}),
  c(
    'createAppointment',
    'POST',
    () => '/appointments/appointments',
    ['channel'],
    (i: Ids) => ({ client: i.client, service: 1, start: '2026-12-01T10:00:00+05:30', channel: 'carrier pigeon' }),
  ),
  c('getAppointment', 'GET', () => '/appointments/appointments/abc', ['id']),
  c('getAppointmentVisit', 'GET', () => '/appointments/appointments/abc/visit', ['id']),
  c(
    'createAppointment',
    'POST',
    () => '/appointments/appointments',
    ['answers.reason'],
    (i: Ids) => ({ client: i.client, service: 1, start: '2026-12-01T10:00:00+05:30', answers: { reason: 7 } }),
  ),
  c('transitionAppointment', 'POST', () => '/appointments/appointments/1/transitions', ['to'], { to: 'gone' }),
  c('transitionAppointment', 'POST', () => '/appointments/appointments/1/transitions', ['end'], {
    to: 'rescheduled',
    start: '2031-03-03T10:00:00+05:30',
    end: '2031-03-03 11:00',
  }),
  c('getAvailability', 'GET', () => '/appointments/availability?service=1&date_from=2026-12-01', ['date_to']),
  c('createSeries', 'POST', () => '/appointments/series', ['client', 'service', 'first_date', 'weekdays', 'time', 'count'], {}),
  c(
    'createSeries',
    'POST',
    () => '/appointments/series',
    ['time'],
    (i: Ids) => ({ client: i.client, service: 1, first_date: '2026-12-01', weekdays: [1, 3, 5], time: '25:00', count: 10 }),
  ),
  c('listWaitlist', 'GET', () => '/appointments/waitlist?client=abc', ['client']),
  c(
    'createWaitlistEntry',
    'POST',
    () => '/appointments/waitlist',
    ['earliest'],
    (i: Ids) => ({ client: i.client, service: 1, earliest: '9am' }),
  ),
  c('acceptWaitlistOffer', 'POST', () => '/appointments/waitlist/offers/abc/accept', ['id']),
  c('listPackages', 'GET', () => '/appointments/packages?client=abc', ['client']),
  c(
    'createPackage',
    'POST',
    () => '/appointments/packages',
    ['sessions_total'],
    (i: Ids) => ({ client: i.client, therapy: 'hbot', sessions_total: 0 }),
  ),
  // scheduling back office (server/api/appointments/backoffice.ts)
  c('createPackagePlan', 'POST', () => '/appointments/package-plans', ['name', 'therapy', 'sessions'], {}),
  c('createPackagePlan', 'POST', () => '/appointments/package-plans', ['validity_days'], { name: 'HBOT ten', therapy: 'hbot', sessions: 10, validity_days: 0 }),
  c('patchPackagePlan', 'PATCH', () => '/appointments/package-plans/1', ['body'], {}),
  c('patchPackagePlan', 'PATCH', () => '/appointments/package-plans/1', ['sessions'], { sessions: 501 }),
  c('sellPackagePlan', 'POST', () => '/appointments/package-plans/1/sell', ['client'], { client: 'me' }),
  c('previewServiceImpact', 'POST', () => '/appointments/services/1/impact', ['buffer_after_minutes'], { buffer_after_minutes: -5 }),
  c('previewHoursImpact', 'POST', () => '/appointments/hours/impact', ['add_exceptions.0.end'], {
    add_exceptions: [{ staff: 1, kind: 'leave', start: '2026-12-01T09:00:00+05:30', end: '2026-12-01 18:00' }],
  }),
  c('cancelImpactedAppointments', 'POST', () => '/appointments/impacted/cancel', ['appointments', 'reason'], {}),
  c('cancelImpactedAppointments', 'POST', () => '/appointments/impacted/cancel', ['reason'], { appointments: [1], reason: '   ' }),
  c('markPortalBookingsSeen', 'POST', () => '/appointments/portal-bookings/seen', ['appointments'], {}),
  c('markPortalBookingsSeen', 'POST', () => '/appointments/portal-bookings/seen', ['appointments.0'], { appointments: [2147483647] }),
  c('patchSchedulingHours', 'PATCH', () => '/appointments/hours', ['video_link_template'], { video_link_template: 'http://meet.example/{appointment}' }),
  // thrive dashboard (server/api/thrive)
  c('listThriveAttention', 'GET', () => '/thrive/attention?status=fine&page=0', ['status', 'page']),
  c('listThriveAttention', 'GET', () => '/thrive/attention?from=2026-02-01&to=2026-01-01', ['from']),
  c('listThriveTile', 'GET', () => '/thrive/tiles/everyone', ['tile']),
  c('listThriveTile', 'GET', () => '/thrive/tiles/overdue?page=0&page_size=500', ['page', 'page_size']),
  c('getThriveClient', 'GET', () => '/thrive/clients/abc', ['id']),
  c('listMeasurements', 'GET', () => '/thrive/measurements?client=1&metric=mood', ['metric']),
  c('createMeasurement', 'POST', () => '/thrive/measurements', ['metric', 'value', 'unit'], {}),
  c(
    'createMeasurement',
    'POST',
    () => '/thrive/measurements',
    ['value'],
    (i: Ids) => ({ client: i.client, metric: 'weight', value: 720, unit: 'kg' }),
  ),
  c(
    'createMeasurement',
    'POST',
    () => '/thrive/measurements',
    ['value2'],
    (i: Ids) => ({ client: i.client, metric: 'blood_pressure', value: 120, unit: 'mmHg' }),
  ),
  c('correctMeasurement', 'POST', () => '/thrive/measurements/1/corrections', ['value', 'unit', 'reason'], {}),
  // support (server/api/support)
  c('listSupportTickets', 'GET', () => '/support/tickets?ordering=age', ['ordering']),
  c('listSupportTickets', 'GET', () => '/support/tickets?category=refunds', ['category']),
  c('createSupportTicket', 'POST', () => '/support/tickets', ['category', 'subject', 'message'], {}),
  c(
    'createSupportTicket',
    'POST',
    () => '/support/tickets',
    ['subject'],
    (i: Ids) => ({ client: i.client, category: 'billing', subject: '   ', message: 'Charged twice' }),
  ),
  c('createSupportTicket', 'POST', () => '/support/tickets', ['client'], { category: 'billing', subject: 'Invoice', message: 'Please resend it' }),
  c(
    'createSupportTicket',
    'POST',
    () => '/support/tickets',
    ['appointment'],
    (i: Ids) => ({ client: i.client, category: 'appointments', subject: 'Move it', message: 'Please', appointment: 999999 }),
  ),
  c(
    'createSupportTicket',
    'POST',
    () => '/support/tickets',
    ['attachments'],
    (i: Ids) => ({ client: i.client, category: 'reports', subject: 'Scan', message: 'Attached', attachments: [999999] }),
  ),
  c(
    'createSupportTicket',
    'POST',
    () => '/support/tickets',
    ['lab_order'],
    (i: Ids) => ({ client: i.client, category: 'reports', subject: 'Late report', message: 'Please', lab_order: 999999 }),
  ),
  c(
    'createSupportTicket',
    'POST',
    () => '/support/tickets',
    ['lab_order'],
    (i: Ids) => ({ client: i.client, category: 'reports', subject: 'Late report', message: 'Please', lab_order: 'blood test' }),
  ),
  c('listSupportTickets', 'GET', () => '/support/tickets?min_age_days=0', ['min_age_days']),
  c('getSupportTicket', 'GET', () => '/support/tickets/abc', ['id']),
  c('patchSupportTicket', 'PATCH', () => '/support/tickets/1', ['body'], {}),
  c('patchSupportTicket', 'PATCH', () => '/support/tickets/1', ['assignee'], { assignee: 'nurse' }),
  c('transitionSupportTicket', 'POST', () => '/support/tickets/1/transitions', ['to'], { to: 'done' }),
  c('createSupportMessage', 'POST', () => '/support/tickets/1/messages', ['body'], {}),
  c('createSupportMessage', 'POST', () => '/support/tickets/1/messages', ['internal'], { body: 'Noted', internal: 'yes' }),
  c('uploadSupportAttachment', 'POST', () => '/support/attachments', ['file_name', 'content_base64'], {}),
  c('uploadSupportAttachment', 'POST', () => '/support/attachments', ['content_base64'], { file_name: 'scan.png', content_base64: 'not base64!' }),
  c('uploadSupportAttachment', 'POST', () => '/support/attachments', ['content_base64'], {
    file_name: 'scan.png',
    content_base64: Buffer.from('plain text, not an image').toString('base64'),
  }),
  c('downloadSupportAttachment', 'GET', () => '/support/attachments/abc', ['id']),
  // cognitive assessment (server/api/cognitive)
  c('listCognitiveResults', 'GET', () => '/assessments/cognitive/results?client=abc', ['client']),
  c('startCognitiveRun', 'POST', () => '/assessments/cognitive/runs', ['client'], { client: 'me' }),
  c('saveCognitiveRun', 'PATCH', () => '/assessments/cognitive/runs/abc', ['id'], { status: 'paused' }),
  c('saveCognitiveRun', 'PATCH', () => '/assessments/cognitive/runs/1', ['status'], { status: 'done' }),
  c('completeCognitiveRun', 'POST', () => '/assessments/cognitive/runs/1/complete', ['progress'], {}),
  c('completeCognitiveRun', 'POST', () => '/assessments/cognitive/runs/1/complete', ['progress.tasks.0.task'], {
    progress: { tasks: [{ task: 'juggling', responses: [], timed_out: false }] },
  }),
  c(
    'recordCognitiveInstrument',
    'POST',
    () => '/assessments/cognitive/instruments',
    ['administered_on'],
    (i: Ids) => ({
      ...{
        client: i.client,
        instrument: 'MoCA',
        form: '8.1',
        version: '8.1',
        language: 'English',
        setting: 'Clinic',
        administered_on: '2026-11-20',
        total: 26,
        max_total: 30,
        domains: [],
        administrator: 'Kavya Nair',
        interpretation: '',
      },
      administered_on: 'last week',
    }),
  ),
  c(
    'recordCognitiveInstrument',
    'POST',
    () => '/assessments/cognitive/instruments',
    ['total'],
    (i: Ids) => ({
      ...{
        client: i.client,
        instrument: 'MoCA',
        form: '8.1',
        version: '8.1',
        language: 'English',
        setting: 'Clinic',
        administered_on: '2026-11-20',
        total: 26,
        max_total: 30,
        domains: [],
        administrator: 'Kavya Nair',
        interpretation: '',
      },
      total: 31,
    }),
  ),
  c('reviewCognitiveResult', 'POST', () => '/assessments/cognitive/reviews', ['run'], { run: 'x', comment: 'Reviewed' }),
  c('reviewCognitiveResult', 'POST', () => '/assessments/cognitive/reviews', ['comment'], { run: 1, comment: '   ' }),
  // discovery (server/api/discovery)
  c('listProspects', 'GET', () => '/discovery/prospects?stage=gone&due=tomorrow', ['stage', 'due']),
  c('createProspect', 'POST', () => '/discovery/prospects', ['first_name', 'source'], {}),
  c('createProspect', 'POST', () => '/discovery/prospects', ['source'], { first_name: 'Asha', email: 'asha@example.in', source: 'billboard' }),
  c('createProspect', 'POST', () => '/discovery/prospects', ['phone'], { first_name: 'Asha', source: 'walk_in' }),
  c('getProspect', 'GET', () => '/discovery/prospects/abc', ['id']),
  c('patchProspect', 'PATCH', () => '/discovery/prospects/1', ['body'], {}),
  c('transitionProspect', 'POST', () => '/discovery/prospects/1/transitions', ['to'], { to: 'gone' }),
  c('logProspectCall', 'POST', () => '/discovery/prospects/1/calls', ['summary'], {}),
  c('convertProspect', 'POST', () => '/discovery/prospects/1/convert', ['email'], { email: 'not-an-email' }),
  c('listDiscoveryVisits', 'GET', () => '/discovery/visits', ['prospect']),
  c('createDiscoveryVisit', 'POST', () => '/discovery/visits', ['prospect', 'service', 'start'], {}),
  c('getDiscoveryVisit', 'GET', () => '/discovery/visits/abc', ['id']),
  c('patchDiscoveryVisit', 'PATCH', () => '/discovery/visits/1', ['body'], {}),
  c('signDiscoveryVisit', 'POST', () => '/discovery/visits/abc/sign', ['id']),
  c('getDiscoveryFunnel', 'GET', () => '/discovery/funnel?date_from=2026-01-01', ['date_to']),
  c('createEnquiry', 'POST', () => '/discovery/enquiries', ['name', 'consent_to_contact'], {}),
  // therapy visits (server/api/visits)
  c('listTherapyVisits', 'GET', () => '/visits/therapy-visits?therapy=massage&status=done', ['therapy', 'status']),
  c('listCompletedSessions', 'GET', () => '/visits/completed-sessions?client=abc', ['client']),
  c('createTherapyVisit', 'POST', () => '/visits/therapy-visits', ['therapy', 'colour'], { therapy: 'yoga', colour: 'red' }),
  c('getTherapyVisit', 'GET', () => '/visits/therapy-visits/abc', ['id']),
  c('patchTherapyVisit', 'PATCH', () => '/visits/therapy-visits/1', ['version'], { version: 0, notes: 'x' }),
  c('patchTherapyVisit', 'PATCH', () => '/visits/therapy-visits/1', ['events.0.at', 'adverse_events.0.severity'], {
    version: 1,
    events: [{ at: 'yesterday', text: 'Started' }],
    adverse_events: [{ type: 'Dizziness', severity: 'awful', action: 'Rest', outcome: 'Resolved' }],
  }),
  c('transitionTherapyVisit', 'POST', () => '/visits/therapy-visits/1/transitions', ['to'], { to: 'locked' }),
  c('addTherapyVisitAddendum', 'POST', () => '/visits/therapy-visits/1/addenda', ['text'], {}),
  c('getPreviousTherapySettings', 'GET', () => '/visits/therapy-visits/abc/previous-settings', ['id']),
  c('listContraindicationScreens', 'GET', () => '/visits/contraindication-screens', ['client']),
  c(
    'createContraindicationScreen',
    'POST',
    () => '/visits/contraindication-screens',
    ['answers.allergy'],
    (i: Ids) => ({ client: i.client, therapy: 'iv', answers: { allergy: 'yes' } }),
  ),
  c('overrideContraindicationScreen', 'POST', () => '/visits/contraindication-screens/1/override', ['reason'], {}),
  c('patchTherapySettings', 'PATCH', () => '/visits/therapy-settings', ['systolic_block'], { systolic_block: 1000 }),
  c('patchTherapySettings', 'PATCH', () => '/visits/therapy-settings', ['hbot_soft_min_ata'], { hbot_soft_min_ata: 1.9, hbot_soft_max_ata: 1.2 }),
  c('createIvRecipe', 'POST', () => '/visits/iv-recipes', ['name', 'base_fluid', 'bag_volume', 'ingredients'], {}),
  c('listStockLots', 'GET', () => '/visits/stock-lots?item=', ['item']),
  c('createStockLot', 'POST', () => '/visits/stock-lots', ['expires_on', 'quantity'], {
    item: 'Zinc',
    lot_number: 'Z-1',
    expires_on: '2099-02-30',
    quantity: -1,
    unit: 'mg',
  }),
  c('patchIvRecipe', 'PATCH', () => '/visits/iv-recipes/1', ['bag_volume', 'active'], { bag_volume: 5000, active: 'no' }),
  c('patchIvRecipe', 'PATCH', () => '/visits/iv-recipes/0', ['id'], { active: false }),
  c('listStockMovements', 'GET', () => '/visits/stock-lots/abc/adjustments', ['id']),
  c('adjustStockLot', 'POST', () => '/visits/stock-lots/1/adjustments', ['kind', 'quantity', 'reason'], { kind: 'stolen', quantity: -3, reason: '' }),
  c('adjustStockLot', 'POST', () => '/visits/stock-lots/1/adjustments', ['quantity'], { kind: 'wasted', quantity: 0, reason: 'Vial dropped' }),
  // labs (server/api/labs)
  c('listLabCatalogue', 'GET', () => '/labs/catalogue?all=perhaps', ['all']),
  c('createLabCatalogueItem', 'POST', () => '/labs/catalogue', ['code', 'name', 'kind', 'price_inr', 'sample_type', 'report_hours'], {}),
  c('createLabCatalogueItem', 'POST', () => '/labs/catalogue', ['markers'], {
    code: 'CBC',
    name: 'Blood count',
    kind: 'test',
    price_inr: 300,
    sample_type: 'Blood',
    report_hours: 12,
  }),
  c('createLabCatalogueItem', 'POST', () => '/labs/catalogue', ['markers[0].ranges[0]'], {
    code: 'TSH',
    name: 'TSH',
    kind: 'test',
    price_inr: 300,
    sample_type: 'Blood',
    report_hours: 12,
    markers: [{ code: 'TSH', name: 'TSH', unit: 'mIU/L', ranges: [{ sex: null, age_min: 18, age_max: 99, low: 5, high: 0.4 }] }],
  }),
  c('updateLabCatalogueItem', 'PATCH', () => '/labs/catalogue/abc', ['id'], { active: false }),
  c('updateLabCatalogueItem', 'PATCH', () => '/labs/catalogue/1', ['body'], {}),
  c('updateLabCatalogueItem', 'PATCH', () => '/labs/catalogue/1', ['price_inr', 'code'], { price_inr: -5, code: 'NEW' }),
  c('listLabPincodes', 'GET', () => '/labs/pincodes?pincode=12345', ['pincode']),
  c('saveLabPincode', 'POST', () => '/labs/pincodes', ['slot_capacity'], { pincode: '560001', area: 'MG Road', slot_capacity: 0 }),
  c('listLabSlots', 'GET', () => '/labs/slots', ['pincode']),
  c('listLabSlots', 'GET', () => '/labs/slots?pincode=999999', ['pincode']),
  c('holdLabSlot', 'POST', () => '/labs/slots', ['pincode', 'start', 'items'], {}),
  c('holdLabSlot', 'POST', () => '/labs/slots', ['client'], { pincode: '560001', start: '2026-12-01T07:00:00+05:30', items: [1] }),
  c('listLabOrders', 'GET', () => '/labs/orders?status=lost', ['status.0']),
  c('createLabOrder', 'POST', () => '/labs/orders', ['hold', 'items', 'people', 'address'], {}),
  c('createLabOrder', 'POST', () => '/labs/orders', ['hold'], { hold: 2147483647, items: [1], people: [{ self: true }], address: 'Home' }),
  c('getLabOrder', 'GET', () => '/labs/orders/abc', ['id']),
  c('rescheduleLabOrder', 'PATCH', () => '/labs/orders/1', ['hold'], {}),
  c('transitionLabOrder', 'POST', () => '/labs/orders/1/transitions', ['to'], { to: 'lost' }),
  c('listLabReports', 'GET', () => '/labs/results', ['client']),
  c('enterLabResult', 'POST', () => '/labs/results', ['order', 'person', 'marker', 'value'], {}),
  c('enterLabResult', 'POST', () => '/labs/results', ['value'], { order: 1, person: 1, marker: 1, value: 'high' }),
  c('attachLabReportPdf', 'POST', () => '/labs/reports/abc/pdf', ['id'], { file_name: 'r.pdf', content_base64: 'JVBERi0=' }),
  c('attachLabReportPdf', 'POST', () => '/labs/reports/1/pdf', ['file_name', 'content_base64'], {}),
  c('downloadLabReportPdf', 'GET', () => '/labs/reports/abc/pdf', ['id']),
  // billing (server/api/billing, issue 34)
  c('putBillingSettings', 'PUT', () => '/billing/settings', ['legal_name', 'state_code', 'address', 'series_prefixes'], {}),
  c('putBillingSettings', 'PUT', () => '/billing/settings', ['gstin', 'series_prefixes.invoice'], {
    legal_name: 'Thrive',
    state_code: '27',
    address: 'Mumbai',
    gstin: '27aapfu0939f1zv',
    series_prefixes: { invoice: 'INVOICE', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV' },
  }),
  c('listBillingItemTax', 'GET', () => '/billing/item-tax?item_kind=spa', ['item_kind']),
  // the GSTR-1 return (issue 35): a month or a quarter, one of them
  c('exportGstr1', 'GET', () => '/billing/returns/gstr1', ['period']),
  c('exportGstr1', 'GET', () => '/billing/returns/gstr1?period=2026-13', ['period']),
  c('exportGstr1', 'GET', () => '/billing/returns/gstr1?quarter=2026-28-Q1', ['quarter']),
  c('exportGstr1', 'GET', () => '/billing/returns/gstr1?period=2026-10&quarter=2026-27-Q3', ['quarter']),
  c('exportGstr1', 'GET', () => '/billing/returns/gstr1?period=2026-10-01', ['period']),
  c('putBillingItemTax', 'PUT', () => '/billing/item-tax', ['item_kind', 'item_id', 'code', 'gst_rate_bp', 'exempt'], {}),
  c('listBillingProducts', 'GET', () => '/billing/products?all=perhaps', ['all']),
  c('createBillingProduct', 'POST', () => '/billing/products', ['name', 'unit_price_paise', 'gst_rate_bp', 'exempt'], {}),
  c('createBillingProduct', 'POST', () => '/billing/products', ['unit_price_paise', 'code'], {
    name: 'Omega 3',
    unit_price_paise: -1,
    code: 'ABC',
    gst_rate_bp: 1800,
    exempt: false,
  }),
  c('updateBillingProduct', 'PATCH', () => '/billing/products/abc', ['id'], { active: false }),
  c('updateBillingProduct', 'PATCH', () => '/billing/products/1', ['body'], {}),
  c('deleteBillingProduct', 'DELETE', () => '/billing/products/0', ['id']),
  c('listBillingDocuments', 'GET', () => '/billing/documents?status=lost', ['status.0']),
  c('listBillingDocuments', 'GET', () => '/billing/documents?date_from=2026-02-30', ['date_from']),
  c('createBillingDraft', 'POST', () => '/billing/documents', ['from'], {}),
  c('createBillingDraft', 'POST', () => '/billing/documents', ['lines.0.quantity'], {
    from: 'manual',
    client: 1,
    lines: [{ description: 'Tea', unit_price_paise: 100, gst_rate_bp: 0, quantity: 0 }],
  }),
  c('getBillingDocument', 'GET', () => '/billing/documents/abc', ['id']),
  c('updateBillingDraft', 'PATCH', () => '/billing/documents/1', ['body'], {}),
  c('deleteBillingDraft', 'DELETE', () => '/billing/documents/abc', ['id']),
  c('issueBillingDocument', 'POST', () => '/billing/documents/abc/issue', ['id']),
  c('createBillingCreditNote', 'POST', () => '/billing/documents/1/credit-notes', ['reason'], {}),
  c('recordBillingPayment', 'POST', () => '/billing/documents/1/payments', ['method', 'amount_paise'], {}),
  c('recordBillingPayment', 'POST', () => '/billing/documents/1/payments', ['method'], { method: 'cheque', amount_paise: 100 }),
  c('getBillingUpiPayload', 'GET', () => '/billing/documents/abc/upi', ['id']),
  c('listBillingAdvances', 'GET', () => '/billing/advances', ['client']),
  c('createBillingAdvance', 'POST', () => '/billing/advances', ['client', 'amount_paise', 'method'], {}),
  c('refundBillingAdvance', 'POST', () => '/billing/advances/1/refunds', ['amount_paise', 'method'], {}),
  c('refundBillingAdvance', 'POST', () => '/billing/advances/1/refunds', ['method'], { amount_paise: 100, method: 'cheque' }),
  c('createBillingAdvance', 'POST', () => '/billing/advances', ['place_of_supply_state_code'], {
    client: 1,
    amount_paise: 100,
    method: 'cash',
    place_of_supply_state_code: 'KA',
  }),
  c('getBillingBalance', 'GET', () => '/billing/balance', ['client']),
  // Packages sold through billing, families (issue 35).
  c('buyPackagePlan', 'POST', () => '/appointments/package-plans/abc/buy', ['id']),
  c('freezePackage', 'POST', () => '/appointments/packages/1/freeze', ['days'], { days: 'a week' }),
  c('unfreezePackage', 'POST', () => '/appointments/packages/0/unfreeze', ['id']),
  c('transferPackage', 'POST', () => '/appointments/packages/1/transfer', ['to', 'reason'], {}),
  c('refundPackage', 'POST', () => '/appointments/packages/1/refund', ['reason', 'method'], {}),
  c('getClientFamily', 'GET', () => '/appointments/families/abc', ['id']),
  c('linkClientFamily', 'PUT', () => '/appointments/families/1', ['with'], {}),
  c('unlinkClientFamily', 'DELETE', () => '/appointments/families/2147483648', ['id']),
  // Reports, tills and the day's close (issue 35).
  c('getBillingReport', 'GET', () => '/billing/reports/sales-by-day?to=2026-01-31', ['from']),
  c('createBillingTill', 'POST', () => '/billing/tills', ['name'], {}),
  c('renameBillingTill', 'PATCH', () => '/billing/tills/abc', ['till'], { name: 'Pharmacy' }),
  c('getTillDay', 'GET', () => '/billing/tills/abc/days/2026-01-01', ['till']),
  c('countTillDay', 'POST', () => '/billing/tills/1/days/2026-01-01/count', ['counted_cash_paise'], {}),
  c('closeTillDay', 'POST', () => '/billing/tills/0/days/2026-01-01/close', ['till']),
  // Memberships (issue 35).
  c('createMembershipPlan', 'POST', () => '/memberships/plans', ['name', 'fee_paise', 'period', 'gst_rate_bp', 'benefits'], {}),
  c('updateMembershipPlan', 'PATCH', () => '/memberships/plans/abc', ['id'], { name: 'Gold' }),
  c('listMemberships', 'GET', () => '/memberships?client=abc', ['client']),
  c('sellMembership', 'POST', () => '/memberships', ['client', 'plan'], {}),
  c('cancelMembershipRenewal', 'POST', () => '/memberships/abc/cancel-renewal', ['id']),
  c('cancelMembershipSale', 'POST', () => '/memberships/0/cancel', ['id']),
];

describe('bad-input coverage', () => {
  it('has at least one case for every operation in the contract', () => {
    const covered = new Set(cases.map((x) => x.operationId));
    // An operation with no parameters and no body has no input to get wrong.
    const takesInput = (o: ReturnType<typeof contract.operations>[number]) =>
      Boolean(o.operation.requestBody || o.operation.parameters?.length || contract.document.paths[o.path].parameters?.length);
    expect(
      contract
        .operations()
        .filter(takesInput)
        .map((o) => o.operationId)
        .filter((id) => !covered.has(id)),
    ).toEqual([]);
  });
});

describe.each(engines)('bad input on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  const ids = {} as Ids;
  const snapshot = async () =>
    (
      await sql<{ s: string }>`select concat_ws(',',
        (select count(*) from users), (select max(updated_at) from users),
        (select count(*) from user_profiles), (select max(updated_at) from user_profiles),
        (select count(*) from programs), (select max(updated_at) from programs),
        (select count(*) from program_enrollments), (select max(updated_at) from program_enrollments),
        (select count(*) from consent_history), (select count(*) from audit_events),
        (select count(*) from services), (select count(*) from resources), (select count(*) from appointments), (select count(*) from appointment_answers),
        (select count(*) from appointment_series), (select count(*) from waitlist_entries), (select count(*) from packages),
        (select count(*) from staff_hour_exceptions), (select count(*) from scheduled_jobs), (select count(*) from package_plans), (select max(updated_at) from package_plans),
        (select count(*) from support_tickets), (select count(*) from support_messages), (select count(*) from support_attachments), (select count(*) from measurements),
        (select count(*) from cognitive_runs), (select count(*) from cognitive_instruments), (select count(*) from cognitive_reviews),
        (select count(*) from discovery_prospects), (select count(*) from discovery_visits), (select count(*) from discovery_calls), (select count(*) from discovery_enquiries),
        (select count(*) from therapy_visits), (select max(updated_at) from therapy_visits), (select count(*) from therapy_visit_addenda), (select count(*) from contraindication_screens),
        (select count(*) from therapy_settings), (select count(*) from iv_recipes), (select count(*) from stock_lots), (select count(*) from stock_movements),
        (select count(*) from lab_catalogue), (select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from lab_catalogue c), (select count(*) from lab_pincodes), (select count(*) from lab_holds), (select count(*) from lab_orders), (select count(*) from lab_results), (select count(*) from lab_report_files), (select count(*) from clinic_logo),
        (select count(*) from billing_settings), (select count(*) from billing_item_tax), (select count(*) from billing_products), (select count(*) from billing_documents), (select count(*) from billing_payments), (select count(*) from data_exports)) as s`.execute(
        t.database.db,
      )
    ).rows[0].s;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'SUPER_ADMIN');
    ids.client = (await addTarget(t, 'CLIENT')).id;
    ids.program = await addProgram(t, 'Gut Health');
    ids.enrollment = await addEnrollment(t, ids.client, ids.program);
  }, 180_000);
  afterAll(() => t.close());

  it.each(cases)('$operationId $method $fields → 400', async (x) => {
    const before = await snapshot();
    const url = x.url(ids);
    const res = url.startsWith(FHIR_BASE.replace('/api/v1', ''))
      ? await fhir(t, admin, url.replace('/fhir/R4', ''))
      : await api(t, admin, x.method, url, typeof x.body === 'function' ? x.body(ids) : x.body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(detailOf(res.body)).toEqual(expect.any(String));
    const errors = errorsOf(res.body) ?? {};
    expect(Object.keys(errors).sort()).toEqual([...x.fields].sort());
    for (const reasons of Object.values(errors)) {
      expect(reasons.length).toBeGreaterThan(0);
      for (const reason of reasons) expect(reason).toMatch(/\S/);
    }
    expect(await snapshot()).toBe(before);
  });
});
