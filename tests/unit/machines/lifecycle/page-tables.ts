// Page charts' transition tables, written by hand from the specification (clinic-spec.md in the
// project guide, the section named beside each) and the issues that asked for each chart; the
// oracle the charts are checked against (tests/support/transition-table.ts), read from no chart.
import { consentMachine } from '../../../../machines/consent/consent-machine.ts';
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

export const pageTables = [consentTable, versionTable];
