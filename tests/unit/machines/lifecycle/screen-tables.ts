// More page charts' transition tables (the shell's, the staff pages', the portal's), written by
// hand from the issue or specification section that asked for each screen, named beside it: what a
// user can do on the screen and where that leaves it, and what an answer of the server does. The
// oracle the charts are checked against (tests/support/transition-table.ts), read from no chart.
import { bookingMachine } from '../../../../machines/appointments/booking-machine.ts';
import { calendarMachine } from '../../../../machines/appointments/calendar-machine.ts';
import { portalBookingsMachine } from '../../../../machines/appointments/portal-bookings-machine.ts';
import { inviteMachine } from '../../../../machines/staff/invite-machine.ts';
import { impactMachine } from '../../../../machines/appointments/impact-machine.ts';
import { visitNoteMachine } from '../../../../machines/discovery/visit-note-machine.ts';
import { bookTestMachine } from '../../../../machines/labs/book-test-machine.ts';
import { labDeskMachine } from '../../../../machines/labs/lab-desk-machine.ts';
import { myOrdersMachine } from '../../../../machines/labs/my-orders-machine.ts';
import { bootMachine } from '../../../../machines/app/boot-machine.ts';
import { batteryMachine } from '../../../../machines/cognitive/battery-machine.ts';
import { cognitivePageMachine } from '../../../../machines/cognitive/cognitive-page-machine.ts';
import { funnelMachine } from '../../../../machines/discovery/funnel-machine.ts';
import { reportsMachine } from '../../../../machines/labs/reports-machine.ts';
import { listMachine } from '../../../../machines/staff/list-machine.ts';
import { measurementFormMachine } from '../../../../machines/thrive/measurement-form-machine.ts';
import { rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import { thriveCheckMachine } from '../../../../machines/clients/thrive-check-machine.ts';
import { cognitiveReviewMachine } from '../../../../machines/cognitive/review-machine.ts';
import { inactivityMachine } from '../../../../machines/inactivity/inactivity-machine.ts';
import { emailChangeMachine } from '../../../../machines/clients/email-change-machine.ts';
import { passkeysMachine } from '../../../../machines/identity/passkeys-machine.ts';
import { homeMachine } from '../../../../machines/clients/home-machine.ts';
import { onboardingMachine } from '../../../../machines/clients/onboarding-machine.ts';
import { upcomingMachine } from '../../../../machines/clients/upcoming-machine.ts';
import { visitBookingMachine } from '../../../../machines/clients/visit-booking-machine.ts';
import { profileEditMachine } from '../../../../machines/clients/profile-edit-machine.ts';
import { actionMachine } from '../../../../machines/staff/action-machine.ts';
import { recordMachine } from '../../../../machines/staff/record-machine.ts';
import { supportDeskMachine } from '../../../../machines/support/desk-machine.ts';
import { queueCountMachine } from '../../../../machines/support/queue-count-machine.ts';
import { EMPTY_VISIT_FORM } from '../../../../machines/visits/visit-form.ts';
import { visitFormMachine } from '../../../../machines/visits/visit-form-machine.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';

/** The answer (`done`) and failure (`error`) events of an invoked actor. */
const done = (id: string) => `xstate.done.actor.${id}`;
const error = (id: string) => `xstate.error.actor.${id}`;
/** What every event of a case carries: an answer and a failure with the server's words. */
const ANSWERED = { output: { id: 1 }, error: { status: 400, detail: 'Refused.' } };

/**
 * The load a screen starts with, and its retry, as chart after chart has them: `loading` runs
 * `actor`, whose answer lands on `loaded` and whose failure on `failed` (the state, then the named
 * actions: 'failed / setError'); there `retry` loads again (`retried`: 'loading' unless the chart
 * clears something on the way). `also`: what each of the two states answers besides, by its name.
 */
function loadSteps(
  actor: string,
  loaded: string,
  failed: string,
  retry: string,
  options: { retried?: string; also?: (state: string) => Record<string, string> } = {},
): Steps {
  const failedState = failed.split(' / ')[0];
  const also = options.also ?? (() => ({}));
  return {
    loading: { ...also('loading'), [done(actor)]: loaded, [error(actor)]: failed },
    [failedState]: { ...also(failedState), [retry]: options.retried ?? 'loading' },
  };
}

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
  cases: [
    {
      name: 'fifteen minutes, warned one before',
      context: { timeoutMs: 15 * 60_000, warningMs: 60_000 },
      start: 'active',
      steps: {
        active: { 'user.activity': 'active', [UNTIL_WARNING]: 'warning' },
        warning: { 'user.activity': 'active', [WARNING_OVER]: 'signedOut' },
      },
    },
  ],
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
      steps: loadSteps('loadConfiguration', 'ready / storeConfig', 'networkFailed', 'boot.retry'),
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
  const move: Record<string, string> = moved ? { 'queue.navigated': moved } : {};
  return {
    counting: { ...move, [done('countTickets')]: 'counted / setCount', [error('countTickets')]: 'counted' },
    counted: move,
  };
};

