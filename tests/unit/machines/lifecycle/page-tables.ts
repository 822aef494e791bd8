// Page charts' transition tables, written by hand from the specification (clinic-spec.md in the
// project guide, the section named beside each) and the issues that asked for each chart; the
// oracle the charts are checked against (tests/support/transition-table.ts), read from no chart.
import { appMachine } from '../../../../machines/app/app-machine.ts';
import { consentMachine } from '../../../../machines/consent/consent-machine.ts';
import { guardMachine } from '../../../../machines/guard/guard-machine.ts';
import { sessionMachine } from '../../../../machines/session/session-machine.ts';
import { versionMachine } from '../../../../machines/version/version-machine.ts';
import type { Steps, TransitionTable } from '../../../support/transition-table.ts';

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
  refreshing: {
    'xstate.done.actor.refreshSession': 'active / storeToken',
    'xstate.error.actor.refreshSession': 'expired',
    'session.accountDisabled': 'disabled',
  },
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
    {
      name: 'the token of the last refresh rejected',
      context: { accessToken: 'second' },
      extras: { token: 'second', output: 'third' },
      steps: sessionSteps('refreshing'),
    },
    {
      name: 'a request with a token older than the last refresh',
      context: { accessToken: 'second' },
      extras: { token: 'first', output: 'third' },
      steps: sessionSteps(null),
    },
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
    {
      name: 'SUPER_ADMIN, not in the list',
      context: { ...STAFF_PAGE, role: 'SUPER_ADMIN' },
      extras: { role: 'SUPER_ADMIN' },
      start: 'waiting',
      steps: guardSteps('allowed'),
    },
    {
      name: 'a role not allowed',
      context: { ...STAFF_PAGE, role: 'CLIENT' },
      extras: { role: 'CLIENT' },
      start: 'waiting',
      steps: guardSteps('toUnauthorized'),
    },
  ],
};

// ---- The app's own lifecycle (spec §2 routes and the authorization modal, §3 the missing-profile
// placeholder, §4 the sign-in component's two overall states, consent and the access guard, §6
// the users list prefetched for non-clients, §8 the profile banner and the session alert). Three
// regions: who is signed in, their profile, and the page on screen.
//
// Who: while the stored session is read nothing is decided; an authenticated user is signed in,
// anything else signed out. Signed in, another account signing in (a second tab) starts over with
// theirs, and signing out (here, elsewhere, the session ending, the inactivity logoff) signs out;
// a guarded page being checked is told, so its guard sends it to /login. Input and the tab's
// visibility are passed on to the inactivity and version children; the session alert is
// remembered until dismissed or the next sign-in. Profile: it loads; a failure shows the
// dismissible banner; a missing one is the placeholder (a client without a usable id waits for the
// record and asks again); a client who has not consented is asked, and the consent recorded
// makes the app ready (the placeholder's row is read again). A non-client's users list is
// fetched. Page: a public page shows at once; a guarded one waits for the stored session, then its
// guard decides; the same page with another query is no new check; a guard's redirect navigates.

const U1 = { username: 'asha', sub: 'a', email: 'asha@example.in' };
const U2 = { username: 'nila', sub: 'b', email: 'nila@example.in' };
const ASHA = { client_id: '21', first_name: 'Asha', last_name: 'Rao', gender: 'F', role: 'client', hipaa_consent: false };
const PLACEHOLDER = { client_id: '21', first_name: 'Unknown', last_name: '', gender: null, role: 'client', hipaa_consent: false };
const NURSE = { client_id: '5', first_name: 'Nila', last_name: 'K', gender: 'F', role: 'nurse', hipaa_consent: false };
const HOME = { key: 'home', origin: '/user/home/21', roles: ['CLIENT'] };
const LOGIN = { key: 'login', origin: '/login', roles: null };
const CLIENTS = { key: 'clients', origin: '/clients', roles: ['NURSE', 'DOCTOR'] };
const SIGNED_IN = { inactivity: { timeoutMs: 900_000, warningMs: 60_000 }, user: U1, failure: null, sessionExpired: false };
const RECORD_RETRY = 'xstate.after.profileRetry.app.auth.signedIn.profile.awaitingRecord';

/** A state of the app chart: who (restoring, signedOut, or signed in with profile and users) and the page. */
type AppAt = { auth: 'restoring' | 'signedOut'; route: string } | { profile: string; users: string; route: string };
const at = (a: AppAt) =>
  'auth' in a ? `auth.${a.auth} | route.${a.route}` : `auth.signedIn.profile.${a.profile} | auth.signedIn.users.${a.users} | route.${a.route}`;

interface AppFacts {
  /** What `auth.changed` reports: the same user signed in, another, signed out, or still configuring. */
  signIn: 'same' | 'other' | 'out' | 'configuring';
  /** Whether the user `auth.changed` reports is staff (their users list is fetched). */
  newStaff: boolean;
  /** Where `route.changed` leads: the same page, a public one, a guarded one. */
  route: 'same' | 'public' | 'guarded';
  /** Where the profile stands once it has loaded. */
  loaded: string;
  /** Where a recorded consent leaves the profile (null: the consent chart's end is not taken). */
  consented: string | null;
  /** Where the passing states settle with the case's facts: the placeholder, the consent check, the users' decision. */
  settled: { placeholder: string; checkingConsent: string; users: string };
}

