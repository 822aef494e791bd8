// The lifecycle charts' transition tables, written by hand from the domain notes of the project
// guide (design/domain.md: "Statuses: requested → booked → confirmed → …") and the issues that
// asked for each chart (the rules they added are named beside the cells, with the issue). They are
// the oracle the charts are checked against (tests/support/transition-table.ts): nothing here is
// read from a chart.
import { appointmentLifecycle } from '../../../../machines/appointments/appointment-lifecycle.ts';
import { runLifecycle } from '../../../../machines/cognitive/run-lifecycle.ts';
import { waitlistEntryLifecycle, waitlistOfferLifecycle } from '../../../../machines/appointments/waitlist-lifecycle.ts';
import { pipelineLifecycle } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import { enrollmentLifecycle } from '../../../../machines/enrollment/enrollment-lifecycle.ts';
import { labOrderLifecycle } from '../../../../machines/labs/order-lifecycle.ts';
import { ticketLifecycle } from '../../../../machines/support/ticket-lifecycle.ts';
import { visitLifecycle } from '../../../../machines/visits/visit-lifecycle.ts';
import { billingDocumentLifecycle } from '../../../../machines/billing/invoice-lifecycle.ts';
import { dayCloseLifecycle } from '../../../../machines/billing/day-close-lifecycle.ts';
import { packageLifecycle } from '../../../../machines/appointments/package-lifecycle.ts';
import { membershipLifecycle } from '../../../../machines/memberships/membership-lifecycle.ts';
import { exportLifecycle } from '../../../../machines/privacy/export-lifecycle.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';

// ---- Appointment: requested → booked → confirmed → checked-in → in-progress → completed;
// cancelled (by client or clinic); no-show; rescheduled. No-show only once the start has passed;
// check-in from the clinic's window before the start to the end of its day; with a visit chart
// open the appointment completes with it, and an aborted chart cancels it (issue 32).

const START = '2026-03-02T04:30:00Z';
const WINDOW = { startsAt: START, checkInOpensAt: '2026-03-02T02:30:00Z', checkInClosesAt: '2026-03-02T18:30:00Z' };
const booked = (more: Record<string, string>) => ({
  'appointment.confirm': 'confirmed',
  'appointment.cancel': 'cancelled',
  'appointment.reschedule': 'rescheduled',
  ...more,
});
const confirmed = (more: Record<string, string>) => ({ 'appointment.cancel': 'cancelled', 'appointment.reschedule': 'rescheduled', ...more });
const appointmentSteps = (arrival: Record<string, string>, visit: { checked_in: Record<string, string>; in_progress: Record<string, string> }): Steps => ({
  requested: { 'appointment.accept': 'booked', 'appointment.cancel': 'cancelled', 'appointment.reschedule': 'rescheduled' },
  booked: booked(arrival),
  confirmed: confirmed(arrival),
  checked_in: { 'appointment.start': 'in_progress', ...visit.checked_in },
  in_progress: visit.in_progress,
});
const CHECK_IN = { 'appointment.check_in': 'checked_in' };
const NO_SHOW = { 'appointment.mark_no_show': 'no_show' };
const NO_CHART = { checked_in: {}, in_progress: { 'appointment.complete': 'completed' } };

