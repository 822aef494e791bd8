// More page charts' transition tables (the shell's, the staff pages', the portal's), written by
// hand from the issue or specification section that asked for each screen, named beside it: what a
// user can do on the screen and where that leaves it, and what an answer of the server does. The
// oracle the charts are checked against (tests/support/transition-table.ts), read from no chart.
import { bootMachine } from '../../../../machines/app/boot-machine.ts';
import { cognitiveReviewMachine } from '../../../../machines/cognitive/review-machine.ts';
import { inactivityMachine } from '../../../../machines/inactivity/inactivity-machine.ts';
import { emailChangeMachine } from '../../../../machines/portal/email-change-machine.ts';
import { profileEditMachine } from '../../../../machines/portal/profile-edit-machine.ts';
import { actionMachine } from '../../../../machines/staff/action-machine.ts';
import { recordMachine } from '../../../../machines/staff/record-machine.ts';
import { queueCountMachine } from '../../../../machines/support/queue-count-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';

/** The answer (`done`) and failure (`error`) events of an invoked actor. */
const done = (id: string) => `xstate.done.actor.${id}`;
const error = (id: string) => `xstate.error.actor.${id}`;
/** What every event of a case carries: an answer and a failure with the server's words. */
const ANSWERED = { output: { id: 1 }, error: { status: 400, detail: 'Refused.' } };

// ---- Automatic logoff (HIPAA §164.312(a)(2)(iii), asked for with the app shell's charts): after the timeout
// less a minute without input a warning shows; any input while active starts the count again and
// any input on the warning dismisses it; a minute more without input signs the user out, for good.

const UNTIL_WARNING = 'xstate.after.untilWarning.inactivity.active';
const WARNING_OVER = 'xstate.after.warningPeriod.inactivity.warning';

export const inactivityTable: TransitionTable = {
  chart: inactivityMachine,
  source: 'HIPAA 164.312(a)(2)(iii) automatic logoff, as the app shell asked for it: a warning a minute before sign-out',
  statuses: ['active', 'warning', 'signedOut'],
  verbs: ['user.activity', UNTIL_WARNING, WARNING_OVER],
  cases: [{
    name: 'fifteen minutes, warned one before',
    context: { timeoutMs: 15 * 60_000, warningMs: 60_000 },
    start: 'active',
    steps: {
      active: { 'user.activity': 'active', [UNTIL_WARNING]: 'warning' },
      warning: { 'user.activity': 'active', [WARNING_OVER]: 'signedOut' },
    },
  }],
};

// ---- Starting the app (spec §8, "Missing user pool configuration"): /config.json is read and the
// identity service configured before anything shows; a configuration without a user pool is the
// configuration error, for good; no answer at all is a network error the user may retry.

export const bootTable: TransitionTable = {
  chart: bootMachine,
  source: 'clinic-spec.md §8 (configuration error, network error) and the app-lifecycle change (a network failure may be retried)',
  statuses: ['loading', 'networkFailed', 'configurationFailed', 'ready'],
  verbs: ['boot.retry', done('loadConfiguration'), error('loadConfiguration')],
  cases: [
    {
      name: 'no answer from the server',
      context: { config: null },
      extras: { output: { region: 'ap-south-1' }, error: { kind: 'network' } },
      start: 'loading',
      steps: {
        loading: { [done('loadConfiguration')]: 'ready / storeConfig', [error('loadConfiguration')]: 'networkFailed' },
        networkFailed: { 'boot.retry': 'loading' },
      },
    },
    {
      name: 'a configuration without a user pool',
      context: { config: null },
      extras: { output: { region: 'ap-south-1' }, error: { kind: 'configuration' } },
      steps: {
        loading: { [done('loadConfiguration')]: 'ready / storeConfig', [error('loadConfiguration')]: 'configurationFailed' },
        networkFailed: { 'boot.retry': 'loading' },
      },
    },
  ],
};

// ---- The back office's queue count (issue 21, support): tickets waiting on the clinic are
// counted when the staff member arrives and again on every move to another page (a move while a
// count is under way counts again); the same page announced twice does not; a failed count keeps
// the last figure.

const countSteps = (moved: string | null) => {
  const move = moved ? { 'queue.navigated': moved } : {};
  return {
    counting: { ...move, [done('countTickets')]: 'counted / setCount', [error('countTickets')]: 'counted' },
    counted: move,
  };
};