/** Passing states rest where the case's facts send them; a deciding page goes on to its kind (and a guarded one to its check once the session is read). */
function settle(a: AppAt, f: AppFacts): AppAt {
  const routeOf = (route: string, authRead: boolean) => {
    const r = route === 'deciding' ? 'guarded.waitingForAuth' : route; // the case's pages on screen are guarded
    return r === 'guarded.waitingForAuth' && authRead ? 'guarded.checking' : r;
  };
  if ('auth' in a) return { ...a, route: routeOf(a.route, a.auth !== 'restoring') };
  const profile = a.profile === 'placeholder' ? f.settled.placeholder : a.profile === 'checkingConsent' ? f.settled.checkingConsent : a.profile;
  return { profile, users: a.users === 'deciding' ? f.settled.users : a.users, route: routeOf(a.route, true) };
}

/**
 * Each state's cells: an event is answered by the states the chart is in when it arrives (a
 * passing state answers nothing of its own), and where it leads then settles.
 */
function appSteps(states: AppAt[], f: AppFacts): Steps {
  const steps: Steps = {};
  for (const a of states) {
    const go = (to: AppAt) => at(settle(to, f));
    const here = go(a);
    const cells: Record<string, string> = {
      'visibility.hidden': `${here} / forwardVisibility`,
      'visibility.visible': `${here} / forwardVisibility`,
      'notice.dismiss': `${here} / forgetExpiry`,
      'session.expiredAlert': `${here} / rememberExpiry`,
      'guard.redirect': `${here} / navigate`,
      'route.changed': f.route === 'same' ? `${here} / storeRoute` : `${go({ ...a, route: f.route === 'public' ? 'public' : 'deciding' })} / storeRoute`,
    };
    const signedIn = (route: string): AppAt => ({ profile: 'loading', users: f.newStaff ? 'prefetching' : 'notNeeded', route });
    if ('auth' in a && a.auth === 'restoring') {
      if (f.signIn === 'same' || f.signIn === 'other') cells['auth.changed'] = `${go(signedIn(a.route))} / storeAuth`;
      if (f.signIn === 'out') cells['auth.changed'] = go({ auth: 'signedOut', route: a.route });
    } else if ('auth' in a) {
      cells['session.ended'] = `${here} / navigate`;
      if (f.signIn === 'same' || f.signIn === 'other') cells['auth.changed'] = `${go(signedIn(a.route))} / forgetExpiry, storeAuth`;
    } else {
      const out = go({ auth: 'signedOut', route: a.route });
      cells['user.activity'] = `${here} / forwardActivity`;
      cells['app.signOut'] = `${out} / signOut, navigate`;
      cells['session.ended'] = `${out} / signOut, navigate`;
      cells['inactivity.timedOut'] = `${out} / signOut, notify, navigate`;
      if (f.signIn === 'other') cells['auth.changed'] = `${go(signedIn(a.route))} / forgetUser, storeAuth`;
      if (f.signIn === 'out' || f.signIn === 'configuring') cells['auth.changed'] = a.route === 'guarded.checking' ? `${out} / tellGuardSignedOut` : out;
      const profile = (p: string, actions = '') => `${go({ ...a, profile: p })}${actions}`;
      if (a.profile === 'loading') {
        cells[done('loadProfile')] = profile(f.loaded, ' / storeLoaded');
        cells[error('loadProfile')] = profile('failed.bannerShown', ' / storeFailure');
      }
      if (a.profile === 'failed.bannerShown') cells['banner.dismiss'] = profile('failed.bannerDismissed');
      if (a.profile === 'awaitingRecord') cells[RECORD_RETRY] = profile('loading');
      if (a.profile === 'consentRequired') {
        cells['consent.tickRequired'] = `${here} / notify`;
        cells['consent.saveFailed'] = `${here} / notify`;
        if (f.consented) cells[done('consent')] = profile(f.consented, f.consented === 'ready' ? ' / markConsented' : '');
      }
      if (a.users === 'prefetching') {
        cells[done('prefetchUsers')] = go({ ...a, users: 'fetched' });
        cells[error('prefetchUsers')] = go({ ...a, users: 'fetched' });
      }
    }
    steps[at(a)] = cells;
  }
  return steps;
}

