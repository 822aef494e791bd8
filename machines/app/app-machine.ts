// The app's own lifecycle as one chart (spec §2, §3, §4, §8): the identity is restored or not;
// once signed in, the user's profile loads (a failure keeps the §8 banner, a missing one is the
// §3 placeholder), a client who has not consented is asked to, and then the app is ready. Signing
// out, the session expiring and the inactivity logoff end the signed-in state from wherever it is.
//
// The shell's other machines run as named, invoked children: `session` and `version` for the whole
// life of the app, `inactivity` while someone is signed in, `consent` while consent is asked,
// `guard` for each guarded page. Their effects come back here as events (sendParent), so one chart
// decides; the view provides the actors (identity, API, browser subscriptions) and the effect
// actions (navigate, notify, signOut), and renders the snapshot.
import { type ActorRefFrom, assign, fromCallback, fromPromise, not, sendParent, sendTo, setup, stateIn } from 'xstate';
import { consentMachine, isUsableClientId } from '../consent/consent-machine.ts';
import { guardMachine } from '../guard/guard-machine.ts';
import type { Role } from '../guard/roles.ts';
import { type InactivityInput, inactivityMachine } from '../inactivity/inactivity-machine.ts';
import { sessionMachine } from '../session/session-machine.ts';
import { versionMachine } from '../version/version-machine.ts';

export interface ProfileSummary {
  /** The user's id, as the portal routes and users/user-profiles/{id} use it; null when unknown. */
  client_id: string | null;
  first_name: string;
  last_name: string;
  /** M or F; anything else is shown as Not specified. */
  gender: string | null;
  role: string;
  hipaa_consent: boolean;
}

/** Why the profile did not load: no answer at all, or an HTTP status with the server's message. */
export interface ProfileLoadFailure {
  kind: 'network' | 'http' | 'other';
  status?: number;
  message?: string;
}

/** What loading the profile found: the user's id (if the user record exists) and their profile (if it exists). */
export interface LoadedProfile {
  userId: number | null;
  profile: ProfileSummary | null;
}

export const PLACEHOLDER_FIRST_NAME = 'Unknown';

/** Spec §3: "a placeholder is used: name Unknown, gender Not specified, role client". */
export function placeholderProfile(userId: number | null): ProfileSummary {
  return {
    client_id: userId === null ? null : String(userId),
    first_name: PLACEHOLDER_FIRST_NAME,
    last_name: '',
    gender: null,
    role: 'client',
    hipaa_consent: false,
  };
}

export interface SignedInUser {
  username: string;
  sub: string;
  email: string;
}

export type AuthStatus = 'configuring' | 'unauthenticated' | 'authenticated';

/** The page being shown: its route (by key), the path with query, and who may open it (null: anyone). */
export interface RouteInfo {
  key: string;
  origin: string;
  roles: readonly Role[] | null;
}

/** What the view tells the user in a toast. */
export type Notice = 'consentTickRequired' | 'consentSaveFailed' | 'signedOutForInactivity';

export type AppEvent =
  | { type: 'auth.changed'; status: AuthStatus; user: SignedInUser | null; role: Role | null }
  | { type: 'app.signOut' }
  | { type: 'route.changed'; route: RouteInfo }
  | { type: 'banner.dismiss' }
  | { type: 'notice.dismiss' }
  | { type: 'user.activity' }
  | { type: 'visibility.hidden' }
  | { type: 'visibility.visible' }
  // From the children:
  | { type: 'session.expiredAlert' }
  | { type: 'session.ended' }
  | { type: 'inactivity.timedOut' }
  | { type: 'consent.tickRequired' }
  | { type: 'consent.saveFailed' }
  | { type: 'guard.redirect'; to: 'login' | 'unauthorized'; origin: string };

export interface AppContext {
  inactivity: InactivityInput;
  user: SignedInUser | null;
  role: Role | null;
  profile: ProfileSummary | null;
  failure: ProfileLoadFailure | null;
  /** Spec §8's 'Your session has expired…' alert, shown on /login until dismissed or the next sign-in. */
  sessionExpired: boolean;
  route: RouteInfo | null;
}

export const PROFILE_RETRY_MS = 5000;