export const queueCountTable: TransitionTable = {
  chart: queueCountMachine,
  source: 'issue 21 (support: the count on the back office\'s nav item, counted again on navigation)',
  statuses: ['counting', 'counted'],
  verbs: ['queue.navigated', done('countTickets'), error('countTickets')],
  cases: [
    { name: 'a move to another page', context: { count: 2, place: '/clients' }, extras: { place: '/backoffice', output: 3 }, start: 'counting', steps: countSteps('counting / rememberPlace') },
    { name: 'the same page announced again', context: { count: 2, place: '/clients' }, extras: { place: '/clients', output: 3 }, steps: countSteps(null) },
  ],
};

// ---- A staff page's confirmed action or form dialog (the staff pages: /clients, client details, /users):
// opening shows the dialog, Cancel closes it, submitting sends it; on success the dialog closes and
// the page says so; a refusal leaves it open with the server's message and field errors.

export const actionTable: TransitionTable = {
  chart: actionMachine,
  source: 'the staff pages (/clients, /client/{id}/details, /users): dialogs open, cancel, submit, refused',
  statuses: ['closed', 'open', 'submitting'],
  verbs: ['action.open', 'action.cancel', 'action.submit', done('perform'), error('perform')],
  cases: [{
    name: 'a dialog',
    context: { subject: null, values: {}, error: null, fieldErrors: {} },
    extras: { ...ANSWERED, subject: { id: 7 }, values: { role: 'NURSE' } },
    start: 'closed',
    steps: {
      closed: { 'action.open': 'open / open' },
      open: { 'action.cancel': 'closed', 'action.submit': 'submitting / takeValues' },
      submitting: { [done('perform')]: 'closed / notifyDone', [error('perform')]: 'open / setFailure' },
    },
  }],
};

// ---- A record a staff page shows (client details, enrollments, programs, settings, audit trail):
// it loads, then shows, or fails with a retry; after a change it loads again keeping what is shown;
// a change made while it is loading loads it once more when that load ends (it may predate it).

const recordSteps = (afterLoad: { done: string; error: string }) => ({
  loading: { 'record.reload': 'loading / queueReload', [done('load')]: afterLoad.done, [error('load')]: afterLoad.error },
  ready: { 'record.reload': 'loading' },
  failed: { 'record.retry': 'loading', 'record.reload': 'loading' },
});

export const recordTable: TransitionTable = {
  chart: recordMachine,
  source: 'the staff pages (a record loads, retries, reloads after a change; a reload during a load is not dropped)',
  statuses: ['loading', 'ready', 'failed'],
  verbs: ['record.reload', 'record.retry', done('load'), error('load')],
  cases: [
    {
      name: 'nothing changed during the load',
      context: { data: null, error: null, status: null, reloadQueued: false },
      extras: ANSWERED,
      start: 'loading',
      steps: recordSteps({ done: 'ready / setData', error: 'failed / setError' }),
    },
    {
      name: 'a change made during the load',
      context: { data: null, error: null, status: null, reloadQueued: true },
      extras: ANSWERED,
      steps: recordSteps({ done: 'loading / setData', error: 'loading' }),
    },
  ],
};

// ---- The cognitive section of a client's record (issue 21, cognitive assessment, staff side):
// runs and in-clinic results load (a failure offers a retry); staff record an instrument's scores
// or comment on a result, and the section loads again to show it; a refused save keeps the section
// with the reason.

export const cognitiveReviewTable: TransitionTable = {
  chart: cognitiveReviewMachine,
  source: 'issue 21 and docs/cognitive-and-support.md (staff: instrument scores, comments the client reads)',
  statuses: ['loading', 'loadFailed', 'ready', 'recording', 'commenting'],
  verbs: ['review.record', 'review.comment', 'review.retry', done('loadResults'), error('loadResults'), done('recordInstrument'), error('recordInstrument'), done('addComment'), error('addComment')],
  cases: [{
    name: 'a client\'s cognitive section',
    context: { clientId: 21, results: { runs: [], instruments: [] }, failure: null },
    extras: { output: { runs: [], instruments: [] }, error: { status: 400, detail: 'Refused.' }, draft: { comment: 'Steady.' } },
    start: 'loading',
    steps: {
      loading: { [done('loadResults')]: 'ready / storeResults', [error('loadResults')]: 'loadFailed' },
      loadFailed: { 'review.retry': 'loading' },
      ready: { 'review.record': 'recording', 'review.comment': 'commenting' },
      recording: { [done('recordInstrument')]: 'loading / clearFailure', [error('recordInstrument')]: 'ready / storeFailure' },
      commenting: { [done('addComment')]: 'loading / clearFailure', [error('addComment')]: 'ready / storeFailure' },
    },
  }],
};