export const queueCountTable: TransitionTable = {
  chart: queueCountMachine,
  source: "issue 21 (support: the count on the back office's nav item, counted again on navigation)",
  statuses: ['counting', 'counted'],
  verbs: ['queue.navigated', done('countTickets'), error('countTickets')],
  cases: [
    {
      name: 'a move to another page',
      context: { count: 2, place: '/clients' },
      extras: { place: '/backoffice', output: 3 },
      start: 'counting',
      steps: countSteps('counting / rememberPlace'),
    },
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
  cases: [
    {
      name: 'a dialog',
      context: { subject: null, values: {}, error: null, fieldErrors: {} },
      extras: { ...ANSWERED, subject: { id: 7 }, values: { role: 'NURSE' } },
      start: 'closed',
      steps: {
        closed: { 'action.open': 'open / open' },
        open: { 'action.cancel': 'closed', 'action.submit': 'submitting / takeValues' },
        submitting: { [done('perform')]: 'closed / notifyDone', [error('perform')]: 'open / setFailure' },
      },
    },
  ],
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
  verbs: [
    'review.record',
    'review.comment',
    'review.retry',
    done('loadResults'),
    error('loadResults'),
    done('recordInstrument'),
    error('recordInstrument'),
    done('addComment'),
    error('addComment'),
  ],
  cases: [
    {
      name: "a client's cognitive section",
      context: { clientId: 21, results: { runs: [], instruments: [] }, failure: null },
      extras: { output: { runs: [], instruments: [] }, error: { status: 400, detail: 'Refused.' }, draft: { comment: 'Steady.' } },
      start: 'loading',
      steps: {
        ...loadSteps('loadResults', 'ready / storeResults', 'loadFailed', 'review.retry'),
        ready: { 'review.record': 'recording', 'review.comment': 'commenting' },
        recording: { [done('recordInstrument')]: 'loading / clearFailure', [error('recordInstrument')]: 'ready / storeFailure' },
        commenting: { [done('addComment')]: 'loading / clearFailure', [error('addComment')]: 'ready / storeFailure' },
      },
    },
  ],
};

// ---- Changing the sign-in email (issue 7): never a silent overwrite. The new address is sent to
// the identity service, which mails a code to it (a refusal returns to the start with the reason);
// the code may be resent or the change cancelled; only the confirmed code changes the address (a
// wrong code asks again), and the profile page is told; done returns to the start.

export const emailChangeTable: TransitionTable = {
  chart: emailChangeMachine,
  source: 'issue 7 (the portal profile: changing the sign-in email by a confirmed code)',
  statuses: ['idle', 'requesting', 'awaitingCode', 'resending', 'confirming', 'changed'],
  verbs: [
    'email.start',
    'email.confirm',
    'email.resend',
    'email.cancel',
    'email.done',
    done('requestChange'),
    error('requestChange'),
    done('resendCode'),
    error('resendCode'),
    done('confirmChange'),
    error('confirmChange'),
  ],
  cases: [
    {
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
    },
  ],
};

// ---- The profile's passkeys (issue 39, staff and portal): the list read (retry on failure); a
// passkey added through the browser's dialog or removed after a confirmation, then the list read
// again (a refused removal reads it again too: the passkey may already be gone); a refused or
// cancelled dialog returns to the list with its message. Only a listed passkey can be removed.

const PASSKEY = { credentialId: 'cred-1', name: 'Android phone', createdAt: null };

export const passkeysTable: TransitionTable = {
  chart: passkeysMachine,
  source: 'issue 39 (the profile: list, add, remove with confirmation; Cognito has no rename)',
  statuses: ['loading', 'loadFailed', 'ready', 'adding', 'confirmingRemoval', 'removing'],
  verbs: [
    'passkeys.retry',
    'passkeys.add',
    'passkeys.remove',
    'passkeys.confirmRemove',
    'passkeys.cancelRemove',
    done('listPasskeys'),
    error('listPasskeys'),
    done('addPasskey'),
    error('addPasskey'),
    done('removePasskey'),
    error('removePasskey'),
  ],
  cases: [
    {
      name: 'a user with a passkey',
      context: { passkeys: [PASSKEY], selected: PASSKEY, message: null, notice: null },
      extras: { output: [PASSKEY], error: { name: 'NotAllowedError', message: 'cancelled' }, credentialId: 'cred-1' },
      start: 'loading',
      steps: {
        ...loadSteps('listPasskeys', 'ready / storePasskeys', 'loadFailed / storeLoadFailure', 'passkeys.retry', { retried: 'loading / clearMessages' }),
        ready: { 'passkeys.add': 'adding / clearMessages', 'passkeys.remove': 'confirmingRemoval / clearMessages, select' },
        adding: { [done('addPasskey')]: 'loading / noteAdded', [error('addPasskey')]: 'ready / storeAddFailure' },
        confirmingRemoval: { 'passkeys.confirmRemove': 'removing', 'passkeys.cancelRemove': 'ready / unselect' },
        removing: { [done('removePasskey')]: 'loading / noteRemoved', [error('removePasskey')]: 'loading / storeRemoveFailure' },
      },
    },
    {
      name: 'a passkey no longer listed',
      context: { passkeys: [], selected: null, message: null, notice: null },
      extras: { output: [], error: { name: 'NotAllowedError', message: 'cancelled' }, credentialId: 'cred-1' },
      steps: {
        ...loadSteps('listPasskeys', 'ready / storePasskeys', 'loadFailed / storeLoadFailure', 'passkeys.retry', { retried: 'loading / clearMessages' }),
        ready: { 'passkeys.add': 'adding / clearMessages' },
        adding: { [done('addPasskey')]: 'loading / noteAdded', [error('addPasskey')]: 'ready / storeAddFailure' },
        confirmingRemoval: { 'passkeys.confirmRemove': 'removing', 'passkeys.cancelRemove': 'ready / unselect' },
        removing: { [done('removePasskey')]: 'loading / noteRemoved', [error('removePasskey')]: 'loading / storeRemoveFailure' },
      },
    },
  ],
};

// ---- The client's own profile (issue 7; spec §6 for a SUPER_ADMIN reading a client's portal):
// load (retry on failure), view, edit, cancel or save; a refused save returns to the form with the
// fields named; a confirmed email change updates what is shown. Read-only, the profile is only shown.

const PROFILE = { clientId: '21', profile: null, fieldErrors: {}, message: null, saved: false };
const profileSteps = (loaded: string) => ({
  ...loadSteps('loadProfile', `${loaded} / storeProfile`, 'loadFailed', 'profile.retry'),
  viewing: { 'profile.edit': 'editing / startEditing', 'profile.emailChanged': 'viewing / storeProfile' },
  editing: { 'profile.cancel': 'viewing / clearErrors', 'profile.save': 'saving' },
  saving: { [done('saveProfile')]: 'viewing / storeSaved', [error('saveProfile')]: 'editing / storeFailure' },
});

export const profileEditTable: TransitionTable = {
  chart: profileEditMachine,
  source: 'issue 7 (the portal profile: view, edit, save, refused fields) and clinic-spec.md §6 (SUPER_ADMIN reads)',
  statuses: ['loading', 'loadFailed', 'reading', 'viewing', 'editing', 'saving'],
  verbs: [
    'profile.edit',
    'profile.cancel',
    'profile.save',
    'profile.retry',
    'profile.emailChanged',
    done('loadProfile'),
    error('loadProfile'),
    done('saveProfile'),
    error('saveProfile'),
  ],
  cases: [
    {
      name: 'the client',
      context: { ...PROFILE, readOnly: false },
      extras: { ...ANSWERED, patch: { city: 'Pune' }, profile: { client_id: 21 } },
      start: 'loading',
      steps: profileSteps('viewing'),
    },
    {
      name: 'a SUPER_ADMIN reading',
      context: { ...PROFILE, readOnly: true },
      extras: { ...ANSWERED, patch: { city: 'Pune' }, profile: { client_id: 21 } },
      steps: profileSteps('reading'),
    },
  ],
};

// ---- The /discovery funnel (issue 18, docs/discovery.md): the figures for a date range of at
// most 366 days; every change of the range asks again, and a range the server would refuse (a
// missing date, the end before the start, more than a year) is not sent but waits, with the
// reason, to be mended; a reload (after a change on the board) asks again, so does a retry.

const FUNNEL = { range: { from: '2026-01-01', to: '2026-03-01' }, figures: null, error: null, problem: null };
const funnelSteps = (from: string, to: string) => {
  const change = { 'funnel.from': `${from} / setRange`, 'funnel.to': `${to} / setRange` };
  return {
    ...loadSteps('fetchFunnel', 'ready / setFigures', 'failed / setError', 'funnel.retry', { also: () => ({ ...change, 'funnel.reload': 'loading' }) }),
    ready: { ...change, 'funnel.reload': 'loading' },
    invalid: change,
  };
};

export const funnelTable: TransitionTable = {
  chart: funnelMachine,
  source: 'issue 18 and docs/discovery.md (the funnel tab: a range of at most 366 days, never sent when the server would refuse it)',
  statuses: ['loading', 'ready', 'failed', 'invalid'],
  verbs: ['funnel.from', 'funnel.to', 'funnel.reload', 'funnel.retry', done('fetchFunnel'), error('fetchFunnel')],
  cases: [
    { name: 'a date inside the range', context: FUNNEL, extras: { ...ANSWERED, date: '2026-02-01' }, steps: funnelSteps('loading', 'loading') },
    { name: 'no date', context: FUNNEL, extras: { ...ANSWERED, date: '' }, steps: funnelSteps('invalid', 'invalid') },
    { name: 'a date before the start', context: FUNNEL, extras: { ...ANSWERED, date: '2025-12-01' }, steps: funnelSteps('loading', 'invalid') },
    { name: 'a date over a year before the end', context: FUNNEL, extras: { ...ANSWERED, date: '2024-12-01' }, steps: funnelSteps('invalid', 'invalid') },
    { name: 'a date over a year after the start', context: FUNNEL, extras: { ...ANSWERED, date: '2027-06-01' }, steps: funnelSteps('invalid', 'invalid') },
  ],
};

// ---- The client's cognitive screening page (issue 21): their results load (retry on failure);
// the client starts a run, or resumes today's open one, and takes the battery; when it ends the
// results load again. A refused start stays with the reason. Read-only (a SUPER_ADMIN in the
// client's portal, spec §6), only the results show.

const COGNITIVE = { clientId: '21', run: null, failure: null };
const OPEN_RUN = { id: 4, seed: 99, status: 'paused', progress: {} };
const cognitiveSteps = (loaded: string, resume: Record<string, string>) => ({
  ...loadSteps('loadResults', `${loaded} / storeResults`, 'loadFailed', 'page.retry'),
  ready: { 'page.start': 'starting', ...resume },
  starting: { [done('startRun')]: 'taking / storeRun', [error('startRun')]: 'ready / storeFailure' },
  taking: { [done('battery')]: 'loading / clearRun' },
});
const COGNITIVE_ANSWERS = { output: { runs: [], instruments: [] }, error: { status: 400, detail: 'Refused.' } };

export const cognitivePageTable: TransitionTable = {
  chart: cognitivePageMachine,
  source: 'issue 21 and docs/cognitive-and-support.md (the client starts or resumes a run; results again after it) and clinic-spec.md §6 (SUPER_ADMIN reads)',
  statuses: ['loading', 'loadFailed', 'reading', 'ready', 'starting', 'taking'],
  verbs: ['page.start', 'page.resume', 'page.retry', done('loadResults'), error('loadResults'), done('startRun'), error('startRun'), done('battery')],
  cases: [
    {
      name: 'no open run',
      context: { ...COGNITIVE, readOnly: false, results: { runs: [], instruments: [] } },
      extras: COGNITIVE_ANSWERS,
      start: 'loading',
      steps: cognitiveSteps('ready', {}),
    },
    {
      name: 'a run paused today',
      context: { ...COGNITIVE, readOnly: false, results: { runs: [OPEN_RUN], instruments: [] } },
      extras: COGNITIVE_ANSWERS,
      steps: cognitiveSteps('ready', { 'page.resume': 'taking / takeOpenRun' }),
    },
    {
      name: 'a completed run only',
      context: { ...COGNITIVE, readOnly: false, results: { runs: [{ ...OPEN_RUN, status: 'completed' }], instruments: [] } },
      extras: COGNITIVE_ANSWERS,
      steps: cognitiveSteps('ready', {}),
    },
    {
      name: 'a SUPER_ADMIN reading',
      context: { ...COGNITIVE, readOnly: true, results: { runs: [], instruments: [] } },
      extras: COGNITIVE_ANSWERS,
      steps: cognitiveSteps('reading', {}),
    },
  ],
};

// ---- The thrive check (issue 7; spec §3 heart-risk input): past checks and the profile load
// (retry on failure); the client fills the form and submits it; the stored, scored result shows,
// and they may take another; refused fields return to the form. Read-only, only past checks show.

const CHECK = { clientId: '21', history: [], prefill: { sex: '', age: '' }, latest: null, fieldErrors: {}, message: null };
const CHECK_ANSWERS = {
  output: { history: [], profile: { gender: 'F', date_of_birth: '1980-01-01' }, id: 3, taken_at: '2026-03-01' },
  error: { status: 400, detail: 'Refused.' },
  input: { sex: 'female' },
};
const checkSteps = (loaded: string) => ({
  ...loadSteps('loadHistory', `${loaded} / storeHistory`, 'loadFailed', 'check.retry'),
  editing: { 'check.submit': 'submitting' },
  submitting: { [done('submitCheck')]: 'result / storeResult', [error('submitCheck')]: 'editing / storeFailure' },
  result: { 'check.again': 'editing / clearResult' },
});

export const thriveCheckTable: TransitionTable = {
  chart: thriveCheckMachine,
  source: 'issue 7 (the portal thrive check) and clinic-spec.md §3 (heart-risk input), §6 (SUPER_ADMIN reads)',
  statuses: ['loading', 'loadFailed', 'reading', 'editing', 'submitting', 'result'],
  verbs: ['check.submit', 'check.again', 'check.retry', done('loadHistory'), error('loadHistory'), done('submitCheck'), error('submitCheck')],
  cases: [
    { name: 'the client', context: { ...CHECK, readOnly: false }, extras: CHECK_ANSWERS, start: 'loading', steps: checkSteps('editing') },
    { name: 'a SUPER_ADMIN reading', context: { ...CHECK, readOnly: true }, extras: CHECK_ANSWERS, steps: checkSteps('reading') },
  ],
};

// ---- Moving a lab order to another slot (issue 20, docs/labs.md: PATCH moves the whole order to
// another hold while it can still be cancelled), from the lab desk and from My orders: the slots
// load (if they cannot, it ends saying why); another slot with places left may be picked (not the
// one it is in, not a full one); a refused move returns to the choice with the reason; going back
// ends it with nothing moved.

const NOW_AT = '2026-03-02T01:30:00Z';
const FREE = '2026-03-02T02:30:00Z';
const FULL = '2026-03-02T03:30:00Z';
const ORDER = {
  order: { id: 5, client: 21, pincode: '411001', start: NOW_AT, items: [1] },
  message: null,
  moved: false,
  slots: [
    { start: NOW_AT, places_left: 3 },
    { start: FREE, places_left: 2 },
    { start: FULL, places_left: 0 },
  ],
};
const rescheduleSteps = (pick: Record<string, string>) => ({
  loadingSlots: { [done('loadSlots')]: 'choosing / setSlots', [error('loadSlots')]: 'unavailable / showError' },
  choosing: { ...pick, 'reschedule.back': 'closed / clearMessage' },
  moving: { [done('moveOrder')]: 'moved / markMoved', [error('moveOrder')]: 'choosing / showError' },
});
const RESCHEDULE_ANSWERS = { output: [], error: new Error('That slot has just filled up.') };

export const rescheduleTable: TransitionTable = {
  chart: rescheduleMachine,
  source: 'issue 20 and docs/labs.md (PATCH moves the whole order to another hold), from the lab desk and My orders',
  statuses: ['loadingSlots', 'choosing', 'moving', 'moved', 'closed', 'unavailable'],
  verbs: ['reschedule.pick', 'reschedule.back', done('loadSlots'), error('loadSlots'), done('moveOrder'), error('moveOrder')],
  cases: [
    {
      name: 'another slot with places',
      context: ORDER,
      extras: { ...RESCHEDULE_ANSWERS, start: FREE },
      start: 'loadingSlots',
      steps: rescheduleSteps({ 'reschedule.pick': 'moving / clearMessage' }),
    },
    { name: 'a full slot', context: ORDER, extras: { ...RESCHEDULE_ANSWERS, start: FULL }, steps: rescheduleSteps({}) },
    { name: 'the slot it is in', context: ORDER, extras: { ...RESCHEDULE_ANSWERS, start: NOW_AT }, steps: rescheduleSteps({}) },
    { name: 'a slot not offered', context: ORDER, extras: { ...RESCHEDULE_ANSWERS, start: '2026-03-09T02:30:00Z' }, steps: rescheduleSteps({}) },
  ],
};

// ---- "Add measurement" (issue 19, docs/thrive-dashboard.md, Measurements): a reading is
// incomplete until its numbers are typed (blood pressure takes two), refused while the metric's
// plausible range refuses it (a weight of 720 kg), ready otherwise; only a ready reading is sent.
// Another metric brings its own unit and drops the diastolic; every change judges it again.

const FORM_EVENTS = ['form.metric', 'form.value', 'form.value2', 'form.unit', 'form.takenAt', 'form.reset'] as const;
/** Each change, where it leaves the reading (from any state: the form judges it again). */
const formSteps = (after: Record<(typeof FORM_EVENTS)[number], string>) => {
  const changes = {
    'form.metric': `${after['form.metric']} / setMetric`,
    'form.value': `${after['form.value']} / setValue`,
    'form.value2': `${after['form.value2']} / setValue2`,
    'form.unit': `${after['form.unit']} / setUnit`,
    'form.takenAt': `${after['form.takenAt']} / setTakenAt`,
    'form.reset': `${after['form.reset']} / reset`,
  };
  return { judging: changes, incomplete: changes, invalid: changes, ready: { ...changes, 'form.submit': 'ready / submit' } };
};
const READING = { metrics: ['weight', 'blood_pressure'], metric: 'weight', value: '', value2: '', unit: 'kg', takenAt: '' };

export const measurementFormTable: TransitionTable = {
  chart: measurementFormMachine,
  source: 'issue 19 and docs/thrive-dashboard.md (Measurements: plausible ranges, blood pressure as one reading, units)',
  statuses: ['judging', 'incomplete', 'invalid', 'ready'],
  verbs: [...FORM_EVENTS, 'form.submit'],
  cases: [
    {
      name: 'nothing typed yet, then a weight of 72',
      context: READING,
      extras: { metric: 'weight', value: '72', unit: 'kg' },
      start: 'incomplete',
      steps: formSteps({
        'form.metric': 'incomplete',
        'form.value': 'ready',
        'form.value2': 'incomplete',
        'form.unit': 'incomplete',
        'form.takenAt': 'incomplete',
        'form.reset': 'incomplete',
      }),
    },
    {
      name: 'a weight of 720 kg typed',
      context: { ...READING, value: '720' },
      extras: { metric: 'weight', value: '72', unit: 'kg' },
      steps: formSteps({
        'form.metric': 'invalid',
        'form.value': 'ready',
        'form.value2': 'invalid',
        'form.unit': 'invalid',
        'form.takenAt': 'invalid',
        'form.reset': 'incomplete',
      }),
    },
    {
      name: 'a blood pressure with its systolic only, then 80 typed',
      context: { ...READING, metric: 'blood_pressure', value: '120', unit: 'mmHg' },
      extras: { metric: 'blood_pressure', value: '80', unit: 'mmHg' },
      steps: formSteps({
        'form.metric': 'incomplete',
        'form.value': 'incomplete',
        'form.value2': 'ready',
        'form.unit': 'incomplete',
        'form.takenAt': 'incomplete',
        'form.reset': 'incomplete',
      }),
    },
    {
      name: 'a weight of 72 kg, then a change to blood pressure',
      context: { ...READING, value: '72' },
      extras: { metric: 'blood_pressure', value: '72', unit: 'lb' },
      steps: formSteps({
        'form.metric': 'incomplete',
        'form.value': 'ready',
        'form.value2': 'ready',
        'form.unit': 'ready',
        'form.takenAt': 'ready',
        'form.reset': 'incomplete',
      }),
    },
  ],
};

// ---- The client's reports (issue 20, /user/reports): the released reports load (retry on
// failure); the client picks the marker whose trend shows; once shown, the summary of their checks
// and cognitive results loads beside them, and a summary that cannot be read is simply left out.

const pickMarker = (at: string) => ({ 'reports.marker': `${at} / pickMarker` });

export const reportsTable: TransitionTable = {
  chart: reportsMachine,
  source: "issue 20 (the portal's reports: trend by marker, the health summary beside them)",
  statuses: ['loading', 'failed', 'ready.summarising', 'ready.summarised'],
  verbs: ['reports.retry', 'reports.marker', done('loadReports'), error('loadReports'), done('loadSummary'), error('loadSummary')],
  cases: [
    {
      name: "a client's reports",
      context: { clientId: '21', reports: [], marker: null, summary: null },
      extras: { output: [], error: { status: 500 }, code: 'HBA1C' },
      start: 'loading',
      steps: {
        ...loadSteps('loadReports', 'ready.summarising / showReports', 'failed', 'reports.retry'),
        'ready.summarising': {
          ...pickMarker('ready.summarising'),
          [done('loadSummary')]: 'ready.summarised / setSummary',
          [error('loadSummary')]: 'ready.summarised',
        },
        'ready.summarised': pickMarker('ready.summarised'),
      },
    },
  ],
};

// ---- A server-side list (the staff pages: the clients hub, the users list): every change of page,
// order or filter fetches exactly one page; search waits for typing to pause (300 ms); a reload
// fetches again; a failed fetch offers a retry.

const SEARCH_PAUSE = 'xstate.after.searchPause.list.typing';
const QUERY_CHANGES = {
  'list.page': 'loading / setPage',
  'list.sort': 'loading / setOrdering',
  'list.filter': 'loading / setFilter',
  'list.search': 'typing / setSearch',
  'list.reload': 'loading',
};

export const listTable: TransitionTable = {
  chart: listMachine,
  source: 'the staff pages (/clients, /users: server-side pages, search after a pause, filters)',
  statuses: ['typing', 'loading', 'ready', 'failed'],
  verbs: ['list.page', 'list.sort', 'list.search', 'list.filter', 'list.reload', 'list.retry', done('fetchPage'), error('fetchPage'), SEARCH_PAUSE],
  cases: [
    {
      name: 'the clients hub',
      context: { query: { page: 0, pageSize: 25, search: '', ordering: null, filters: {} }, rows: [], count: 0, error: null },
      extras: {
        page: 1,
        pageSize: 25,
        ordering: 'last_name',
        search: 'sha',
        name: 'status',
        value: 'active',
        output: { count: 0, rows: [] },
        error: { status: 500 },
      },
      start: 'loading',
      steps: {
        typing: { ...QUERY_CHANGES, [SEARCH_PAUSE]: 'loading' },
        ...loadSteps('fetchPage', 'ready / setPageResult', 'failed / setError', 'list.retry', { also: () => QUERY_CHANGES }),
        ready: QUERY_CHANGES,
      },
    },
  ],
};

// ---- A discovery visit's note (issue 18, docs/discovery.md: "its note is signed by its author and
// then locked"): the note loads (retry on failure); a signed one is only read; a draft is edited
// and saved (the page says so); "Sign and lock", once an outcome is chosen, saves what is on
// screen and then signs it; a refusal of either returns to the form as typed, with the reason.

const NOTE = { goals: 'Sleep', health_and_lifestyle: '', barriers: '', heart_risk: null, recommended_program: null, recommended_therapies: [], outcome: null };
const HEART = { sex: '', age: '', hdl_cholesterol: '', total_cholesterol: '', smoker: '', diabetic: '', treats_hypertension: '', systolic_bp: '' };
const FORM = { goals: 'Sleep', health_and_lifestyle: '', barriers: '', heart: HEART, recommended_program: '', recommended_therapies: '', outcome: '' };
const noteSteps = (loaded: string, sign: Record<string, string>) => ({
  ...loadSteps('loadNote', `${loaded} / setNote`, 'failed / setError', 'note.retry', { retried: 'loading / clearError' }),
  editing: { 'note.edit': 'editing / edit', 'note.heart': 'editing / editHeart', 'note.save': 'saving', ...sign },
  saving: { [done('saveNote')]: 'editing / setNote, notify', [error('saveNote')]: 'editing / setError' },
  'signing.saving': { [done('saveNote')]: 'signing.sealing / setNote', [error('saveNote')]: 'editing / setError' },
  'signing.sealing': { [done('signNote')]: 'locked / setNote, notify', [error('signNote')]: 'editing / setError' },
});
const noteExtras = (status: string) => ({ output: { ...NOTE, status }, error: { status: 400, detail: 'Refused.' }, field: 'goals', value: 'Sleep better' });

export const visitNoteTable: TransitionTable = {
  chart: visitNoteMachine,
  source: 'issue 18 and docs/discovery.md (the discovery visit note: signed by its author, then locked)',
  statuses: ['loading', 'failed', 'editing', 'saving', 'signing.saving', 'signing.sealing', 'locked'],
  verbs: [
    'note.edit',
    'note.heart',
    'note.save',
    'note.sign',
    'note.retry',
    done('loadNote'),
    error('loadNote'),
    done('saveNote'),
    error('saveNote'),
    done('signNote'),
    error('signNote'),
  ],
  cases: [
    {
      name: 'a draft, no outcome chosen',
      context: { note: null, form: FORM, error: null, fieldErrors: {} },
      extras: noteExtras('draft'),
      start: 'loading',
      steps: noteSteps('editing', {}),
    },
    {
      name: 'a draft with its outcome',
      context: { note: null, form: { ...FORM, outcome: 'enrol' }, error: null, fieldErrors: {} },
      extras: noteExtras('draft'),
      steps: noteSteps('editing', { 'note.sign': 'signing.saving' }),
    },
    {
      name: 'a signed note',
      context: { note: null, form: { ...FORM, outcome: 'enrol' }, error: null, fieldErrors: {} },
      extras: noteExtras('signed'),
      steps: noteSteps('locked', { 'note.sign': 'signing.saving' }),
    },
  ],
};

// ---- My lab orders (issue 20, /user/book-test): the orders load (retry on failure); while the
// order chart still lets it be cancelled (no sample taken), the client cancels an order or moves it
// to another slot (the reschedule dialog, picks and Back passed to it); after a cancellation or a
// move the list loads again; a refusal, or a dialog closed without a move, returns to the list.

const clientOrder = (id: number, status: string) => ({
  id,
  status,
  start: '2026-03-02T01:30:00Z',
  pincode: '411001',
  address: 'Pune',
  total_inr: 900,
  items: [{ id: 1, name: 'HbA1c' }],
  people: [{ name: 'Asha' }],
  collector_name: null,
  collector_phone: null,
});
const ORDERS = {
  clientId: '21',
  orders: [clientOrder(1, 'booked'), clientOrder(2, 'collector_assigned'), clientOrder(3, 'collected')],
  moving: clientOrder(1, 'booked'),
  message: null,
};
const ordersSteps = (change: Record<string, string>, closed: string) => ({
  ...loadSteps('loadOrders', 'ready / showOrders', 'failed', 'orders.retry'),
  ready: change,
  cancelling: { [done('cancelOrder')]: 'loading', [error('cancelOrder')]: 'ready / showError' },
  rescheduling: { 'orders.pick': 'rescheduling / passPick', 'orders.back': 'rescheduling / passBack', [done('reschedule')]: closed },
});
const CHANGE = { 'orders.cancel': 'cancelling / clearMessage', 'orders.reschedule': 'rescheduling / startMove' };
const orderExtras = (order: number, moved: boolean) => ({
  order,
  start: '2026-03-03T01:30:00Z',
  output: moved ? { moved: true, message: null } : { moved: false, message: null },
  error: new Error('Refused.'),
});

export const myOrdersTable: TransitionTable = {
  chart: myOrdersMachine,
  source: 'issue 20 and docs/labs.md (a client cancels or moves an order while it can still be cancelled)',
  statuses: ['loading', 'failed', 'ready', 'cancelling', 'rescheduling'],
  verbs: [
    'orders.retry',
    'orders.cancel',
    'orders.reschedule',
    'orders.pick',
    'orders.back',
    done('loadOrders'),
    error('loadOrders'),
    done('cancelOrder'),
    error('cancelOrder'),
    done('reschedule'),
  ],
  cases: [
    { name: 'a booked order, moved', context: ORDERS, extras: orderExtras(1, true), steps: ordersSteps(CHANGE, 'loading') },
    {
      name: 'an order with its collector, dialog closed unmoved',
      context: ORDERS,
      extras: orderExtras(2, false),
      steps: ordersSteps(CHANGE, 'ready / endMove'),
    },
    { name: 'an order whose sample is taken', context: ORDERS, extras: orderExtras(3, false), steps: ordersSteps({}, 'ready / endMove') },
    { name: 'an order not in the list', context: ORDERS, extras: orderExtras(9, false), steps: ordersSteps({}, 'ready / endMove') },
  ],
};

// ---- Saving a change to the clinic's rules with its impact checked first (issue 16, the
// scheduling back office; docs/scheduling.md): nothing is written before the administrator
// decides. With no booked appointment broken the change is saved at once; otherwise they keep the
// appointments (save only), cancel them with a reason (save, then cancel and tell the clients), or
// drop the change. A failed check or save returns to the form with the reason; a failed
// cancellation still leaves the change saved, saying so.

const IMPACTED = {
  total: 2,
  appointments: [
    { appointment: { id: 7 }, reasons: ['outside hours'] },
    { appointment: { id: 8 }, reasons: ['outside hours'] },
  ],
};
const impactSteps = (checked: string, saved: string) => ({
  editing: { 'change.save': 'checking / takeChange' },
  checking: { [done('previewImpact')]: `${checked} / setImpact`, [error('previewImpact')]: 'editing / setFailure' },
  deciding: { 'impact.keep': 'saving', 'impact.cancelAppointments': 'saving / setReason', 'impact.abandon': 'editing / forgetImpact' },
  saving: { [done('applyChange')]: saved, [error('applyChange')]: 'editing / setFailure' },
  cancelling: { [done('cancelImpacted')]: 'saved / notifySaved', [error('cancelImpacted')]: 'saved / setFailure' },
  saved: { 'change.dismiss': 'editing / startOver', 'change.save': 'checking / takeChange' },
});
const impactExtras = (total: number) => ({
  change: { hours: [] },
  reason: 'Doctor away',
  output: total ? IMPACTED : { total: 0, appointments: [] },
  error: { status: 400, detail: 'Refused.' },
});

export const impactTable: TransitionTable = {
  chart: impactMachine,
  source: "issue 16 and docs/scheduling.md (the back office's impact check: keep, cancel and tell, or drop the change)",
  statuses: ['editing', 'checking', 'deciding', 'saving', 'cancelling', 'saved'],
  verbs: [
    'change.save',
    'impact.keep',
    'impact.cancelAppointments',
    'impact.abandon',
    'change.dismiss',
    done('previewImpact'),
    error('previewImpact'),
    done('applyChange'),
    error('applyChange'),
    done('cancelImpacted'),
    error('cancelImpacted'),
  ],
  cases: [
    {
      name: 'nothing broken',
      context: { change: { hours: [] }, impact: { total: 0, appointments: [] }, reason: '', error: null, fieldErrors: {} },
      extras: impactExtras(0),
      start: 'editing',
      steps: impactSteps('saving', 'saved / notifySaved'),
    },
    {
      name: 'two appointments broken, kept',
      context: { change: { hours: [] }, impact: IMPACTED, reason: '', error: null, fieldErrors: {} },
      extras: impactExtras(2),
      steps: impactSteps('deciding', 'saved / notifySaved'),
    },
    {
      name: 'two appointments broken, cancelled with a reason',
      context: { change: { hours: [] }, impact: IMPACTED, reason: 'Doctor away', error: null, fieldErrors: {} },
      extras: impactExtras(2),
      steps: impactSteps('deciding', 'cancelling'),
    },
  ],
};

// ---- Portal bookings shown to staff until seen (issue 16; once per booking, issue 32): the staff
// member's unseen bookings are fetched at once and every minute (or when asked); a booking not
// announced before is announced, once; the count stays until they mark some, or all, seen, and the
// answer to that is what is still unseen (a booking arrived meanwhile is announced too). A failed
// fetch or mark keeps the last count until the next tick.

const POLL_TICK = 'xstate.after.pollInterval.portalBookings.watching';
const BOOKING = { id: 1, client: 21, service: 2, service_name: 'HBOT', staff: 5, start: '2026-03-02T04:30:00Z', client_name: 'Asha Rao' };
const ANNOUNCE = 'watching / announce, rememberAnnounced, keepAnnounced, setUnseen';
const bookingsSteps = (answered: string, mark: Record<string, string>) => ({
  loading: { [done('loadUnseen')]: answered, [error('loadUnseen')]: 'watching / setError' },
  watching: { [POLL_TICK]: 'loading', 'portalBookings.refresh': 'loading', ...mark },
  marking: { [done('markSeen')]: `${answered}, clearMarking`, [error('markSeen')]: 'watching / setError, clearMarking' },
});
const MARK = { 'portalBookings.markSeen': 'marking / setMarking', 'portalBookings.markAllSeen': 'marking / setMarking' };
const BOOKINGS = { count: 1, appointments: [BOOKING], marking: [], error: null };
const bookingsExtras = (ids: number[], appointments: (typeof BOOKING)[]) => ({
  ids,
  output: { count: appointments.length, appointments },
  error: { status: 500 },
});

export const portalBookingsTable: TransitionTable = {
  chart: portalBookingsMachine,
  source: 'issue 16 (portal bookings shown to staff until seen, polled every minute) and issue 32 (announced once per booking)',
  statuses: ['loading', 'watching', 'marking'],
  verbs: [
    'portalBookings.refresh',
    'portalBookings.markSeen',
    'portalBookings.markAllSeen',
    done('loadUnseen'),
    error('loadUnseen'),
    done('markSeen'),
    error('markSeen'),
    POLL_TICK,
  ],
  cases: [
    {
      name: 'a booking not announced yet',
      context: { ...BOOKINGS, announced: [] },
      extras: bookingsExtras([1], [BOOKING]),
      steps: bookingsSteps(ANNOUNCE, MARK),
    },
    {
      name: 'a booking announced before',
      context: { ...BOOKINGS, announced: [1] },
      extras: bookingsExtras([1], [BOOKING]),
      steps: bookingsSteps('watching / setUnseen', MARK),
    },
    {
      name: 'nothing unseen, nothing named',
      context: { ...BOOKINGS, count: 0, appointments: [], announced: [1] },
      extras: bookingsExtras([], []),
      steps: bookingsSteps('watching / setUnseen', {}),
    },
  ],
};

// ---- Inviting a staff member (/users, New user; issue 32): the person and a role;
// a role that delivers services is then asked for weekly hours (prefilled with the clinic's opening
// hours), saved when every row is whole, or left for later on purpose; any other role is done once
// invited. A refusal returns to the form, or to the hours, with the reason.

const OPENING = [{ weekday: 1, from: '09:00', to: '17:00' }];
const INVITE = {
  deliveringRoles: ['NURSE', 'DOCTOR'],
  openingHours: OPENING,
  values: {},
  user: { id: 5, email: 'n@example.in', first_name: 'N', last_name: 'K', role: 'NURSE' },
  error: null,
  fieldErrors: {},
};
const inviteSteps = (invited: string, saveHours: Record<string, string>) => ({
  closed: { 'invite.open': 'editing / storeFacts' },
  editing: { 'invite.submit': 'creating / storeValues', 'invite.cancel': 'closed' },
  creating: { [done('createUser')]: `${invited} / storeUser, notifyInvited`, [error('createUser')]: 'editing / storeFailure' },
  askingHours: { 'invite.setHours': 'askingHours / storeWeekly', 'invite.later': 'closed / notifyNoHours', ...saveHours },
  savingHours: { [done('saveHours')]: 'closed / notifyHoursSaved', [error('saveHours')]: 'askingHours / storeFailure' },
});
const inviteExtras = (role: string) => ({
  deliveringRoles: ['NURSE', 'DOCTOR'],
  openingHours: OPENING,
  values: { role },
  weekly: OPENING,
  output: { ...INVITE.user, role },
  error: { status: 400, detail: 'Refused.' },
});

export const inviteTable: TransitionTable = {
  chart: inviteMachine,
  source: 'issue 32 (a staff member whose role delivers services is asked for weekly hours, or later on purpose)',
  statuses: ['closed', 'editing', 'creating', 'askingHours', 'savingHours'],
  verbs: [
    'invite.open',
    'invite.submit',
    'invite.cancel',
    'invite.setHours',
    'invite.saveHours',
    'invite.later',
    done('createUser'),
    error('createUser'),
    done('saveHours'),
    error('saveHours'),
  ],
  cases: [
    {
      name: 'a nurse, the opening hours kept',
      context: { ...INVITE, weekly: OPENING },
      extras: inviteExtras('NURSE'),
      start: 'closed',
      steps: inviteSteps('askingHours', { 'invite.saveHours': 'savingHours' }),
    },
    {
      name: 'a receptionist (no service)',
      context: { ...INVITE, weekly: OPENING },
      extras: inviteExtras('RECEPTION'),
      steps: inviteSteps('closed', { 'invite.saveHours': 'savingHours' }),
    },
    {
      name: 'a nurse, a shift ending before it starts',
      context: { ...INVITE, weekly: [{ weekday: 1, from: '17:00', to: '09:00' }] },
      extras: inviteExtras('NURSE'),
      steps: inviteSteps('askingHours', {}),
    },
    { name: 'a nurse, every row removed', context: { ...INVITE, weekly: [] }, extras: inviteExtras('NURSE'), steps: inviteSteps('askingHours', {}) },
  ],
};

// ---- The portal home's appointments (issue 16): upcoming visits the client may cancel (after
// confirming, with a reason) or move (to a free start) until the late-cancellation window, except
// within 5 minutes of booking; inside it, or once started or done, they contact the clinic
// instead. A done change loads the list again; a refusal is shown; Back returns to the list. The
// list looks again by itself when it changes with time. Read-only (a SUPER_ADMIN), it only reads.

const HOUR = 3_600_000;
const NOW = Date.now();
const at = (ms: number) => new Date(NOW + ms).toISOString();
const visit = (id: number, start: number, booked: number, status = 'booked') => ({
  id,
  service: 2,
  service_name: 'HBOT',
  therapy: 'hbot',
  start: at(start),
  end: at(start + HOUR),
  channel: 'in_clinic',
  status,
  created_at: at(booked),
});
const VISITS = [
  visit(1, 72 * HOUR, -240 * HOUR),
  visit(2, 2 * HOUR, -120 * HOUR),
  visit(3, 2 * HOUR, -2 * 60_000),
  visit(4, -48 * HOUR, -240 * HOUR, 'completed'),
];
const UPCOMING = {
  clientId: '21',
  rules: { time_zone: 'Asia/Kolkata', late_cancel_hours: 24, min_notice_minutes: 60 },
  appointments: VISITS,
  loadedAt: NOW,
  chosen: 1,
  starts: [],
  message: null,
  notice: null,
};
const LIST_CHANGES = 'xstate.after.untilListChanges.upcoming.ready';
const upcomingSteps = (change: Record<string, string>) => ({
  ...loadSteps('loadVisits', 'ready / storeVisits', 'failed / storeFailure', 'upcoming.retry'),
  ready: { [LIST_CHANGES]: 'loading', ...change },
  confirmingCancel: { 'upcoming.confirmCancel': 'cancelling', 'upcoming.back': 'ready / clearMessage' },
  cancelling: { [done('cancelVisit')]: 'loading / noteCancelled', [error('cancelVisit')]: 'ready / storeFailure' },
  findingStarts: { [done('loadStarts')]: 'choosingStart / storeStarts', [error('loadStarts')]: 'ready / storeFailure' },
  choosingStart: { 'upcoming.pickStart': 'rescheduling', 'upcoming.back': 'ready / clearMessage' },
  rescheduling: { [done('rescheduleVisit')]: 'loading / noteRescheduled', [error('rescheduleVisit')]: 'choosingStart / storeFailure' },
});
const MAY_CHANGE = { 'upcoming.cancel': 'confirmingCancel / choose', 'upcoming.reschedule': 'findingStarts / choose' };
const upcomingExtras = (id: number) => ({
  id,
  reason: 'Travelling',
  start: at(96 * HOUR),
  output: { rules: UPCOMING.rules, appointments: VISITS },
  error: { status: 409, detail: 'Too late to change online.' },
});

export const upcomingTable: TransitionTable = {
  chart: upcomingMachine,
  source: "issue 16 (the portal's upcoming visits: cancel and reschedule outside the late-cancellation window) and clinic-spec.md §6 (SUPER_ADMIN reads)",
  statuses: ['loading', 'failed', 'ready', 'confirmingCancel', 'cancelling', 'findingStarts', 'choosingStart', 'rescheduling'],
  verbs: [
    'upcoming.retry',
    'upcoming.cancel',
    'upcoming.reschedule',
    'upcoming.confirmCancel',
    'upcoming.pickStart',
    'upcoming.back',
    LIST_CHANGES,
    done('loadVisits'),
    error('loadVisits'),
    done('cancelVisit'),
    error('cancelVisit'),
    done('loadStarts'),
    error('loadStarts'),
    done('rescheduleVisit'),
    error('rescheduleVisit'),
  ],
  cases: [
    { name: 'a visit in three days', context: { ...UPCOMING, readOnly: false }, extras: upcomingExtras(1), steps: upcomingSteps(MAY_CHANGE) },
    { name: 'a visit in two hours, booked days ago (late)', context: { ...UPCOMING, readOnly: false }, extras: upcomingExtras(2), steps: upcomingSteps({}) },
    {
      name: 'a visit in two hours, booked two minutes ago',
      context: { ...UPCOMING, readOnly: false },
      extras: upcomingExtras(3),
      steps: upcomingSteps(MAY_CHANGE),
    },
    { name: 'a past visit', context: { ...UPCOMING, readOnly: false }, extras: upcomingExtras(4), steps: upcomingSteps({}) },
    { name: 'a visit not in the list', context: { ...UPCOMING, readOnly: false }, extras: upcomingExtras(9), steps: upcomingSteps({}) },
    { name: 'a SUPER_ADMIN reading, a visit in three days', context: { ...UPCOMING, readOnly: true }, extras: upcomingExtras(1), steps: upcomingSteps({}) },
  ],
};

// ---- The thrive onboarding wizard (issue 7): four steps in order (health goals, client story,
// lifestyle, family history), each saved when the client moves on (a refusal stays on the step with
// the fields named), Back to the step before; on opening it resumes at the first step not saved,
// and once all four are saved it is complete and may be reviewed from the start. Read-only (a
// SUPER_ADMIN), the answers are only read.

const SAVED = { schema_version: 1 };
const ANSWERS_NONE = { health_goals: {}, client_story: {}, lifestyle_history: {}, family_history: {} };
const wizardSteps = (resumed: string) => ({
  ...loadSteps('loadAnswers', `${resumed} / storeAnswers`, 'loadFailed', 'onboarding.retry'),
  'healthGoals.editing': { 'onboarding.next': 'healthGoals.saving' },
  'healthGoals.saving': { [done('saveStep')]: 'clientStory.editing / storeSaved', [error('saveStep')]: 'healthGoals.editing / storeFailure' },
  'clientStory.editing': { 'onboarding.next': 'clientStory.saving', 'onboarding.back': 'healthGoals.editing / clearErrors' },
  'clientStory.saving': { [done('saveStep')]: 'lifestyle.editing / storeSaved', [error('saveStep')]: 'clientStory.editing / storeFailure' },
  'lifestyle.editing': { 'onboarding.next': 'lifestyle.saving', 'onboarding.back': 'clientStory.editing / clearErrors' },
  'lifestyle.saving': { [done('saveStep')]: 'family.editing / storeSaved', [error('saveStep')]: 'lifestyle.editing / storeFailure' },
  'family.editing': { 'onboarding.next': 'family.saving', 'onboarding.back': 'lifestyle.editing / clearErrors' },
  'family.saving': { [done('saveStep')]: 'complete / storeSaved', [error('saveStep')]: 'family.editing / storeFailure' },
  complete: { 'onboarding.review': 'healthGoals.editing' },
});
const wizard = (readOnly: boolean) => ({ clientId: '21', readOnly, answers: ANSWERS_NONE, fieldErrors: {}, message: null });
const wizardExtras = (output: Record<string, unknown>) => ({ output, value: { goal: 'Sleep' }, error: { status: 400, detail: 'Refused.' } });

export const onboardingTable: TransitionTable = {
  chart: onboardingMachine,
  source: 'issue 7 (the thrive onboarding wizard: four steps, saved per step, resumed at the first unsaved) and clinic-spec.md §6 (SUPER_ADMIN reads)',
  statuses: [
    'loading',
    'loadFailed',
    'resuming',
    'healthGoals.editing',
    'healthGoals.saving',
    'clientStory.editing',
    'clientStory.saving',
    'lifestyle.editing',
    'lifestyle.saving',
    'family.editing',
    'family.saving',
    'complete',
    'reading',
  ],
  verbs: [
    'onboarding.next',
    'onboarding.back',
    'onboarding.retry',
    'onboarding.review',
    done('loadAnswers'),
    error('loadAnswers'),
    done('saveStep'),
    error('saveStep'),
  ],
  cases: [
    { name: 'nothing saved yet', context: wizard(false), extras: wizardExtras(ANSWERS_NONE), start: 'loading', steps: wizardSteps('healthGoals.editing') },
    {
      name: 'the first two steps saved',
      context: wizard(false),
      extras: wizardExtras({ ...ANSWERS_NONE, health_goals: SAVED, client_story: SAVED }),
      steps: wizardSteps('lifestyle.editing'),
    },
    {
      name: 'only the third step saved',
      context: wizard(false),
      extras: wizardExtras({ ...ANSWERS_NONE, lifestyle_history: SAVED }),
      steps: wizardSteps('healthGoals.editing'),
    },
    {
      name: 'all four saved',
      context: wizard(false),
      extras: wizardExtras({ health_goals: SAVED, client_story: SAVED, lifestyle_history: SAVED, family_history: SAVED }),
      steps: wizardSteps('complete'),
    },
    { name: 'a SUPER_ADMIN reading', context: wizard(true), extras: wizardExtras(ANSWERS_NONE), steps: wizardSteps('reading') },
  ],
};

// ---- The lab desk (issue 20, docs/labs.md: the clinic's own lab desk): the orders queue loads
// (retry on failure); staff assign a collector, move an order a step, enter a result or edit the
// catalogue and pincodes, each one request after which the queue loads again (a refusal is shown
// beside it); a catalogue edit saved in its own dialog reloads it. While the order can still be
// cancelled staff move it to another slot (the reschedule dialog, picks and Back passed on); a
// move loads the queue again, a dialog closed unmoved returns to it.

const deskOrder = (id: number, status: string) => ({
  id,
  client: 21,
  client_name: 'Asha Rao',
  status,
  start: '2026-03-02T01:30:00Z',
  address: 'Pune',
  pincode: '411001',
  items: [{ id: 1, name: 'HbA1c' }],
  people: [],
  collector_name: null,
});
const DESK = {
  client: null,
  orders: [deskOrder(1, 'booked'), deskOrder(2, 'collector_assigned'), deskOrder(3, 'collected')],
  catalogue: [],
  collectors: [],
  pincodes: [],
  message: null,
  moving: deskOrder(1, 'booked'),
  pending: null,
  done: null,
};
const labDeskSteps = (reschedule: Record<string, string>, closed: string) => ({
  ...loadSteps('loadDesk', 'ready / showDesk', 'failed', 'desk.retry'),
  ready: { 'desk.reload': 'loading', 'desk.act': 'acting / startAct', ...reschedule },
  rescheduling: { 'desk.pick': 'rescheduling / passPick', 'desk.back': 'rescheduling / passBack', [done('reschedule')]: closed },
  acting: { [done('act')]: 'loading / markDone', [error('act')]: 'ready / showError' },
});
const MOVE = { 'desk.reschedule': 'rescheduling / startMove' };
const labDeskExtras = (order: number, moved: boolean) => ({
  order,
  act: { kind: 'move', order, to: 'collected' },
  start: '2026-03-03T01:30:00Z',
  output: { moved, message: null, orders: [], catalogue: [], collectors: [], pincodes: [] },
  error: new Error('Refused.'),
});

export const labDeskTable: TransitionTable = {
  chart: labDeskMachine,
  source: 'issue 20 and docs/labs.md (the lab desk: collectors, order steps, results, catalogue; an order moved while it can be cancelled)',
  statuses: ['loading', 'failed', 'ready', 'rescheduling', 'acting'],
  verbs: [
    'desk.retry',
    'desk.reload',
    'desk.act',
    'desk.reschedule',
    'desk.pick',
    'desk.back',
    done('loadDesk'),
    error('loadDesk'),
    done('act'),
    error('act'),
    done('reschedule'),
  ],
  cases: [
    { name: 'a booked order, moved', context: DESK, extras: labDeskExtras(1, true), start: 'loading', steps: labDeskSteps(MOVE, 'loading') },
    {
      name: 'an order with its collector, dialog closed unmoved',
      context: DESK,
      extras: labDeskExtras(2, false),
      steps: labDeskSteps(MOVE, 'ready / endMove'),
    },
    { name: 'an order whose sample is taken', context: DESK, extras: labDeskExtras(3, false), steps: labDeskSteps({}, 'ready / endMove') },
    { name: 'an order not in the queue', context: DESK, extras: labDeskExtras(9, false), steps: labDeskSteps({}, 'ready / endMove') },
  ],
};

// ---- The support desk (issue 21, docs/cognitive-and-support.md): a client's tickets, and the
// clinic's queue. A page of tickets loads for a query (a new filter, sort or page asks again, from
// anywhere); one ticket opens with its conversation; a client or staff opens a ticket and replies
// on the one open (internal notes are staff's only); staff move the ticket along its chart and
// assign it. After a write the list loads again; a refusal stays with the reason. Read-only (a
// SUPER_ADMIN in a client's portal), it only reads.

const TICKET = { id: 4, status: 'open', client: 21, subject: 'Report missing' };
const SUPPORT = {
  client: 21,
  query: { status: [], category: null, assignee: null, minAgeDays: null, ordering: '-updated_at', page: 0, pageSize: 25 },
  count: 1,
  tickets: [TICKET],
  message: null,
  fieldErrors: {},
  notice: null,
  submission: null,
};
const supportSteps = (writes: Partial<Record<'desk.create' | 'desk.reply' | 'desk.move' | 'desk.assign', string>>) => {
  const query = { 'desk.query': 'loading / setQuery' };
  const written = (id: string, also = '') => ({ ...query, [done(id)]: `loading / showTicket${also}`, [error(id)]: 'ready.idle / showFailure' });
  return {
    ...loadSteps('loadTickets', 'ready.idle / showPage', 'failed / showFailure', 'desk.retry', { also: () => query }),
    'ready.idle': { ...query, 'desk.select': 'ready.opening', 'desk.deselect': 'ready.idle / deselect', ...writes },
    'ready.opening': { ...query, [done('loadTicket')]: 'ready.idle / showTicket', [error('loadTicket')]: 'ready.idle / showFailure' },
    'ready.creating': written('createTicket', ', forgetSubmission'),
    'ready.replying': written('sendMessage'),
    'ready.moving': written('moveTicket'),
    'ready.assigning': written('assignTicket'),
  };
};
const supportExtras = (internal: boolean) => ({
  id: 4,
  patch: { page: 1 },
  to: 'pending',
  assignee: 7,
  output: { ...TICKET, count: 1, results: [TICKET] },
  error: { status: 400, detail: 'Refused.' },
  draft: { category: 'billing', subject: 'Invoice', message: 'Please resend.', appointment: null, labOrder: null, files: [], body: 'Thanks.', internal },
});
const CREATE = { 'desk.create': 'ready.creating / keySubmission' };

export const supportDeskTable: TransitionTable = {
  chart: supportDeskMachine,
  source:
    'issue 21 and docs/cognitive-and-support.md (tickets, replies, internal notes never reach a client, staff steps and assignment) and clinic-spec.md §6 (SUPER_ADMIN reads)',
  statuses: ['loading', 'failed', 'ready.idle', 'ready.opening', 'ready.creating', 'ready.replying', 'ready.moving', 'ready.assigning'],
  verbs: [
    'desk.retry',
    'desk.query',
    'desk.select',
    'desk.deselect',
    'desk.create',
    'desk.reply',
    'desk.move',
    'desk.assign',
    done('loadTickets'),
    error('loadTickets'),
    done('loadTicket'),
    error('loadTicket'),
    done('createTicket'),
    error('createTicket'),
    done('sendMessage'),
    error('sendMessage'),
    done('moveTicket'),
    error('moveTicket'),
    done('assignTicket'),
    error('assignTicket'),
  ],
  cases: [
    {
      name: 'a client on their open ticket, a reply',
      context: { ...SUPPORT, staff: false, readOnly: false, selected: TICKET },
      extras: supportExtras(false),
      steps: supportSteps({ ...CREATE, 'desk.reply': 'ready.replying' }),
    },
    {
      name: 'a client on their open ticket, an internal note',
      context: { ...SUPPORT, staff: false, readOnly: false, selected: TICKET },
      extras: supportExtras(true),
      steps: supportSteps(CREATE),
    },
    {
      name: 'a client, no ticket open',
      context: { ...SUPPORT, staff: false, readOnly: false, selected: null },
      extras: supportExtras(false),
      steps: supportSteps(CREATE),
    },
    {
      name: 'staff on a ticket, an internal note',
      context: { ...SUPPORT, staff: true, readOnly: false, selected: TICKET },
      extras: supportExtras(true),
      steps: supportSteps({ ...CREATE, 'desk.reply': 'ready.replying', 'desk.move': 'ready.moving', 'desk.assign': 'ready.assigning' }),
    },
    {
      name: 'staff, no ticket open',
      context: { ...SUPPORT, staff: true, readOnly: false, selected: null },
      extras: supportExtras(false),
      steps: supportSteps(CREATE),
    },
    {
      name: "a SUPER_ADMIN reading a client's ticket",
      context: { ...SUPPORT, staff: false, readOnly: true, selected: TICKET },
      extras: supportExtras(false),
      steps: supportSteps({}),
    },
  ],
};

// ---- Booking from the portal (issue 16): an in-clinic therapy paid from package credits, or a
// phone or video call with a health coach or nurse. Services, packages and rules load (retry on
// failure); an in-clinic therapy needs a package session left (else the reason is shown and the
// choice stays); then every screening question answered (for a call, at least what it is about),
// and the booking dialog picks and books a time; closing the dialog returns to the answers, which
// are kept; Back returns to the choice; once booked the client may book another.

const TODAY = '2026-03-02';
const service = (id: number, therapy: string, delivered_by: string[], more: Record<string, unknown> = {}) => ({
  id,
  name: therapy,
  therapy,
  duration_minutes: 60,
  delivered_by,
  bookable_online: true,
  active: true,
  ...more,
});
const SERVICES = [
  service(1, 'hbot', ['NURSE']),
  service(2, 'red_light', ['NURSE']),
  service(3, 'intake_call', ['HEALTH_COACH']),
  service(4, 'fir', ['NURSE'], { bookable_online: false }),
];
const PACKAGES = [
  { id: 8, therapy: 'hbot', sessions_left: 2, expires_on: '2026-06-30' },
  { id: 9, therapy: 'red_light', sessions_left: 0, expires_on: null },
];
const HBOT_ANSWERS = { unwell_today: 'No', pregnant: 'No', medication_changes: 'No', ear_sinus: 'No', claustrophobia: 'No', implant: 'No' };
const visitBooking = (kind: string, chosen: number, answers: Record<string, string>) => ({
  clientId: '21',
  clientLabel: 'Asha Rao',
  kind,
  today: TODAY,
  services: SERVICES,
  packages: PACKAGES,
  timeZone: 'Asia/Kolkata',
  service: SERVICES.find((s) => s.id === chosen),
  package: null,
  answers,
  channel: kind === 'call' ? 'phone' : 'in_clinic',
  booked: null,
  message: null,
});
const visitSteps = (select: string, next: Record<string, string>) => ({
  ...loadSteps('loadCatalogue', 'choosing / storeCatalogue', 'failed / storeFailure', 'visit.retry'),
  choosing: { 'visit.selectService': select },
  preparing: { 'visit.answer': 'preparing / storeAnswer', 'visit.setChannel': 'preparing / storeChannel', 'visit.back': 'choosing / reset', ...next },
  booking: { 'visit.booked': 'booked / storeBooked', [done('booking')]: 'preparing' },
  booked: { 'visit.again': 'loading / reset' },
});
const visitExtras = (chosen: number) => ({
  service: chosen,
  key: 'reason',
  value: 'Sleep',
  channel: 'video',
  start: '2026-03-04T04:30:00Z',
  output: { services: SERVICES, packages: PACKAGES, timeZone: 'Asia/Kolkata' },
  error: { status: 500 },
});
const NEXT = { 'visit.next': 'booking' };

export const visitBookingTable: TransitionTable = {
  chart: visitBookingMachine,
  source: 'issue 16 (portal booking: in-clinic therapies from package credits, calls with a coach or nurse, screening first)',
  statuses: ['loading', 'failed', 'choosing', 'preparing', 'booking', 'booked'],
  verbs: [
    'visit.retry',
    'visit.selectService',
    'visit.answer',
    'visit.setChannel',
    'visit.next',
    'visit.back',
    'visit.booked',
    'visit.again',
    done('loadCatalogue'),
    error('loadCatalogue'),
    done('booking'),
  ],
  cases: [
    {
      name: 'HBOT with sessions left, screening answered',
      context: visitBooking('in_clinic', 1, HBOT_ANSWERS),
      extras: visitExtras(1),
      steps: visitSteps('preparing / chooseService', NEXT),
    },
    {
      name: 'HBOT with sessions left, one question unanswered',
      context: visitBooking('in_clinic', 1, { ...HBOT_ANSWERS, implant: ' ' }),
      extras: visitExtras(1),
      steps: visitSteps('preparing / chooseService', {}),
    },
    {
      name: 'red light with no session left',
      context: visitBooking('in_clinic', 2, {}),
      extras: visitExtras(2),
      steps: visitSteps('choosing / refuseService', {}),
    },
    {
      name: 'a call chosen on the in-clinic page',
      context: visitBooking('in_clinic', 1, HBOT_ANSWERS),
      extras: visitExtras(3),
      steps: visitSteps('choosing / refuseService', NEXT),
    },
    {
      name: 'a therapy not bookable online',
      context: visitBooking('in_clinic', 1, HBOT_ANSWERS),
      extras: visitExtras(4),
      steps: visitSteps('choosing / refuseService', NEXT),
    },
    {
      name: 'an intake call, what it is about given',
      context: visitBooking('call', 3, { reason: 'Sleep' }),
      extras: visitExtras(3),
      steps: visitSteps('preparing / chooseService', NEXT),
    },
    {
      name: 'an intake call, nothing answered',
      context: visitBooking('call', 3, {}),
      extras: visitExtras(3),
      steps: visitSteps('preparing / chooseService', {}),
    },
    {
      name: 'a therapy chosen on the call page',
      context: visitBooking('call', 3, {}),
      extras: visitExtras(1),
      steps: visitSteps('choosing / refuseService', {}),
    },
  ],
};

// ---- The portal home (issue 7; the visit count, issue 24: "Welcome" on the first opening,
// "Welcome back" after): the home's data loads, and a failure offers a retry; beside it the
// client's own opening is counted once, so a retry counts it again only if counting it failed; a
// reader's opening (a SUPER_ADMIN's) is no visit. Two regions: the data, and the visit.

/** `decided`: where the visit region goes once it has decided whether this opening counts. */
const homeSteps = (decided: string) => ({
  'data.loading | visit.deciding': { [done('loadHome')]: `data.ready | ${decided} / storeData`, [error('loadHome')]: `data.failed | ${decided}` },
  'data.loading | visit.counting': {
    [done('loadHome')]: 'data.ready | visit.counting / storeData',
    [error('loadHome')]: 'data.failed | visit.counting',
    [done('recordVisit')]: 'data.loading | visit.counted / storeVisit',
    [error('recordVisit')]: 'data.loading | visit.failed',
  },
  'data.failed | visit.failed': { 'home.retry': 'data.loading | visit.counting' },
  'data.failed | visit.counted': { 'home.retry': 'data.loading | visit.counted' },
  'data.ready | visit.failed': { 'home.retry': 'data.ready | visit.counting' },
  'data.failed | visit.notCounted': { 'home.retry': 'data.loading | visit.notCounted' },
});
const HOME_ANSWERS = { output: { firstVisit: true }, error: { status: 500 } };

export const homeTable: TransitionTable = {
  chart: homeMachine,
  source: "issue 7 (the portal home, a retry after a failed load) and issue 24 (each opening counted once; a reader's is no visit)",
  statuses: [
    'data.loading | visit.deciding',
    'data.loading | visit.counting',
    'data.failed | visit.failed',
    'data.failed | visit.counted',
    'data.ready | visit.failed',
    'data.ready | visit.counted',
    'data.ready | visit.notCounted',
    'data.failed | visit.notCounted',
  ],
  verbs: ['home.retry', done('loadHome'), error('loadHome'), done('recordVisit'), error('recordVisit')],
  cases: [
    {
      name: 'the client opens their home',
      context: { clientId: '21', countsVisit: true, data: null, firstVisit: null },
      extras: HOME_ANSWERS,
      start: 'data.loading | visit.counting',
      steps: homeSteps('visit.counting'),
    },
    {
      name: 'a SUPER_ADMIN reads it',
      context: { clientId: '21', countsVisit: false, data: null, firstVisit: null },
      extras: HOME_ANSWERS,
      start: 'data.loading | visit.notCounted',
      steps: homeSteps('visit.notCounted'),
    },
  ],
};

// ---- The appointments calendar (issue 16, docs/scheduling.md): the days shown load (retry on
// failure); another view or date loads again, from anywhere but the middle of a drag; columns,
// filters and the open appointment change what is shown, never what is loaded. An appointment is
// dragged (or moved by keyboard, or rescheduled from its panel) to a new time; the move is saved
// and the days load again, or refused and snapped back with the conflicts named until dismissed or
// the next move. A change made elsewhere (a booking, the panel's actions) reloads the days; one
// made while they are loading loads them once more, since the load under way may predate it.

const CALENDAR_MOVE = { id: 41, start: '2026-03-02T06:30:00Z', end: '2026-03-02T07:30:00Z', staff: 5 };
const CALENDAR = {
  view: 'week',
  date: '2026-03-04',
  columns: 'staff',
  filters: { staff: null, resourceKind: null, service: null, status: null },
  dragging: null,
  pending: CALENDAR_MOVE,
  conflicts: [],
  error: null,
  selected: null,
  appointments: [{ id: 41, client: 21, service: 3, staff: 4, resources: [2], start: '2026-03-02T04:30:00Z', end: '2026-03-02T05:30:00Z', status: 'booked' }],
};
const SHOWN = (at: string) => ({ 'calendar.setColumns': `${at} / setColumns`, 'calendar.setFilter': `${at} / setFilter`, 'calendar.select': `${at} / select` });
/** `drop`: a dropped appointment's move; `moves`: that and a reschedule from the panel. */
const calendarSteps = (drop: Record<string, string>, moves: Record<string, string>) => ({
  ...loadSteps('loadRange', 'ready / setAppointments', 'failed / setError', 'calendar.retry', {
    also: (at) => ({ ...SHOWN(at), 'calendar.setView': 'loading / setView', 'calendar.setDate': 'loading / setDate', 'calendar.reload': 'loading' }),
  }),
  ready: {
    ...SHOWN('ready'),
    'calendar.setView': 'loading / setView',
    'calendar.setDate': 'loading / setDate',
    'calendar.reload': 'loading',
    'calendar.dragStart': 'dragging / setDragging',
    ...moves,
  },
  dragging: { ...SHOWN('dragging'), 'calendar.dragCancel': 'ready / clearDragging', ...drop },
  saving: { ...SHOWN('saving'), [done('saveMove')]: 'loading / setSaved, notifySaved', [error('saveMove')]: 'refused / setRefused' },
  refused: {
    ...SHOWN('refused'),
    'calendar.dismiss': 'ready / clearRefusal',
    'calendar.dragStart': 'dragging / clearRefusal, setDragging',
    ...moves,
    'calendar.setView': 'loading / clearRefusal, setView',
    'calendar.setDate': 'loading / clearRefusal, setDate',
    'calendar.reload': 'loading / clearRefusal',
  },
});
const DROP = { 'calendar.drop': 'saving / setPending' };
const calendarExtras = (id: number) => ({
  id,
  move: { ...CALENDAR_MOVE, id },
  start: CALENDAR_MOVE.start,
  view: 'day',
  date: '2026-03-11',
  columns: 'resource',
  name: 'status',
  value: 'booked',
  output: [],
  error: { status: 409, detail: 'The time is taken.' },
});

export const calendarTable: TransitionTable = {
  chart: calendarMachine,
  source: 'issue 16 and docs/scheduling.md (the appointments calendar: views, filters, drag to move, conflicts snapped back)',
  statuses: ['loading', 'ready', 'dragging', 'saving', 'refused', 'failed'],
  verbs: [
    'calendar.setView',
    'calendar.setDate',
    'calendar.setColumns',
    'calendar.setFilter',
    'calendar.select',
    'calendar.reload',
    'calendar.dragStart',
    'calendar.dragCancel',
    'calendar.drop',
    'calendar.reschedule',
    'calendar.dismiss',
    'calendar.retry',
    done('loadRange'),
    error('loadRange'),
    done('saveMove'),
    error('saveMove'),
  ],
  cases: [
    {
      name: 'an appointment shown',
      context: CALENDAR,
      extras: calendarExtras(41),
      steps: calendarSteps(DROP, { ...DROP, 'calendar.reschedule': 'saving / setPendingReschedule' }),
    },
    { name: 'an appointment not shown', context: CALENDAR, extras: calendarExtras(999), steps: calendarSteps({}, {}) },
  ],
};

// ---- Booking a home-collection test (issue 20, /user/book-test; docs/labs.md: serviceable
// pincodes, a 15-minute hold, pay at collection): the start loads (retry on failure); a 6-digit
// pincode is checked against the served list (else the reason, and the pincode again); tests are
// chosen (at least one) and the slots load; a picked slot is held (a full one loads the slots
// again with the reason); the people and the address are given, complete, and reviewed; the order
// is confirmed, and the client may book again. Back goes a step back, giving up the hold; the hold
// running out before the order is placed sends the client back to the slots. While the order is
// being placed, the client waits for its answer.

const HOLD_EXPIRY = 'xstate.after.holdExpiry.bookTest.held';
const BOOK = {
  clientId: '21',
  catalogue: [],
  selfReady: true,
  slots: [],
  hold: { id: 3, start: '2026-03-03T01:30:00Z', expires_at: '2026-03-02T10:15:00Z', ttl_ms: 900_000 },
  holdRanOut: false,
  order: null,
  message: null,
};
const EDIT_PEOPLE = {
  'book.person': 'held.people / editPerson',
  'book.addPerson': 'held.people / addPerson',
  'book.removePerson': 'held.people / removePerson',
  'book.address': 'held.people / setAddress',
};
const bookSteps = (facts: { pincode: string; served: string; toSlots: Record<string, string>; review: string; placementRefused?: string }) => ({
  ...loadSteps('loadStart', 'pincode / showStart', 'failed', 'book.retry'),
  pincode: { 'book.pincode': 'pincode / setPincode', 'book.checkPincode': facts.pincode },
  checkingPincode: { [done('checkPincode')]: facts.served, [error('checkPincode')]: 'pincode / showError' },
  tests: { 'book.toggle': 'tests / toggleTest', 'book.back': 'pincode', ...facts.toSlots },
  loadingSlots: { [done('loadSlots')]: 'slots / setSlots', [error('loadSlots')]: 'tests / showError' },
  slots: { 'book.pick': 'holding / clearMessage', 'book.back': 'tests / clearMessage' },
  holding: { [done('holdSlot')]: 'held.people / setHold', [error('holdSlot')]: 'loadingSlots / showError' },
  'held.people': { ...EDIT_PEOPLE, 'book.review': facts.review, 'book.back': 'slots / dropHold', [HOLD_EXPIRY]: 'loadingSlots / expireHold' },
  'held.review': { 'book.confirm': 'held.confirming', 'book.back': 'held.people', [HOLD_EXPIRY]: 'loadingSlots / expireHold' },
  // The hold running out while the order is on its way does not end the placing (the server may
  // have taken it in time): it is noted, and the order's answer decides (issue 33).
  'held.confirming': {
    [done('placeOrder')]: 'done / setOrder',
    [error('placeOrder')]: facts.placementRefused ?? 'held.review / showError',
    [HOLD_EXPIRY]: 'held.confirming / noteHoldRanOut',
  },
  done: { 'book.again': 'tests / startAgain' },
});
const bookExtras = (served: boolean) => ({
  output: served,
  error: new Error('Refused.'),
  value: 'x',
  id: 1,
  start: '2026-03-03T01:30:00Z',
  index: 1,
  field: 'name',
});

export const bookTestTable: TransitionTable = {
  chart: bookTestMachine,
  source: 'issue 20 and docs/labs.md (home collection: served pincodes, tests, a 15-minute hold, people and address, pay at collection)',
  statuses: [
    'loading',
    'failed',
    'pincode',
    'checkingPincode',
    'tests',
    'loadingSlots',
    'slots',
    'holding',
    'held.people',
    'held.review',
    'held.confirming',
    'done',
  ],
  verbs: [
    'book.retry',
    'book.pincode',
    'book.checkPincode',
    'book.toggle',
    'book.toSlots',
    'book.pick',
    'book.person',
    'book.addPerson',
    'book.removePerson',
    'book.address',
    'book.review',
    'book.confirm',
    'book.back',
    'book.again',
    HOLD_EXPIRY,
    done('loadStart'),
    error('loadStart'),
    done('checkPincode'),
    error('checkPincode'),
    done('loadSlots'),
    error('loadSlots'),
    done('holdSlot'),
    error('holdSlot'),
    done('placeOrder'),
    error('placeOrder'),
  ],
  cases: [
    {
      name: 'a served pincode, a test chosen, the client and an address',
      context: { ...BOOK, pincode: '411001', chosen: [1], people: [{ self: true, name: '', age: '', sex: '' }], address: 'Flat 2, Pune' },
      extras: bookExtras(true),
      start: 'loading',
      steps: bookSteps({
        pincode: 'checkingPincode',
        served: 'tests / clearMessage',
        toSlots: { 'book.toSlots': 'loadingSlots' },
        review: 'held.review / clearMessage',
      }),
    },
    {
      name: 'a pincode not served, a family member without an age',
      context: {
        ...BOOK,
        pincode: '411001',
        chosen: [1],
        people: [
          { self: true, name: '', age: '', sex: '' },
          { self: false, name: 'Ravi', age: '', sex: 'M' },
        ],
        address: 'Flat 2, Pune',
      },
      extras: bookExtras(false),
      steps: bookSteps({
        pincode: 'checkingPincode',
        served: 'pincode / sayNotServed',
        toSlots: { 'book.toSlots': 'loadingSlots' },
        review: 'held.people / sayPeopleIncomplete',
      }),
    },
    {
      name: 'a five-digit pincode, nothing chosen, no address',
      context: { ...BOOK, pincode: '41100', chosen: [], people: [{ self: true, name: '', age: '', sex: '' }], address: ' ' },
      extras: bookExtras(false),
      steps: bookSteps({ pincode: 'pincode / sayBadPincode', served: 'pincode / sayNotServed', toSlots: {}, review: 'held.people / sayPeopleIncomplete' }),
    },
    {
      name: 'the hold ran out while the order was being placed',
      context: { ...BOOK, holdRanOut: true, pincode: '411001', chosen: [1], people: [{ self: true, name: '', age: '', sex: '' }], address: 'Flat 2, Pune' },
      extras: bookExtras(true),
      steps: bookSteps({
        pincode: 'checkingPincode',
        served: 'tests / clearMessage',
        toSlots: { 'book.toSlots': 'loadingSlots' },
        review: 'held.review / clearMessage',
        // Placed: the server took it in time. Refused: the slot is gone, so back to the slots with the reason.
        placementRefused: 'loadingSlots / expireHold',
      }),
    },
  ],
};

// ---- Booking an appointment or a series (issue 16, docs/scheduling.md), at the front desk (a
// time clicked; the client found by a search that waits for typing to pause, the service, the staff
// member among those free) and in the portal (the client known; a service and a range of days give
// the free times). A time picked from the free ones with the client and service known goes
// straight to the one confirm; otherwise details, whose continue needs the client, the service,
// the time and (unless a series, checked as a whole) a free staff member there; a time not among
// those listed is checked again. Confirming books it: booked, or a conflict (another time, or other
// details) or a failure (retry, or back to confirm). Back goes a step back (to the free times when
// they were chosen from a list). Cancel ends it from anywhere.

const AT = '2026-03-02T10:00:00+05:30';
const ELSEWHEN = '2026-03-02T12:00:00+05:30';
const OFFER = { start: AT, end: '2026-03-02T11:00:00+05:30', staff: [4], resources: {} };
const CLIENT_ASHA = { id: 21, label: 'Asha Rao' };
const BOOKING_BASE = {
  zone: 'Asia/Kolkata',
  clientResults: [],
  searchText: '',
  notes: '',
  result: null,
  conflicts: [],
  error: null,
  submission: { key: 'k1', draft: { client: 21, service: 3, start: AT } },
};
const SEARCH_PAUSE_BOOKING = 'xstate.after.searchPause.booking.details.typing';

interface BookingFacts {
  /** The context: a service chosen, a range of days given. */
  service: boolean;
  range: boolean;
  /** A picked time goes straight to confirm (from the free times), or is listed among the details' free times. */
  readyAtPick: boolean;
  listed: boolean;
  /** Details' continue is taken. */
  ready: boolean;
  /** What booking it answers: a conflict (409) or another failure. */
  refusal: 'conflict / setConflicts' | 'failed / setError';
}

/** Where the passing states rest: the free times load once a service and days are known; the details' once a service is. */
const bookingRest = (at: string, f: { service: boolean; range: boolean }) =>
  at === 'slot.choosing'
    ? f.service && f.range
      ? 'slot.loading'
      : 'slot.choosing'
    : at === 'details.checking'
      ? f.service
        ? 'details.loading'
        : 'details.editing'
      : at;

function bookingSteps(f: BookingFacts): Steps {
  const rest = (at: string, facts: Partial<BookingFacts> = {}) => bookingRest(at, { ...f, ...facts });
  const back = f.range ? rest('slot.choosing') : rest('details.checking');
  const slot = (at: string) => ({
    'booking.selectService': `${rest('slot.choosing', { service: true })} / setService`,
    'booking.showRange': `${rest('slot.choosing', { range: true })} / setRange`,
    'booking.pickSlot': f.readyAtPick ? 'confirm / setSlot' : `${rest('details.checking')} / setSlot`,
    ...(at === 'slot.loading' ? { [done('loadAvailability')]: 'slot.ready / setOffers', [error('loadAvailability')]: 'slot.ready / setError' } : {}),
  });
  // (A change that stays where it is lets a passing state rest where it would have.)
  const details = (at: string) => ({
    'booking.searchClients': 'details.typing / setSearchText',
    'booking.selectClient': `${rest(at)} / setClient`,
    'booking.selectService': `${rest('details.checking', { service: true })} / setService`,
    'booking.selectStaff': `${rest(at)} / setStaff`,
    'booking.pickSlot': f.listed ? `${rest(at)} / setSlot` : `${rest('details.checking')} / setSlot`,
    'booking.setSeries': `${rest(at)} / setSeries`,
    'booking.setNotes': `${rest(at)} / setNotes`,
    'booking.back': rest('slot.choosing'),
    ...(f.ready ? { 'booking.next': 'confirm' } : {}),
    ...(at === 'details.loading'
      ? { [done('loadAvailability')]: 'details.editing / setOffers', [error('loadAvailability')]: 'details.editing / setError' }
      : {}),
    ...(at === 'details.typing' ? { [SEARCH_PAUSE_BOOKING]: 'details.searching' } : {}),
    ...(at === 'details.searching'
      ? { [done('searchClients')]: 'details.editing / setClientResults', [error('searchClients')]: 'details.editing / setError' }
      : {}),
  });
  const steps: Steps = {
    start: {},
    'slot.choosing': slot('slot.choosing'),
    'slot.loading': slot('slot.loading'),
    'slot.ready': slot('slot.ready'),
    'details.checking': details('details.checking'),
    'details.loading': details('details.loading'),
    'details.typing': details('details.typing'),
    'details.searching': details('details.searching'),
    'details.editing': details('details.editing'),
    confirm: { 'booking.back': back, 'booking.submit': 'booking / keySubmission' },
    booking: { [done('book')]: 'booked / setResult', [error('book')]: f.refusal },
    booked: {},
    conflict: { 'booking.back': back, 'booking.pickSlot': `${rest('details.checking')} / setSlot` },
    failed: { 'booking.retry': 'booking', 'booking.back': 'confirm' },
    cancelled: {},
  };
  // Cancel, from anywhere it is still open (booked and cancelled end it).
  for (const at of Object.keys(steps)) if (at !== 'booked' && at !== 'cancelled') steps[at]['booking.cancel'] = 'cancelled';
  return steps;
}
const bookingExtras = (slot: string, status: number) => ({
  slot: { start: slot },
  service: 3,
  client: CLIENT_ASHA,
  staff: 4,
  text: 'asha',
  series: null,
  notes: 'First visit',
  dateFrom: '2026-03-02',
  dateTo: '2026-03-15',
  output: [OFFER],
  error: { status, detail: status === 409 ? 'The time is taken.' : 'Server error.' },
});

export const bookingTable: TransitionTable = {
  chart: bookingMachine,
  source: 'issue 16 and docs/scheduling.md (booking at the front desk and in the portal: free times, details, confirm, conflicts)',
  statuses: [
    'start',
    'slot.choosing',
    'slot.loading',
    'slot.ready',
    'details.checking',
    'details.loading',
    'details.typing',
    'details.searching',
    'details.editing',
    'confirm',
    'booking',
    'booked',
    'conflict',
    'failed',
    'cancelled',
  ],
  verbs: [
    'booking.cancel',
    'booking.selectService',
    'booking.showRange',
    'booking.pickSlot',
    'booking.searchClients',
    'booking.selectClient',
    'booking.selectStaff',
    'booking.setSeries',
    'booking.setNotes',
    'booking.next',
    'booking.back',
    'booking.submit',
    'booking.retry',
    SEARCH_PAUSE_BOOKING,
    done('loadAvailability'),
    error('loadAvailability'),
    done('searchClients'),
    error('searchClients'),
    done('book'),
    error('book'),
  ],
  cases: [
    {
      name: 'the front desk: a time clicked, the client, service and a free staff member chosen; the time taken meanwhile',
      context: { ...BOOKING_BASE, slot: { start: AT }, client: CLIENT_ASHA, service: 3, range: null, offers: [OFFER], staff: 4, series: null },
      extras: bookingExtras(AT, 409),
      steps: bookingSteps({ service: true, range: false, readyAtPick: true, listed: true, ready: true, refusal: 'conflict / setConflicts' }),
    },
    {
      name: 'the portal: the client known, a service and days given, a time not offered; the server failing',
      context: {
        ...BOOKING_BASE,
        slot: { start: ELSEWHEN },
        client: CLIENT_ASHA,
        service: 3,
        range: { dateFrom: '2026-03-02', dateTo: '2026-03-15' },
        offers: [OFFER],
        staff: null,
        series: null,
      },
      extras: bookingExtras(ELSEWHEN, 500),
      steps: bookingSteps({ service: true, range: true, readyAtPick: false, listed: false, ready: false, refusal: 'failed / setError' }),
    },
    {
      name: 'the front desk: a time clicked, the client found, no service yet',
      context: { ...BOOKING_BASE, slot: { start: AT }, client: CLIENT_ASHA, service: null, range: null, offers: [], staff: null, series: null },
      extras: bookingExtras(AT, 409),
      steps: bookingSteps({ service: false, range: false, readyAtPick: false, listed: false, ready: false, refusal: 'conflict / setConflicts' }),
    },
    {
      name: 'the front desk: a weekly series whose first day is not offered',
      context: {
        ...BOOKING_BASE,
        slot: { start: ELSEWHEN },
        client: CLIENT_ASHA,
        service: 3,
        range: null,
        offers: [OFFER],
        staff: 4,
        series: { weekdays: [1], count: 6 },
      },
      extras: bookingExtras(ELSEWHEN, 409),
      steps: bookingSteps({ service: true, range: false, readyAtPick: false, listed: false, ready: true, refusal: 'conflict / setConflicts' }),
    },
  ],
};

// ---- A therapy visit's page (issue 17, docs/visits.md: autosave, one device's changes
// never overwrite another's, a visit closed once signed): the visit loads (retry on failure); a
// signed or aborted one is read only and takes dated addenda. A draft first replays the changes
// this device kept and never saved (a field the server changed since keeps the server's value),
// then each change is kept on the device and saved after a pause in typing; a change typed during
// a save is saved after it. A save another device's change refused (409) shows the conflict,
// keeps what is typed, and a reload replays it onto theirs; no answer keeps trying (at once when
// back online), a server failure too; a refused field waits for the next change. A step (start,
// complete, sign, abort) and copying the last settings wait for a save in flight; a step first
// saves what is on screen. Screening, and a doctor's override of what it found, read the visit again.

const VISIT_BASE = {
  id: 5,
  client: 9,
  therapy: 'pet',
  vitals_before: { systolic: 120 },
  vitals_after: {},
  parameters: { device: 'Mat' },
  events: [],
  adverse_events: [],
  notes: '',
};
const DRAFT_VISIT = { ...VISIT_BASE, status: 'draft', version: 1, screen: { id: 11 } };
const SIGNED_VISIT = { ...VISIT_BASE, status: 'signed', version: 4 };
const STARTED_VISIT = { ...VISIT_BASE, status: 'in_progress', version: 3 };
const KEPT_NOTES = { fields: [], notes: { was: '', now: 'typed offline' }, events: [], adverse_events: [] };
const KEPT_STALE = { fields: [{ section: 'vitals_before', key: 'systolic', was: '110', now: '135' }], events: [], adverse_events: [] };
const AUTOSAVE = 'xstate.after.autosave.visitForm.editing.unsaved';
const RETRY_OFFLINE = 'xstate.after.retry.visitForm.editing.offline';
const RETRY_FAILED = 'xstate.after.retry.visitForm.editing.retrying';
const CHANGES = {
  'form.edit': 'edit',
  'form.notes': 'editNotes',
  'form.recipe': 'chooseRecipe',
  'form.lot': 'chooseLot',
  'form.addEvent': 'addEvent',
  'form.addAdverse': 'addAdverse',
};
/** Each change of the form, to `to`, with its action, the device's copy and `more`. */
const changes = (to: string, more = '') => Object.fromEntries(Object.entries(CHANGES).map(([verb, action]) => [verb, `${to} / ${action}, storeDraft${more}`]));

interface VisitFacts {
  /** What the load (and the reload after a conflict) reads: a closed visit, or a draft. */
  closed: boolean;
  /** What the device kept: replayed, all lost to newer server values, or nothing (or unreadable). */
  kept: 'replayed' | 'lost' | 'none';
  /** A change typed while the save was in flight. */
  pending: boolean;
  /** How the save is refused: 409, no answer, 5xx, or a field. */
  refusal: 'conflict' | 'offline' | 'unavailable' | 'refused';
  /** This device typed something of its own before the conflict (replayed onto theirs). */
  own: boolean;
  /** The visit has a screening a doctor may override. */
  screened: boolean;
  /** The step's answer closes the visit. */
  stepCloses: boolean;
}

function visitFormSteps(f: VisitFacts): Steps {
  const refusal = {
    conflict: 'conflict / setError',
    offline: 'editing.offline / clearPending, countAttempt',
    unavailable: 'editing.retrying / clearPending, countAttempt',
    refused: 'editing.refused / setError, clearPending',
  }[f.refusal];
  // Anywhere on the form: a change, copying the last settings, a step, the screening and its override.
  const editing = {
    ...changes('editing.unsaved'),
    'visit.copyLast': 'editing.copying',
    'visit.move': 'moving.saving / setMove',
    'screen.record': 'screening',
    ...(f.screened ? { 'screen.override': 'overriding' } : {}),
  };
  const loaded = f.closed ? 'locked.idle / setVisit' : 'restoring / setVisit';
  return {
    ...loadSteps('loadVisit', loaded, 'failed / setError', 'visit.reload', { retried: 'loading / clearError' }),
    restoring: {
      [done('readDraft')]: { replayed: 'editing.unsaved / restore, storeDraft', lost: 'editing.saved / restore, storeDraft', none: 'editing.saved' }[f.kept],
      [error('readDraft')]: 'editing.saved',
    },
    'editing.saved': editing,
    'editing.unsaved': { ...editing, [AUTOSAVE]: 'editing.saving' },
    // A change during the save is taken, kept and saved after it; a step or a copy waits.
    'editing.saving': {
      ...Object.fromEntries(Object.entries(editing).filter(([verb]) => verb !== 'visit.copyLast' && verb !== 'visit.move')),
      ...changes('editing.saving', ', markPending'),
      [done('saveVisit')]: f.pending ? 'editing.unsaved / setSaved, clearPending, storeDraft' : 'editing.saved / setSaved, storeDraft',
      [error('saveVisit')]: refusal,
    },
    'editing.offline': { ...editing, ...changes('editing.offline'), 'connection.online': 'editing.saving', [RETRY_OFFLINE]: 'editing.saving' },
    'editing.retrying': { ...editing, ...changes('editing.retrying'), [RETRY_FAILED]: 'editing.saving' },
    'editing.refused': editing,
    'editing.copying': {
      ...editing,
      [done('loadPrevious')]: 'editing.unsaved / copyParameters, storeDraft',
      [error('loadPrevious')]: 'editing.saved / setError',
    },
    'moving.saving': {
      [done('saveVisit')]: 'moving.stepping / setSaved, storeDraft',
      [error('saveVisit')]: f.refusal === 'conflict' ? 'conflict / setError' : 'editing.refused / setError',
    },
    'moving.stepping': {
      [done('moveVisit')]: f.stepCloses ? 'locked.idle / setVisit' : 'editing.saved / setVisit',
      [error('moveVisit')]: 'editing.refused / setError',
    },
    screening: { [done('recordScreen')]: 'loading', [error('recordScreen')]: 'editing.refused / setError' },
    overriding: { [done('overrideScreen')]: 'loading', [error('overrideScreen')]: 'editing.refused / setError' },
    conflict: { ...changes('conflict'), 'visit.reload': 'rebasing' },
    rebasing: {
      [done('loadVisit')]: f.closed ? 'locked.idle / setVisit' : f.own ? 'editing.unsaved / rebase, storeDraft' : 'editing.saved / rebase, storeDraft',
      [error('loadVisit')]: 'conflict / setError',
    },
    'locked.idle': { 'visit.addendum': 'locked.adding' },
    'locked.adding': { [done('addAddendum')]: 'locked.idle / setVisit', [error('addAddendum')]: 'locked.idle / setError' },
  };
}
const FAILURES = {
  conflict: { message: 'Changed on another device', fieldErrors: {}, status: 409 },
  offline: { message: 'No answer', fieldErrors: {}, status: 0 },
  unavailable: { message: 'The server had a problem', fieldErrors: {}, status: 503 },
  refused: { message: 'Invalid vitals_before.systolic', fieldErrors: { 'vitals_before.systolic': ['Must be between 60 and 260 mmHg.'] }, status: 400 },
};
const visitPayloads = (f: VisitFacts, kept: unknown) => ({
  [done('loadVisit')]: { output: f.closed ? SIGNED_VISIT : DRAFT_VISIT },
  [done('readDraft')]: { output: kept },
  [done('saveVisit')]: { output: { ...DRAFT_VISIT, version: 2 } },
  [error('saveVisit')]: { error: FAILURES[f.refusal] },
  [done('moveVisit')]: { output: f.stepCloses ? SIGNED_VISIT : STARTED_VISIT },
  [done('loadPrevious')]: { output: { device: 'Mat 2' } },
  [done('addAddendum')]: { output: SIGNED_VISIT },
  'form.addEvent': { entry: { at: '2026-11-23T10:00:00.000Z', text: 'Started' } },
  'form.addAdverse': { entry: { type: 'Dizziness', severity: 'mild', action: 'Rest', outcome: 'Resolved' } },
});
const VISIT_EXTRAS = {
  section: 'vitals_before',
  field: 'systolic',
  value: '130',
  index: 0,
  lot: '7',
  to: 'signed',
  answers: { epilepsy: false },
  reason: 'Controlled for years',
  text: 'Called: well.',
  recipe: { id: 3, base_fluid: 'Normal saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }] },
  output: {},
  error: FAILURES.refused,
};
const visitContext = (visit: unknown, pending: boolean, form = EMPTY_VISIT_FORM) => ({
  visit,
  form,
  base: EMPTY_VISIT_FORM,
  kept: [],
  pending,
  attempts: 0,
  move: { to: 'signed' },
  error: null,
  fieldErrors: {},
});

const visitCase = (name: string, f: VisitFacts, kept: unknown, visit: unknown, form = EMPTY_VISIT_FORM) => ({
  name,
  context: visitContext(visit, f.pending, form),
  extras: VISIT_EXTRAS,
  payloads: visitPayloads(f, kept),
  steps: visitFormSteps(f),
});

export const visitFormTable: TransitionTable = {
  chart: visitFormMachine,
  source: 'issue 17 and docs/visits.md (autosave, changes kept on the device, conflicts never overwritten, steps, screening, addenda)',
  statuses: [
    'loading',
    'restoring',
    'failed',
    'editing.saved',
    'editing.unsaved',
    'editing.saving',
    'editing.offline',
    'editing.retrying',
    'editing.refused',
    'editing.copying',
    'moving.saving',
    'moving.stepping',
    'screening',
    'overriding',
    'conflict',
    'rebasing',
    'locked.idle',
    'locked.adding',
  ],
  verbs: [
    ...Object.keys(CHANGES),
    'visit.copyLast',
    'visit.move',
    'screen.record',
    'screen.override',
    'visit.reload',
    'visit.addendum',
    'connection.online',
    AUTOSAVE,
    RETRY_OFFLINE,
    RETRY_FAILED,
    ...['loadVisit', 'readDraft', 'saveVisit', 'moveVisit', 'loadPrevious', 'recordScreen', 'overrideScreen', 'addAddendum'].flatMap((id) => [
      done(id),
      error(id),
    ]),
  ],
  cases: [
    visitCase(
      'a screened draft, nothing kept; another device changed it meanwhile',
      { closed: false, kept: 'none', pending: false, refusal: 'conflict', own: false, screened: true, stepCloses: false },
      null,
      DRAFT_VISIT,
    ),
    visitCase(
      'notes kept offline replayed; a change typed during the save; no answer; signed elsewhere',
      { closed: true, kept: 'replayed', pending: true, refusal: 'offline', own: true, screened: false, stepCloses: true },
      KEPT_NOTES,
      STARTED_VISIT,
      { ...EMPTY_VISIT_FORM, notes: 'typed here' },
    ),
    visitCase(
      "a kept systolic lost to the server's newer one; the server failing",
      { closed: false, kept: 'lost', pending: false, refusal: 'unavailable', own: true, screened: true, stepCloses: false },
      KEPT_STALE,
      DRAFT_VISIT,
      { ...EMPTY_VISIT_FORM, notes: 'typed here' },
    ),
    visitCase(
      'a field refused; the step signs it',
      { closed: false, kept: 'none', pending: false, refusal: 'refused', own: false, screened: false, stepCloses: true },
      null,
      STARTED_VISIT,
    ),
  ],
};

// ---- One run of the cognitive screening (issue 21, docs/cognitive-and-support.md): the tasks in
// order, each with its instructions, a practice item with feedback (practised again, or begun),
// then its items, each shown for its time before answers are taken; the timed task ends when its
// time runs out. A finished task is saved as the run's progress (a failed save is retried) and
// the last completes the run (retried too). A run pauses while reading, practising or answering,
// never while a save is in flight, and resumes from the saved progress; a run paused earlier
// resumes when started. (Every task of the table's battery has a practice item, so a task without
// one, begun from its instructions, and a trail answer that keeps its item, are left to the model
// test: the chart reads the current task's practice item in those states.)

const PRACTICE_FOR = 'xstate.after.practiceFor.cognitiveBattery.task.practice.presenting';
const PRESENT_FOR = 'xstate.after.presentFor.cognitiveBattery.task.test.presenting';
const TIME_LIMIT = 'xstate.after.taskTimeLimit.cognitiveBattery.task.test';
const REACTION = { kind: 'reaction', side: null, present_ms: 500 };
const SYMBOL = { kind: 'symbol', symbol: 0, present_ms: 0 };
const RUN_BATTERY = {
  seed: 7,
  words: [],
  symbols: [0b101010101],
  tasks: [
    { kind: 'simple_reaction', practice: { ...REACTION, present_ms: 0 }, items: [REACTION, REACTION], time_limit_ms: null },
    { kind: 'symbol_coding', practice: SYMBOL, items: [SYMBOL, SYMBOL], time_limit_ms: 90_000 },
  ],
};
const RUN = { runId: 4, battery: RUN_BATTERY, records: [], practice: [], practiceRight: null, shownAt: null, timedOut: false, scores: null, failure: null };

interface RunFacts {
  /** Where starting leads: resuming a paused run, or the task's instructions. */
  start: string;
  /** The answer ends the task (its last item), or moves to the next item. */
  answerEnds: boolean;
  /** The task is timed. */
  timed: boolean;
  /** The task is the run's last (its save completes the run). */
  last: boolean;
  /** The task's items are answered as soon as they show (nothing to study first). */
  atOnce: boolean;
}

function runSteps(f: RunFacts): Steps {
  const PAUSE = { 'battery.pause': 'pausing' };
  const answer = f.answerEnds ? 'task.saving / recordAnswer, finishTask' : 'task.test.presenting / recordAnswer, moveToNextItem';
  const timeUp: Record<string, string> = f.timed ? { [TIME_LIMIT]: 'task.saving / markTimedOut, finishTask' } : {};
  return {
    intro: { 'battery.start': f.start },
    'task.instructions': { 'task.practice': 'task.practice.responding', ...PAUSE },
    'task.practice.presenting': { [PRACTICE_FOR]: 'task.practice.responding', ...PAUSE },
    'task.practice.responding': {
      'item.shown': 'task.practice.responding / noteShown',
      'task.answer': 'task.practice.feedback / recordPractice, judgePractice',
      ...PAUSE,
    },
    'task.practice.feedback': {
      'task.practice': 'task.practice.responding',
      'task.begin': f.atOnce ? 'task.test.responding' : 'task.test.presenting',
      ...PAUSE,
    },
    'task.test.presenting': { [PRESENT_FOR]: 'task.test.responding', ...timeUp, ...PAUSE },
    'task.test.responding': { 'item.shown': 'task.test.responding / noteShown', 'task.answer': answer, ...timeUp, ...PAUSE },
    'task.saving': {
      [done('saveProgress')]: f.last ? 'completing / nextTask' : 'task.instructions / nextTask, clearFailure',
      [error('saveProgress')]: 'task.saveFailed / storeFailure',
    },
    'task.saveFailed': { 'battery.retry': 'task.saving' },
    pausing: { [done('saveProgress')]: 'paused / markPaused', [error('saveProgress')]: 'paused / storeFailure' },
    paused: { 'battery.resume': 'resuming' },
    resuming: { [done('saveProgress')]: 'task.instructions / markResumed', [error('saveProgress')]: 'paused / storeFailure' },
    completing: { [done('completeRun')]: 'finished / storeScores', [error('completeRun')]: 'completeFailed / storeFailure' },
    completeFailed: { 'battery.retry': 'completing' },
  };
}
const RUN_EXTRAS = { value: '1', at: 1_000, output: { memory: 80 }, error: { status: 500 } };

export const batteryTable: TransitionTable = {
  chart: batteryMachine,
  source: 'issue 21 and docs/cognitive-and-support.md (instructions, practice, timed items, pause and resume within the day)',
  statuses: [
    'intro',
    'task.instructions',
    'task.practice.presenting',
    'task.practice.responding',
    'task.practice.feedback',
    'task.test.presenting',
    'task.test.responding',
    'task.saving',
    'task.saveFailed',
    'pausing',
    'paused',
    'resuming',
    'completing',
    'completeFailed',
    'finished',
  ],
  verbs: [
    'battery.start',
    'task.practice',
    'task.begin',
    'item.shown',
    'task.answer',
    'battery.pause',
    'battery.resume',
    'battery.retry',
    PRACTICE_FOR,
    PRESENT_FOR,
    TIME_LIMIT,
    done('saveProgress'),
    error('saveProgress'),
    done('completeRun'),
    error('completeRun'),
  ],
  cases: [
    {
      name: 'the first task (untimed, each item shown half a second), its first item',
      context: { ...RUN, paused: false, taskIndex: 0, itemIndex: 0, current: [] },
      extras: RUN_EXTRAS,
      steps: runSteps({ start: 'task.instructions', answerEnds: false, timed: false, last: false, atOnce: false }),
    },
    {
      name: 'the last task (timed, answered at once), its last item',
      context: { ...RUN, paused: false, taskIndex: 1, itemIndex: 1, current: [{ item: 0, value: '1', rt_ms: 800 }] },
      extras: RUN_EXTRAS,
      steps: runSteps({ start: 'task.instructions', answerEnds: true, timed: true, last: true, atOnce: true }),
    },
    {
      name: 'a run paused earlier, at its first task',
      context: { ...RUN, paused: true, taskIndex: 0, itemIndex: 0, current: [] },
      extras: RUN_EXTRAS,
      steps: runSteps({ start: 'resuming', answerEnds: false, timed: false, last: false, atOnce: false }),
    },
  ],
};

export const screenTables = [
  inactivityTable,
  bootTable,
  queueCountTable,
  actionTable,
  recordTable,
  cognitiveReviewTable,
  emailChangeTable,
  passkeysTable,
  profileEditTable,
  funnelTable,
  cognitivePageTable,
  thriveCheckTable,
  rescheduleTable,
  measurementFormTable,
  reportsTable,
  listTable,
  visitNoteTable,
  myOrdersTable,
  impactTable,
  portalBookingsTable,
  inviteTable,
  upcomingTable,
  onboardingTable,
  labDeskTable,
  supportDeskTable,
  visitBookingTable,
  homeTable,
  calendarTable,
  bookTestTable,
  bookingTable,
  visitFormTable,
  batteryTable,
];
