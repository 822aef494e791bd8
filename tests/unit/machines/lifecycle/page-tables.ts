// Page charts' transition tables, written by hand from the specification (clinic-spec.md in the
// project guide, the section named beside each) and the issues that asked for each chart; the
// oracle the charts are checked against (tests/support/transition-table.ts), read from no chart.
import { consentMachine } from '../../../../machines/consent/consent-machine.ts';
import { guardMachine } from '../../../../machines/guard/guard-machine.ts';
import { sessionMachine } from '../../../../machines/session/session-machine.ts';
import { versionMachine } from '../../../../machines/version/version-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';

// ---- HIPAA consent (spec: the authorization modal, Consent, the toasts): shown only when the
// signed-in role and the client's are both CLIENT and consent is false; 'Continue to the app' needs
// the box ticked, else the toast 'Please accept the terms…'; while saving, 'Processing...'; a
// failed save says so and leaves the box ticked; a recorded consent closes the modal.

const CLIENT = { signedInRole: 'CLIENT', clientRole: 'CLIENT', hasConsented: false, clientId: '21' };
const ASKING = {
  'asking.unticked': { 'consent.toggle': 'asking.ticked', 'consent.submit': 'asking.unticked / toastTickRequired' },
  'asking.ticked': { 'consent.toggle': 'asking.unticked', 'consent.submit': 'saving' },
  saving: { 'xstate.done.actor.recordConsent': 'accepted', 'xstate.error.actor.recordConsent': 'asking.ticked / toastSaveFailed' },
};

export const consentTable: TransitionTable = {
  chart: consentMachine,
  source: 'clinic-spec.md (HIPAA authorization modal, Consent, toasts)',
  statuses: ['deciding', 'notNeeded', 'asking.unticked', 'asking.ticked', 'saving', 'accepted'],
  verbs: ['consent.toggle', 'consent.submit', 'xstate.done.actor.recordConsent', 'xstate.error.actor.recordConsent'],
  cases: [
    { name: 'a client who has not consented', context: CLIENT, start: 'asking.unticked', steps: ASKING },
    { name: 'a client who has consented', context: { ...CLIENT, hasConsented: true }, start: 'notNeeded', steps: ASKING },
    { name: 'staff looking at a client', context: { ...CLIENT, signedInRole: 'NURSE' }, start: 'notNeeded', steps: ASKING },
    { name: 'a client on a staff record', context: { ...CLIENT, clientRole: 'NURSE' }, start: 'notNeeded', steps: ASKING },
  ],
};

// ---- Version check (spec: Version check, GET /version.json, constants): the first fetch records
// the version; a later, different one shows the 'A new version is available!' banner, whose
// 'Refresh Now' reloads the page; polled every 5 minutes; a failed poll waits for the next. A hidden
// tab stops polling and checks again when it is shown (the version-banner issue).

const POLL = 'xstate.after.versionPollInterval.version.waiting';
const versionSteps = (answer: string) => ({
  fetching: { 'xstate.done.actor.fetchVersion': answer, 'xstate.error.actor.fetchVersion': 'waiting', 'visibility.hidden': 'paused' },
  waiting: { [POLL]: 'fetching', 'visibility.hidden': 'paused' },
  paused: { 'visibility.visible': 'fetching' },
  updateAvailable: { 'version.refresh': 'updateAvailable / reloadPage' },
});

export const versionTable: TransitionTable = {
  chart: versionMachine,
  source: 'clinic-spec.md (Version check, GET /version.json, poll interval) and the version-banner issue (hidden tabs)',
  statuses: ['fetching', 'waiting', 'paused', 'updateAvailable'],
  verbs: ['xstate.done.actor.fetchVersion', 'xstate.error.actor.fetchVersion', 'visibility.hidden', 'visibility.visible', 'version.refresh', POLL],
  cases: [
    { name: 'the first answer', context: { knownVersion: null }, extras: { output: '1.4.0' }, steps: versionSteps('waiting / recordVersion') },
    { name: 'the same version again', context: { knownVersion: '1.4.0' }, extras: { output: '1.4.0' }, steps: versionSteps('waiting') },
    { name: 'a new version', context: { knownVersion: '1.4.0' }, extras: { output: '1.5.0' }, steps: versionSteps('updateAvailable') },
  ],
};