// ---- Changing the sign-in email (issue 7): never a silent overwrite. The new address is sent to
// the identity service, which mails a code to it (a refusal returns to the start with the reason);
// the code may be resent or the change cancelled; only the confirmed code changes the address (a
// wrong code asks again), and the profile page is told; done returns to the start.

export const emailChangeTable: TransitionTable = {
  chart: emailChangeMachine,
  source: 'issue 7 (the portal profile: changing the sign-in email by a confirmed code)',
  statuses: ['idle', 'requesting', 'awaitingCode', 'resending', 'confirming', 'changed'],
  verbs: ['email.start', 'email.confirm', 'email.resend', 'email.cancel', 'email.done', done('requestChange'), error('requestChange'), done('resendCode'), error('resendCode'), done('confirmChange'), error('confirmChange')],
  cases: [{
    name: 'a client changing their email',
    context: { email: '', destination: null, message: null },
    extras: { email: 'new@example.in', code: '123456', output: 'n***@example.in', error: { message: 'Invalid code.' } },
    start: 'idle',
    steps: {
      idle: { 'email.start': 'requesting / storeEmail' },
      requesting: { [done('requestChange')]: 'awaitingCode / storeDestination', [error('requestChange')]: 'idle / storeFailure' },
      awaitingCode: { 'email.confirm': 'confirming', 'email.resend': 'resending', 'email.cancel': 'idle / reset' },
      resending: { [done('resendCode')]: 'awaitingCode / storeDestination', [error('resendCode')]: 'awaitingCode / storeFailure' },
      confirming: { [done('confirmChange')]: 'changed / emailChanged', [error('confirmChange')]: 'awaitingCode / storeFailure' },
      changed: { 'email.done': 'idle / reset' },
    },
  }],
};

// ---- The client's own profile (issue 7; spec §6 for a SUPER_ADMIN reading a client's portal):
// load (retry on failure), view, edit, cancel or save; a refused save returns to the form with the
// fields named; a confirmed email change updates what is shown. Read-only, the profile is only shown.

const PROFILE = { clientId: '21', profile: null, fieldErrors: {}, message: null, saved: false };
const profileSteps = (loaded: string) => ({
  loading: { [done('loadProfile')]: `${loaded} / storeProfile`, [error('loadProfile')]: 'loadFailed' },
  loadFailed: { 'profile.retry': 'loading' },
  viewing: { 'profile.edit': 'editing / startEditing', 'profile.emailChanged': 'viewing / storeProfile' },
  editing: { 'profile.cancel': 'viewing / clearErrors', 'profile.save': 'saving' },
  saving: { [done('saveProfile')]: 'viewing / storeSaved', [error('saveProfile')]: 'editing / storeFailure' },
});

export const profileEditTable: TransitionTable = {
  chart: profileEditMachine,
  source: 'issue 7 (the portal profile: view, edit, save, refused fields) and clinic-spec.md §6 (SUPER_ADMIN reads)',
  statuses: ['loading', 'loadFailed', 'reading', 'viewing', 'editing', 'saving'],
  verbs: ['profile.edit', 'profile.cancel', 'profile.save', 'profile.retry', 'profile.emailChanged', done('loadProfile'), error('loadProfile'), done('saveProfile'), error('saveProfile')],
  cases: [
    { name: 'the client', context: { ...PROFILE, readOnly: false }, extras: { ...ANSWERED, patch: { city: 'Pune' }, profile: { client_id: 21 } }, start: 'loading', steps: profileSteps('viewing') },
    { name: 'a SUPER_ADMIN reading', context: { ...PROFILE, readOnly: true }, extras: { ...ANSWERED, patch: { city: 'Pune' }, profile: { client_id: 21 } }, steps: profileSteps('reading') },
  ],
};

export const screenTables = [inactivityTable, bootTable, queueCountTable, actionTable, recordTable, cognitiveReviewTable, emailChangeTable, profileEditTable];