const done = (id: string) => `xstate.done.actor.${id}`;
const error = (id: string) => `xstate.error.actor.${id}`;
const APP_STATES: AppAt[] = [
  { auth: 'restoring', route: 'unknown' },
  { auth: 'restoring', route: 'guarded.waitingForAuth' },
  { auth: 'signedOut', route: 'public' },
  { auth: 'signedOut', route: 'guarded.checking' },
  { profile: 'loading', users: 'prefetching', route: 'guarded.checking' },
  { profile: 'failed.bannerShown', users: 'fetched', route: 'public' },
  { profile: 'failed.bannerDismissed', users: 'notNeeded', route: 'public' },
  { profile: 'awaitingRecord', users: 'notNeeded', route: 'guarded.checking' },
  { profile: 'consentRequired', users: 'notNeeded', route: 'guarded.checking' },
  { profile: 'ready', users: 'fetched', route: 'public' },
  { profile: 'placeholder', users: 'deciding', route: 'deciding' },
  { profile: 'checkingConsent', users: 'deciding', route: 'guarded.waitingForAuth' },
];
const appExtras = (signIn: { status: string; user: unknown; role: string | null }, route: unknown, output: Record<string, unknown>) => ({
  ...signIn,
  route,
  output,
  error: { kind: 'network' },
  to: 'login',
  origin: '/user/home/21',
});

export const appTable: TransitionTable = {
  chart: appMachine,
  source:
    'clinic-spec.md §2 (routes, the authorization modal), §3 (the placeholder profile), §4 (two overall states, consent, access guard), §6 (users prefetched), §8 (banner, session alert)',
  statuses: APP_STATES.map(at),
  verbs: [
    'auth.changed',
    'app.signOut',
    'route.changed',
    'banner.dismiss',
    'notice.dismiss',
    'user.activity',
    'visibility.hidden',
    'visibility.visible',
    'session.expiredAlert',
    'session.ended',
    'inactivity.timedOut',
    'consent.tickRequired',
    'consent.saveFailed',
    'guard.redirect',
    done('loadProfile'),
    error('loadProfile'),
    done('prefetchUsers'),
    error('prefetchUsers'),
    done('consent'),
    RECORD_RETRY,
  ],
  cases: [
    {
      name: 'a client who has not consented, signed in again, the same page',
      context: { ...SIGNED_IN, role: 'CLIENT', profile: ASHA, route: HOME },
      extras: appExtras(
        { status: 'authenticated', user: U1, role: 'CLIENT' },
        { ...HOME, origin: '/user/home/21?tab=2' },
        { userId: 21, profile: ASHA, consented: true },
      ),
      steps: appSteps(APP_STATES, {
        signIn: 'same',
        newStaff: false,
        route: 'same',
        loaded: 'consentRequired',
        consented: 'ready',
        settled: { placeholder: 'consentRequired', checkingConsent: 'consentRequired', users: 'notNeeded' },
      }),
    },
    {
      name: 'a client; a nurse signs in in another tab; the login page; no profile row',
      context: { ...SIGNED_IN, role: 'CLIENT', profile: ASHA, route: HOME },
      extras: appExtras({ status: 'authenticated', user: U2, role: 'NURSE' }, LOGIN, { userId: 21, profile: null, consented: false }),
      steps: appSteps(APP_STATES, {
        signIn: 'other',
        newStaff: true,
        route: 'public',
        loaded: 'consentRequired',
        consented: null,
        settled: { placeholder: 'consentRequired', checkingConsent: 'consentRequired', users: 'notNeeded' },
      }),
    },
    {
      name: 'a client signed out elsewhere; another guarded page; no user record',
      context: { ...SIGNED_IN, role: 'CLIENT', profile: ASHA, route: HOME },
      extras: appExtras({ status: 'unauthenticated', user: null, role: null }, CLIENTS, { userId: null, profile: null, consented: true }),
      steps: appSteps(APP_STATES, {
        signIn: 'out',
        newStaff: false,
        route: 'guarded',
        loaded: 'awaitingRecord',
        consented: 'ready',
        settled: { placeholder: 'consentRequired', checkingConsent: 'consentRequired', users: 'notNeeded' },
      }),
    },
    {
      name: 'a client on the placeholder, the sign-in component configuring; the consent recorded',
      context: { ...SIGNED_IN, role: 'CLIENT', profile: PLACEHOLDER, route: HOME },
      extras: appExtras({ status: 'configuring', user: null, role: null }, HOME, { userId: 21, profile: { ...ASHA, hipaa_consent: true }, consented: true }),
      steps: appSteps(APP_STATES, {
        signIn: 'configuring',
        newStaff: false,
        route: 'same',
        loaded: 'ready',
        consented: 'loading',
        settled: { placeholder: 'consentRequired', checkingConsent: 'consentRequired', users: 'notNeeded' },
      }),
    },
    {
      name: 'a nurse, signed in again; the clients page',
      context: { ...SIGNED_IN, role: 'NURSE', profile: NURSE, route: CLIENTS },
      extras: appExtras({ status: 'authenticated', user: U1, role: 'NURSE' }, HOME, { userId: 5, profile: NURSE, consented: false }),
      steps: appSteps(APP_STATES, {
        signIn: 'same',
        newStaff: true,
        route: 'guarded',
        loaded: 'ready',
        consented: null,
        settled: { placeholder: 'ready', checkingConsent: 'ready', users: 'prefetching' },
      }),
    },
  ],
};

export const pageTables = [consentTable, versionTable, sessionTable, guardTable, appTable];