// ---- Session (spec: Session, the 401/403 rule): an expired or invalid token triggers one refresh
// and retry, and a request rejected meanwhile waits for that same refresh; a failed refresh ends
// the session (the alert and /login are the ended state's effects). A request that used a token
// older than the last refresh's is retried with the new one, no refresh. A disabled account ends
// the session at once (the disabled-account issue); a new sign-in starts it again.

// null: the chart does nothing (the transport retries the request with the newer token).
const sessionSteps = (rejected: string | null) => ({
  active: { ...(rejected ? { 'session.tokenRejected': rejected } : {}), 'session.accountDisabled': 'disabled' },
  refreshing: { 'xstate.done.actor.refreshSession': 'active / storeToken', 'xstate.error.actor.refreshSession': 'expired', 'session.accountDisabled': 'disabled' },
  expired: { 'session.started': 'active' },
  disabled: { 'session.started': 'active' },
});

export const sessionTable: TransitionTable = {
  chart: sessionMachine,
  source: 'clinic-spec.md (Session, 401/403 refresh and retry) and the disabled-account issue',
  statuses: ['active', 'refreshing', 'expired', 'disabled'],
  verbs: ['session.tokenRejected', 'session.accountDisabled', 'session.started', 'xstate.done.actor.refreshSession', 'xstate.error.actor.refreshSession'],
  cases: [
    { name: 'no refresh yet', context: { accessToken: null }, extras: { token: 'first', output: 'second' }, steps: sessionSteps('refreshing') },
    { name: 'the token of the last refresh rejected', context: { accessToken: 'second' }, extras: { token: 'second', output: 'third' }, steps: sessionSteps('refreshing') },
    { name: 'a request with a token older than the last refresh', context: { accessToken: 'second' }, extras: { token: 'first', output: 'third' }, steps: sessionSteps(null) },
  ],
};

// ---- Access guard (spec: Access guard, roles, errors, constants): a spinner for 150 ms; no role
// goes to /login remembering the origin; an allowed role sees the page (SUPER_ADMIN passes every
// guarded route); any other role goes to /unauthorized. A role that changes while the page is
// shown (signed out elsewhere) is judged again.

const DELAY = 'xstate.after.guardDelay.guard.waiting';
const guardSteps = (verdict: string) => ({
  waiting: { [DELAY]: verdict, 'guard.roleChanged': 'waiting / setRole' },
  allowed: { 'guard.roleChanged': `${verdict} / setRole` },
});
const STAFF_PAGE = { allowedRoles: ['NURSE', 'DOCTOR'], origin: '/clients?page=2' };

export const guardTable: TransitionTable = {
  chart: guardMachine,
  source: 'clinic-spec.md (Access guard, the role table, errors, guard delay)',
  statuses: ['waiting', 'deciding', 'allowed', 'toLogin', 'toUnauthorized'],
  verbs: ['guard.roleChanged', DELAY],
  cases: [
    { name: 'no role', context: { ...STAFF_PAGE, role: null }, extras: { role: null }, start: 'waiting', steps: guardSteps('toLogin') },
    { name: 'an allowed role', context: { ...STAFF_PAGE, role: 'NURSE' }, extras: { role: 'NURSE' }, start: 'waiting', steps: guardSteps('allowed') },
    { name: 'SUPER_ADMIN, not in the list', context: { ...STAFF_PAGE, role: 'SUPER_ADMIN' }, extras: { role: 'SUPER_ADMIN' }, start: 'waiting', steps: guardSteps('allowed') },
    { name: 'a role not allowed', context: { ...STAFF_PAGE, role: 'CLIENT' }, extras: { role: 'CLIENT' }, start: 'waiting', steps: guardSteps('toUnauthorized') },
  ],
};

export const pageTables = [consentTable, versionTable, sessionTable, guardTable];