export const appointmentTable: TransitionTable = {
  chart: appointmentLifecycle,
  source: 'design/domain.md (Appointment) and issue 32 (check-in window, the visit chart)',
  statuses: ['requested', 'booked', 'confirmed', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show', 'rescheduled'],
  verbs: [
    'appointment.accept',
    'appointment.confirm',
    'appointment.check_in',
    'appointment.start',
    'appointment.complete',
    'appointment.abort',
    'appointment.cancel',
    'appointment.mark_no_show',
    'appointment.reschedule',
  ],
  cases: [
    {
      name: 'start passed, check-in open, no chart',
      context: { ...WINDOW, now: '2026-03-02T05:00:00Z', chart: null },
      steps: appointmentSteps({ ...CHECK_IN, ...NO_SHOW }, NO_CHART),
    },
    { name: 'check-in open, start ahead', context: { ...WINDOW, now: '2026-03-02T03:30:00Z', chart: null }, steps: appointmentSteps(CHECK_IN, NO_CHART) },
    { name: 'a day early', context: { ...WINDOW, now: '2026-03-01T05:00:00Z', chart: null }, steps: appointmentSteps({}, NO_CHART) },
    { name: 'its day over', context: { ...WINDOW, now: '2026-03-02T19:00:00Z', chart: null }, steps: appointmentSteps(NO_SHOW, NO_CHART) },
    {
      name: 'chart still a draft',
      context: { ...WINDOW, now: '2026-03-02T05:00:00Z', chart: 'draft' },
      steps: appointmentSteps({ ...CHECK_IN, ...NO_SHOW }, { checked_in: {}, in_progress: {} }),
    },
    {
      name: 'chart completed',
      context: { ...WINDOW, now: '2026-03-02T05:00:00Z', chart: 'completed' },
      steps: appointmentSteps({ ...CHECK_IN, ...NO_SHOW }, NO_CHART),
    },
    {
      name: 'chart signed',
      context: { ...WINDOW, now: '2026-03-02T05:00:00Z', chart: 'signed' },
      steps: appointmentSteps({ ...CHECK_IN, ...NO_SHOW }, NO_CHART),
    },
    {
      name: 'chart aborted',
      context: { ...WINDOW, now: '2026-03-02T05:00:00Z', chart: 'aborted' },
      steps: appointmentSteps(
        { ...CHECK_IN, ...NO_SHOW },
        { checked_in: { 'appointment.abort': 'cancelled' }, in_progress: { 'appointment.abort': 'cancelled' } },
      ),
    },
  ],
};

// ---- Lab order: booked → collector assigned → collected → processing → partial → ready;
// cancelled. Cancelled only before the sample is taken; assigning names a collector (or the
// partner lab collects); partial results go out once one is entered, "ready" only with all of
// them (issue 32: partial from processing even when all are entered).

const labSteps = (more: { booked?: Record<string, string>; processing?: Record<string, string>; partial?: Record<string, string> }): Steps => ({
  booked: { 'lab_order.cancel': 'cancelled', ...more.booked },
  collector_assigned: { 'lab_order.collect': 'collected', 'lab_order.cancel': 'cancelled' },
  collected: { 'lab_order.process': 'processing' },
  processing: { ...more.processing },
  partial: { ...more.partial },
});
const ASSIGN = { 'lab_order.assign': 'collector_assigned' };

export const labOrderTable: TransitionTable = {
  chart: labOrderLifecycle,
  source: 'design/domain.md (LabOrder) and issue 32 (partial release)',
  statuses: ['booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready', 'cancelled'],
  verbs: ['lab_order.assign', 'lab_order.collect', 'lab_order.process', 'lab_order.release_partial', 'lab_order.release', 'lab_order.cancel'],
  cases: [
    {
      name: 'a collector named, every marker resulted',
      extras: { collector_id: 7, resulted: 3, expected: 3 },
      steps: labSteps({
        booked: ASSIGN,
        processing: { 'lab_order.release_partial': 'partial', 'lab_order.release': 'ready' },
        partial: { 'lab_order.release': 'ready' },
      }),
    },
    {
      name: 'the partner lab collects, one marker of three resulted',
      extras: { by_partner: true, resulted: 1, expected: 3 },
      steps: labSteps({ booked: ASSIGN, processing: { 'lab_order.release_partial': 'partial' } }),
    },
    { name: 'no collector, nothing resulted', extras: { resulted: 0, expected: 3 }, steps: labSteps({}) },
  ],
};

// ---- Support ticket (Zendesk's statuses): new → open → pending (waiting on the client) → on hold
// → solved → closed. A client's reply reopens a pending or solved ticket; the clock closes a ticket
// seven days after it was solved; nothing reopens a closed one.

const ticketSteps = (solved: Record<string, string>): Steps => ({
  new: { 'ticket.open': 'open', 'ticket.wait_on_client': 'pending', 'ticket.hold': 'on_hold', 'ticket.solve': 'solved' },
  open: { 'ticket.wait_on_client': 'pending', 'ticket.hold': 'on_hold', 'ticket.solve': 'solved' },
  pending: { 'ticket.reopen': 'open', 'ticket.hold': 'on_hold', 'ticket.solve': 'solved' },
  on_hold: { 'ticket.open': 'open', 'ticket.wait_on_client': 'pending', 'ticket.solve': 'solved' },
  solved,
});
const SOLVED_AT = '2026-03-01T10:00:00Z';

export const ticketTable: TransitionTable = {
  chart: ticketLifecycle,
  source: 'design/domain.md (Support) and the support-ticket issue (reopen by reply, auto-close after 7 days)',
  statuses: ['new', 'open', 'pending', 'on_hold', 'solved', 'closed'],
  verbs: ['ticket.open', 'ticket.wait_on_client', 'ticket.hold', 'ticket.solve', 'ticket.reopen', 'ticket.close'],
  cases: [
    { name: 'staff', context: { by: 'staff', solvedAt: SOLVED_AT, now: '2026-03-09T10:00:00Z' }, steps: ticketSteps({}) },
    {
      name: 'the client replies',
      context: { by: 'client', solvedAt: SOLVED_AT, now: '2026-03-09T10:00:00Z' },
      steps: ticketSteps({ 'ticket.reopen': 'open' }),
    },
    {
      name: 'the clock, seven days after solving',
      context: { by: 'clock', solvedAt: SOLVED_AT, now: '2026-03-08T10:00:00Z' },
      steps: ticketSteps({ 'ticket.close': 'closed' }),
    },
    { name: 'the clock, six days after solving', context: { by: 'clock', solvedAt: SOLVED_AT, now: '2026-03-07T10:00:00Z' }, steps: ticketSteps({}) },
  ],
};

// ---- Enrollment: active → paused → completed / cancelled. Ended enrollments stay as they are.

export const enrollmentTable: TransitionTable = {
  chart: enrollmentLifecycle,
  source: 'design/domain.md (Enrollment) and the program-enrollment issue (no payment states)',
  statuses: ['active', 'paused', 'completed', 'cancelled'],
  verbs: ['enrollment.pause', 'enrollment.resume', 'enrollment.complete', 'enrollment.cancel'],
  cases: [
    {
      name: 'any enrollment',
      steps: {
        active: { 'enrollment.pause': 'paused', 'enrollment.complete': 'completed', 'enrollment.cancel': 'cancelled' },
        paused: { 'enrollment.resume': 'active', 'enrollment.complete': 'completed', 'enrollment.cancel': 'cancelled' },
      },
    },
  ],
};

// ---- Cognitive battery run: taken, paused and resumed, then completed (scored) or left
// incomplete (abandoned, or still open when its day ended). Ended runs stay as they are.

export const runTable: TransitionTable = {
  chart: runLifecycle,
  source: 'the cognitive-assessment issue (a run paused and resumed within its day)',
  statuses: ['in_progress', 'paused', 'completed', 'incomplete'],
  verbs: ['run.pause', 'run.resume', 'run.complete', 'run.abandon'],
  cases: [
    {
      name: 'any run',
      steps: {
        in_progress: { 'run.pause': 'paused', 'run.complete': 'completed', 'run.abandon': 'incomplete' },
        paused: { 'run.resume': 'in_progress', 'run.abandon': 'incomplete' },
      },
    },
  ],
};

// ---- Therapy visit chart: draft → in-progress → completed → locked (signed, + addenda); aborted
// (with a reason). Started once nothing blocks it (screening, vitals), completed once the required
// sections are filled, signed by its clinician; after signing only a dated addendum with its text.
// Edits keep the status and stop at signing. Neither completed nor signed before the visit's
// appointment has begun (issue 32).

const READY = { blockers: [], missing: [], signer_id: 4, reason: 'The client felt faint.', text: 'Called the client the next day.', before_appointment: false };

export const visitTable: TransitionTable = {
  chart: visitLifecycle,
  source: 'design/domain.md (TherapyVisit) and issue 32 (not before the appointment)',
  statuses: ['draft', 'in_progress', 'completed', 'signed', 'aborted'],
  verbs: ['visit.start', 'visit.edit', 'visit.complete', 'visit.sign', 'visit.abort', 'visit.addendum'],
  cases: [
    {
      name: 'nothing blocks or is missing, a signer, a reason and a text, the appointment begun',
      extras: READY,
      steps: {
        draft: { 'visit.start': 'in_progress', 'visit.edit': 'draft', 'visit.abort': 'aborted' },
        in_progress: { 'visit.edit': 'in_progress', 'visit.complete': 'completed', 'visit.abort': 'aborted' },
        completed: { 'visit.edit': 'completed', 'visit.sign': 'signed' },
        signed: { 'visit.addendum': 'signed' },
      },
    },
    {
      name: 'screening blocks, sections missing, no signer, reason or text',
      extras: { blockers: ['screening'], missing: ['vitals_after'] },
      steps: { draft: { 'visit.edit': 'draft' }, in_progress: { 'visit.edit': 'in_progress' }, completed: { 'visit.edit': 'completed' } },
    },
    {
      name: 'all in order but the appointment not begun',
      extras: { ...READY, before_appointment: true },
      steps: {
        draft: { 'visit.start': 'in_progress', 'visit.edit': 'draft', 'visit.abort': 'aborted' },
        in_progress: { 'visit.edit': 'in_progress', 'visit.abort': 'aborted' },
        completed: { 'visit.edit': 'completed' },
        signed: { 'visit.addendum': 'signed' },
      },
    },
  ],
};

// ---- Prospect pipeline (design/domain.md: Discovery area, DiscoveryVisit; the discovery issue as
// README's Discovery section tells it): new → contacted → discovery_booked → discovery_done →
// enrol / nurture / not_a_fit / no_show, and lost, with a reason, from any open stage. Enrol only
// by converting the prospect; nurture with a date to follow up.

const pipelineSteps = (facts: { reason: boolean; followUp: boolean; converting: boolean }): Steps => {
  const none: Record<string, string> = {};
  const lose = facts.reason ? { 'prospect.lose': 'lost' } : none;
  const nurture = facts.followUp ? { 'prospect.nurture': 'nurture' } : none;
  const outcomes: Record<string, string> = {
    ...(facts.converting ? { 'prospect.enrol': 'enrol' } : none),
    ...nurture,
    ...(facts.reason ? { 'prospect.not_a_fit': 'not_a_fit' } : none),
  };
  return {
    new: { 'prospect.contact': 'contacted', 'prospect.book': 'discovery_booked', ...lose },
    // A first contact is a screener call, and screeners end in enrol, nurture or not now: nurture.
    contacted: { 'prospect.book': 'discovery_booked', ...nurture, ...lose },
    discovery_booked: { 'prospect.hold': 'discovery_done', 'prospect.no_show': 'no_show', ...lose },
    discovery_done: { ...outcomes, ...lose },
    nurture: { 'prospect.contact': 'contacted', 'prospect.book': 'discovery_booked', ...lose },
    // A missed visit is booked again, or the prospect is nurtured until a later date.
    no_show: { 'prospect.book': 'discovery_booked', ...nurture, ...lose },
  };
};

export const pipelineTable: TransitionTable = {
  chart: pipelineLifecycle,
  source: 'design/domain.md (Discovery area, DiscoveryVisit) and README.md (Discovery: the pipeline)',
  statuses: ['new', 'contacted', 'discovery_booked', 'discovery_done', 'enrol', 'nurture', 'not_a_fit', 'no_show', 'lost'],
  verbs: [
    'prospect.contact',
    'prospect.book',
    'prospect.hold',
    'prospect.no_show',
    'prospect.enrol',
    'prospect.nurture',
    'prospect.not_a_fit',
    'prospect.lose',
  ],
  cases: [
    {
      name: 'a reason, a follow-up date, converting',
      extras: { reason: 'Moved away.', nurture_on: '2026-04-01', converting: true },
      steps: pipelineSteps({ reason: true, followUp: true, converting: true }),
    },
    { name: 'a plain stage move', extras: {}, steps: pipelineSteps({ reason: false, followUp: false, converting: false }) },
  ],
};

// ---- Waitlist (issue «Scheduling core»): an entry waits until one of its offers is accepted; an
// offer of a freed slot is accepted by the first client, and every other offer of that slot is gone.

const waitlistEntryTable: TransitionTable = {
  chart: waitlistEntryLifecycle,
  source: 'the scheduling core issue (the first to accept books the freed slot)',
  statuses: ['waiting', 'booked'],
  verbs: ['entry.book'],
  cases: [{ name: 'any entry', steps: { waiting: { 'entry.book': 'booked' } } }],
};

const waitlistOfferTable: TransitionTable = {
  chart: waitlistOfferLifecycle,
  source: 'the scheduling core issue (the others are told it is gone)',
  statuses: ['open', 'accepted', 'gone'],
  verbs: ['offer.accept', 'offer.withdraw'],
  cases: [{ name: 'any offer', steps: { open: { 'offer.accept': 'accepted', 'offer.withdraw': 'gone' } } }],
};

// ---- Billing document (issue 34): "draft → issued → partially paid → paid; an issued document
// never changes; mistakes are corrected by a credit note that references it (whole or part), with
// a refund when money was taken. Drafts can be edited and deleted." A credit note for all that is
// left credits the document; one that leaves nothing due settles it; a document of ₹0 is paid on
// issue. A paid document takes no more payments; credited and deleted ones take nothing.

const billingSteps = (more: {
  draft: Record<string, string>;
  issued: Record<string, string>;
  partially_paid: Record<string, string>;
  paid: Record<string, string>;
}): Steps => ({
  draft: { 'billing.delete': 'deleted', ...more.draft },
  issued: more.issued,
  partially_paid: more.partially_paid,
  paid: more.paid,
});

export const billingDocumentTable: TransitionTable = {
  chart: billingDocumentLifecycle,
  source: 'issue 34 (Invoices: the lifecycle chart; credit notes)',
  statuses: ['draft', 'issued', 'partially_paid', 'paid', 'credited', 'deleted'],
  verbs: ['billing.issue', 'billing.delete', 'billing.pay', 'billing.credit'],
  cases: [
    {
      name: 'money still due after the step, a credit note of part',
      extras: { due_paise: 5000, credits_all: false },
      steps: billingSteps({ draft: { 'billing.issue': 'issued' }, issued: { 'billing.pay': 'partially_paid' }, partially_paid: {}, paid: {} }),
    },
    {
      name: 'nothing due after the step, a credit note of part',
      extras: { due_paise: 0, credits_all: false },
      steps: billingSteps({
        draft: { 'billing.issue': 'paid' },
        issued: { 'billing.pay': 'paid', 'billing.credit': 'paid' },
        partially_paid: { 'billing.pay': 'paid', 'billing.credit': 'paid' },
        paid: {},
      }),
    },
    {
      name: 'a credit note of everything left',
      extras: { due_paise: 0, credits_all: true },
      steps: billingSteps({
        draft: { 'billing.issue': 'paid' },
        issued: { 'billing.pay': 'paid', 'billing.credit': 'credited' },
        partially_paid: { 'billing.pay': 'paid', 'billing.credit': 'credited' },
        paid: { 'billing.credit': 'credited' },
      }),
    },
    { name: 'nothing said about money', extras: {}, steps: billingSteps({ draft: {}, issued: {}, partially_paid: {}, paid: {} }) },
  ],
};

// ---- A till's day (issue 35, "The day's close"): "A chart per day and till: open → counted →
// closed. A closed day is locked." A counted day is reopened to be counted again, or by money
// recorded on it after the count; closed is final.

export const dayCloseTable: TransitionTable = {
  chart: dayCloseLifecycle,
  source: "issue 35 (The day's close)",
  statuses: ['open', 'counted', 'closed'],
  verbs: ['day.count', 'day.reopen', 'day.close'],
  cases: [{ name: 'any day', steps: { open: { 'day.count': 'counted' }, counted: { 'day.reopen': 'open', 'day.close': 'closed' } } }],
};

// ---- Package (issue 35: "Selling a plan goes through billing: an invoice, and the credits start
// when it is paid"; "Credits have an expiry date, can be frozen and unfrozen (the expiry moves),
// transferred to another client by ADMIN with a reason, and refunded pro rata through a credit
// note"). A freeze must fit in the plan's allowance left; transfer keeps it active.

const packageSteps = (freeze: Record<string, string>): Steps => ({
  awaiting_payment: { 'package.pay': 'active', 'package.cancel': 'cancelled' },
  active: { ...freeze, 'package.transfer': 'active', 'package.use_up': 'used_up', 'package.expire': 'expired', 'package.refund': 'refunded' },
  frozen: { 'package.unfreeze': 'active', 'package.expire': 'expired', 'package.refund': 'refunded' },
  used_up: { 'package.return_credit': 'active', 'package.expire': 'expired' },
});

export const packageTable: TransitionTable = {
  chart: packageLifecycle,
  source: 'issue 35 (Packages and memberships: sold through billing, frozen, transferred, refunded)',
  statuses: ['awaiting_payment', 'active', 'frozen', 'used_up', 'expired', 'refunded', 'cancelled'],
  verbs: [
    'package.pay',
    'package.cancel',
    'package.freeze',
    'package.unfreeze',
    'package.transfer',
    'package.use_up',
    'package.return_credit',
    'package.expire',
    'package.refund',
  ],
  cases: [
    { name: 'a freeze within the allowance left', extras: { days: 5, allowance_left: 5 }, steps: packageSteps({ 'package.freeze': 'frozen' }) },
    { name: 'a freeze beyond the allowance left', extras: { days: 6, allowance_left: 5 }, steps: packageSteps({}) },
    { name: 'no allowance', extras: { days: 1, allowance_left: 0 }, steps: packageSteps({}) },
    { name: 'nothing said about the freeze', extras: {}, steps: packageSteps({}) },
  ],
};

// ---- Membership (issue 35): "awaiting_payment → active → (renewal_due) → active | lapsed; active →
// cancelling → ended; awaiting_payment → cancelled". Paid, it is active; the renewal invoice is
// issued while the period runs; unpaid when the period is over it lapses; cancelling renewal (also
// with the renewal invoiced) runs to the period's end; a membership not renewing ends then too.

const membershipSteps = (period: { active: Record<string, string>; renewal_due: Record<string, string>; cancelling: Record<string, string> }): Steps => ({
  awaiting_payment: { 'membership.pay': 'active', 'membership.cancel': 'cancelled' },
  active: { 'membership.cancel_renewal': 'cancelling', ...period.active },
  renewal_due: { 'membership.pay': 'active', 'membership.cancel_renewal': 'cancelling', ...period.renewal_due },
  cancelling: period.cancelling,
});

const membershipTable: TransitionTable = {
  chart: membershipLifecycle,
  source: 'issue 35 (memberships: renewal, lapse, cancelling renewal)',
  statuses: ['awaiting_payment', 'active', 'renewal_due', 'cancelling', 'lapsed', 'ended', 'cancelled'],
  verbs: ['membership.pay', 'membership.cancel', 'membership.invoice_renewal', 'membership.cancel_renewal', 'membership.lapse', 'membership.end'],
  cases: [
    {
      name: 'the period still running',
      extras: { period_over: false },
      steps: membershipSteps({ active: { 'membership.invoice_renewal': 'renewal_due' }, renewal_due: {}, cancelling: {} }),
    },
    {
      name: 'the period over',
      extras: { period_over: true },
      steps: membershipSteps({
        active: { 'membership.end': 'ended' },
        renewal_due: { 'membership.lapse': 'lapsed' },
        cancelling: { 'membership.end': 'ended' },
      }),
    },
    { name: 'nothing said about the period', extras: {}, steps: membershipSteps({ active: {}, renewal_due: {}, cancelling: {} }) },
  ],
};

// ---- Data export (issue 38, "Download my data"): requested → building → ready, expired a week
// after it was ready (the clock's step, not anyone's); a build the queue gives up on after its last
// attempt is failed (issue 38, the failed-export brief). Expired and failed exports stay as they are.

const READY_AT = '2026-03-01T10:00:00Z';
const exportSteps = (ready: Record<string, string>): Steps => ({
  requested: { 'export.start': 'building' },
  building: { 'export.finish': 'ready', 'export.fail': 'failed' },
  ready,
});

const exportTable: TransitionTable = {
  chart: exportLifecycle,
  source: 'issue 38 (the right of access: built in the background, ready, expired after N days)',
  statuses: ['requested', 'building', 'ready', 'expired', 'failed'],
  verbs: ['export.start', 'export.finish', 'export.fail', 'export.expire'],
  cases: [
    { name: 'seven days after it was ready', context: { readyAt: READY_AT, now: '2026-03-08T10:00:00Z' }, steps: exportSteps({ 'export.expire': 'expired' }) },
    { name: 'six days after it was ready', context: { readyAt: READY_AT, now: '2026-03-07T10:00:00Z' }, steps: exportSteps({}) },
    { name: 'nothing said about the clock', steps: exportSteps({}) },
  ],
};

export const lifecycleTables = [
  appointmentTable,
  labOrderTable,
  ticketTable,
  enrollmentTable,
  runTable,
  visitTable,
  pipelineTable,
  waitlistEntryTable,
  waitlistOfferTable,
  billingDocumentTable,
  dayCloseTable,
  packageTable,
  membershipTable,
  exportTable,
];