// The children, with their effects turned into events for this chart. One object (not one export
// each) so `npm run charts` draws them once, from their own folders.
export const appChildren = {
  session: sessionMachine.provide({
    actions: {
      alertSessionExpired: sendParent({ type: 'session.expiredAlert' }),
      endSession: sendParent({ type: 'session.ended' }),
      goToLogin: () => {},
    },
  }),
  version: versionMachine,
  inactivity: inactivityMachine.provide({ actions: { signOut: sendParent({ type: 'inactivity.timedOut' }) } }),
  consent: consentMachine.provide({
    actions: {
      toastTickRequired: sendParent({ type: 'consent.tickRequired' }),
      toastSaveFailed: sendParent({ type: 'consent.saveFailed' }),
      consentRecorded: () => {},
    },
  }),
  guard: guardMachine.provide({
    actions: {
      redirectToLogin: sendParent((_, params: { origin: string }) => ({ type: 'guard.redirect' as const, to: 'login' as const, origin: params.origin })),
      redirectToUnauthorized: sendParent((_, params: { origin: string }) => ({
        type: 'guard.redirect' as const,
        to: 'unauthorized' as const,
        origin: params.origin,
      })),
    },
  }),
};

// Built outside setup() so their types do not depend on the guard map they are part of.
// The guard decides on the role, so it waits until the stored session has been read.
const authRead = not(stateIn({ auth: 'restoring' }));
// Only while a guarded page is being checked is there a guard to tell about a sign-out.
const guardChecking = stateIn({ route: { guarded: 'checking' } });

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    input: {} as { inactivity: InactivityInput },
    events: {} as AppEvent,
  },
  actors: {
    ...appChildren,
    // Provided by the view (src/app/shell/app-api.ts):
    /** Sends `auth.changed` whenever the sign-in component's state changes (and once at start). */
    watchAuth: fromCallback<AppEvent>(() => {}),
    /** Sends `route.changed` for the current page and every navigation. */
    watchLocation: fromCallback<AppEvent>(() => {}),
    /** Sends `user.activity` on input (pointer, keys, touch, wheel, scroll). */
    watchActivity: fromCallback<AppEvent>(() => {}),
    /** Sends `visibility.hidden` / `visibility.visible` as the tab hides and returns. */
    watchVisibility: fromCallback<AppEvent>(() => {}),
    /** GET users/users/me: the user's id and profile; throws a ProfileLoadFailure. */
    loadProfile: fromPromise<LoadedProfile>(async () => {
      throw { kind: 'other', message: 'loadProfile not provided' } satisfies ProfileLoadFailure;
    }),
    /** Spec §6: the users list is fetched as soon as a non-client signs in. */
    prefetchUsers: fromPromise<void>(async () => {}),
  },
  delays: { profileRetry: PROFILE_RETRY_MS },
  guards: {
    isRestoring: (_, params: { status: AuthStatus }) => params.status === 'configuring',
    isSignedIn: (_, params: { status: AuthStatus; user: SignedInUser | null }) => params.status === 'authenticated' && params.user !== null,
    isOtherUser: ({ context }, params: { status: AuthStatus; user: SignedInUser | null }) =>
      params.status === 'authenticated' && params.user !== null && params.user.sub !== context.user?.sub,
    isProfileMissing: (_, params: { loaded: LoadedProfile }) => params.loaded.profile === null,
    isStaff: ({ context }) => context.role !== null && context.role !== 'CLIENT',
    // Spec §2, §4: a client who has not consented, looking at their own (client) record, with an id to record it on.
    needsConsent: ({ context }) =>
      context.role === 'CLIENT' &&
      context.profile !== null &&
      context.profile.role.toUpperCase() === 'CLIENT' &&
      !context.profile.hipaa_consent &&
      isUsableClientId(context.profile.client_id),
    // A client without a usable id has no portal to show: wait for the server to supply the record.
    isClientWithoutId: ({ context }) => context.role === 'CLIENT' && !isUsableClientId(context.profile?.client_id),
    isPlaceholder: ({ context }) => context.profile?.first_name === PLACEHOLDER_FIRST_NAME && context.profile.last_name === '',
    consentGiven: (_, params: { output: unknown }) => (params.output as { consented?: boolean } | undefined)?.consented === true,
    isPublicRoute: (_, params: { route: RouteInfo }) => params.route.roles === null,
    isSameRoute: ({ context }, params: { route: RouteInfo }) => context.route?.key === params.route.key,
    authRead,
    guardChecking,
  },
  actions: {
    storeAuth: assign((_, params: { user: SignedInUser | null; role: Role | null }) => ({ user: params.user, role: params.role })),
    forgetUser: assign({ user: null, role: null, profile: null, failure: null }),
    storeLoaded: assign({
      profile: (_, params: { loaded: LoadedProfile }) => params.loaded.profile ?? placeholderProfile(params.loaded.userId),
      failure: null,
    }),
    storeFailure: assign({ failure: (_, params: { failure: ProfileLoadFailure }) => params.failure }),
    markConsented: assign({ profile: ({ context }) => (context.profile ? { ...context.profile, hipaa_consent: true } : null) }),
    rememberExpiry: assign({ sessionExpired: true }),
    forgetExpiry: assign({ sessionExpired: false }),
    storeRoute: assign({ route: (_, params: { route: RouteInfo }) => params.route }),
    startSession: sendTo('session', { type: 'session.started' }),
    forwardActivity: sendTo('inactivity', { type: 'user.activity' }),
    forwardVisibility: sendTo('version', (_, params: { type: 'visibility.hidden' | 'visibility.visible' }) => ({ type: params.type })),
    // Signed out elsewhere: only while a guarded page is being checked is there a guard to tell.
    tellGuardSignedOut: sendTo('guard', { type: 'guard.roleChanged', role: null }),
    // Effects the view provides.
    /** Fetch the signed-in frames' code: once signed in, or while a session is restored on any
     *  page but /login (a reload, a bookmark), so it arrives with the session, not after it. */
    preloadSignedIn: (_, _params: { unlessOnLogin: boolean }) => {},
    signOut: () => {},
    navigate: (_, _params: { to: 'login' | 'unauthorized'; origin?: string }) => {},
    notify: (_, _params: { notice: Notice }) => {},
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    inactivity: input.inactivity,
    user: null,
    role: null,
    profile: null,
    failure: null,
    sessionExpired: false,
    route: null,
  }),
  type: 'parallel',
  invoke: [
    { id: 'session', src: 'session' },
    { id: 'version', src: 'version' },
    { id: 'watchAuth', src: 'watchAuth' },
    { id: 'watchLocation', src: 'watchLocation' },
    { id: 'watchVisibility', src: 'watchVisibility' },
  ],
  on: {
    'visibility.hidden': { actions: { type: 'forwardVisibility', params: { type: 'visibility.hidden' } } },
    'visibility.visible': { actions: { type: 'forwardVisibility', params: { type: 'visibility.visible' } } },
    'notice.dismiss': { actions: 'forgetExpiry' },
    // The identity service may have signed the user out already (a failed refresh is also a Hub
    // event): the alert is remembered whatever the state.
    'session.expiredAlert': { actions: 'rememberExpiry' },
  },
  states: {
    auth: {
      initial: 'restoring',
      states: {
        // The sign-in component is still reading the stored session.
        restoring: {
          tags: 'pending',
          entry: { type: 'preloadSignedIn', params: { unlessOnLogin: true } },
          on: {
            'auth.changed': [
              { guard: { type: 'isRestoring', params: ({ event }) => event } },
              {
                guard: { type: 'isSignedIn', params: ({ event }) => event },
                target: 'signedIn',
                actions: { type: 'storeAuth', params: ({ event }) => event },
              },
              { target: 'signedOut' },
            ],
          },
        },
        signedOut: {
          entry: 'forgetUser',
          on: {
            // Already signed out when the refresh failed: still to /login, where the alert shows.
            'session.ended': { actions: { type: 'navigate', params: { to: 'login' } } },
            'auth.changed': {
              guard: { type: 'isSignedIn', params: ({ event }) => event },
              target: 'signedIn',
              actions: ['forgetExpiry', { type: 'storeAuth', params: ({ event }) => event }],
            },
          },
        },
        signedIn: {
          type: 'parallel',
          entry: ['startSession', { type: 'preloadSignedIn', params: { unlessOnLogin: false } }],
          invoke: [
            { id: 'inactivity', src: 'inactivity', input: ({ context }) => context.inactivity },
            { id: 'watchActivity', src: 'watchActivity' },
          ],
          on: {
            'user.activity': { actions: 'forwardActivity' },
            'auth.changed': [
              // Another account signed in (a second tab): start over with theirs.
              {
                guard: { type: 'isOtherUser', params: ({ event }) => event },
                target: 'signedIn',
                reenter: true,
                actions: ['forgetUser', { type: 'storeAuth', params: ({ event }) => event }],
              },
              { guard: { type: 'isSignedIn', params: ({ event }) => event } },
              // Signed out elsewhere (another tab, the identity service): the guard sends the page to /login.
              { guard: 'guardChecking', target: 'signedOut', actions: 'tellGuardSignedOut' },
              { target: 'signedOut' },
            ],
            'app.signOut': { target: 'signedOut', actions: ['signOut', { type: 'navigate', params: { to: 'login' } }] },
            'session.ended': { target: 'signedOut', actions: ['signOut', { type: 'navigate', params: { to: 'login' } }] },
            'inactivity.timedOut': {
              target: 'signedOut',
              actions: ['signOut', { type: 'notify', params: { notice: 'signedOutForInactivity' } }, { type: 'navigate', params: { to: 'login' } }],
            },
          },
          states: {
            profile: {
              initial: 'loading',
              states: {
                loading: {
                  tags: 'pending',
                  invoke: {
                    id: 'loadProfile',
                    src: 'loadProfile',
                    onDone: [
                      {
                        guard: { type: 'isProfileMissing', params: ({ event }) => ({ loaded: event.output }) },
                        target: 'placeholder',
                        actions: { type: 'storeLoaded', params: ({ event }) => ({ loaded: event.output }) },
                      },
                      { target: 'checkingConsent', actions: { type: 'storeLoaded', params: ({ event }) => ({ loaded: event.output }) } },
                    ],
                    onError: {
                      target: 'failed',
                      actions: { type: 'storeFailure', params: ({ event }) => ({ failure: event.error as ProfileLoadFailure }) },
                    },
                  },
                },
                // Spec §8: a dismissible banner; staff carry on, a client keeps the spinner (§2).
                failed: {
                  initial: 'bannerShown',
                  states: {
                    bannerShown: { on: { 'banner.dismiss': 'bannerDismissed' } },
                    bannerDismissed: {},
                  },
                },
                // Spec §3: no profile row; the placeholder stands in.
                placeholder: {
                  always: [{ guard: 'isClientWithoutId', target: 'awaitingRecord' }, { target: 'checkingConsent' }],
                },
                // No usable id: never send a request with an invalid one; ask again until the server has the record.
                awaitingRecord: {
                  tags: 'pending',
                  after: { profileRetry: 'loading' },
                },
                checkingConsent: {
                  always: [{ guard: 'needsConsent', target: 'consentRequired' }, { target: 'ready' }],
                },
                consentRequired: {
                  invoke: {
                    id: 'consent',
                    src: 'consent',
                    input: ({ context }) => ({
                      signedInRole: context.role,
                      clientRole: context.profile?.role ?? null,
                      hasConsented: context.profile?.hipaa_consent ?? false,
                      clientId: context.profile?.client_id ?? '',
                    }),
                    onDone: [
                      // The placeholder stood in for a row the server created with the consent: read it.
                      { guard: 'isPlaceholder', target: 'loading' },
                      // The child asks exactly when this chart does, so it ends only once consent is recorded.
                      { guard: { type: 'consentGiven', params: ({ event }) => ({ output: event.output }) }, target: 'ready', actions: 'markConsented' },
                    ],
                  },
                  on: {
                    'consent.tickRequired': { actions: { type: 'notify', params: { notice: 'consentTickRequired' } } },
                    'consent.saveFailed': { actions: { type: 'notify', params: { notice: 'consentSaveFailed' } } },
                  },
                },
                ready: {},
              },
            },
            users: {
              initial: 'deciding',
              states: {
                deciding: { always: [{ guard: 'isStaff', target: 'prefetching' }, { target: 'notNeeded' }] },
                prefetching: { invoke: { id: 'prefetchUsers', src: 'prefetchUsers', onDone: 'fetched', onError: 'fetched' } },
                fetched: {},
                notNeeded: {},
              },
            },
          },
        },
      },
    },
    // The page on screen: public pages show at once, guarded ones after the guard child allows them.
    route: {
      initial: 'unknown',
      on: {
        'route.changed': [
          // The same page with another query or id: no new check.
          { guard: { type: 'isSameRoute', params: ({ event }) => event }, actions: { type: 'storeRoute', params: ({ event }) => event } },
          { target: '.deciding', actions: { type: 'storeRoute', params: ({ event }) => event } },
        ],
        'guard.redirect': { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to, origin: event.origin }) } },
      },
      states: {
        unknown: {},
        deciding: {
          always: [{ guard: { type: 'isPublicRoute', params: ({ context }) => ({ route: context.route! }) }, target: 'public' }, { target: 'guarded' }],
        },
        public: {},
        guarded: {
          initial: 'waitingForAuth',
          states: {
            waitingForAuth: {
              always: { guard: 'authRead', target: 'checking' },
            },
            checking: {
              invoke: {
                id: 'guard',
                src: 'guard',
                input: ({ context }) => ({ role: context.role, allowedRoles: context.route?.roles ?? [], origin: context.route?.origin ?? '/' }),
              },
            },
          },
        },
      },
    },
  },
});

export type AppActor = ActorRefFrom<typeof appMachine>;
