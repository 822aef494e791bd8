// The app shell's adapter: the only module of the shell that touches aws-amplify or openapi-fetch
// (through the API client). It provides the app and boot machines' actors: the identity session,
// the API client, /config.json and /version.json, and the browser subscriptions (location,
// activity, visibility) that turn into events for the chart. The business operations it needs (the
// own profile, consent, the users prefetch) are the clients domain's, taken from its shell.ts: no
// adapter calls another domain's operations.
import { fetchAuthSession } from 'aws-amplify/auth';
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import { type AppEvent, appChildren, appMachine } from '../../../machines/app/app-machine.ts';
import { bootMachine, type BootFailure } from '../../../machines/app/boot-machine.ts';
import { asRole } from '../../../machines/guard/roles.ts';
import { selectStatus } from '../../../machines/identity/selectors.ts';
import { loadOwnProfile, prefetchUsers, recordOwnConsent } from '../../features/clients/shell.ts';
import type { AuthenticatorRef } from '../../features/identity/shell.ts';
import { forgetVisitDrafts } from '../../features/visits/shell.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { setClinicFormat } from '../../lib/format.ts';
import { configureAmplify, fetchFirstVersion, fetchVersion, hasUserPool, loadRuntimeConfig } from '../../lib/runtime-config.ts';
import { inactivitySettings, readStoredTimeout } from './inactivity-settings.ts';
import { routeInfo } from './route-info.ts';
import { createSessionPort } from './session-port.ts';

async function readAccessToken(): Promise<string | null> {
  try {
    return (await fetchAuthSession()).tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

const refreshSession = fromPromise(async () => {
  const session = await fetchAuthSession({ forceRefresh: true });
  const token = session.tokens?.accessToken?.toString();
  if (!token) throw new Error('the session could not be refreshed');
  return token;
});

/** /config.json, then aws-amplify configured from it. No answer at all is a network failure. */
export async function loadConfiguration(load: () => Promise<RuntimeConfig> = loadRuntimeConfig): Promise<RuntimeConfig> {
  let config: RuntimeConfig;
  try {
    config = await load();
  } catch (error) {
    console.error('Could not load /config.json', error);
    throw { kind: error instanceof TypeError ? 'network' : 'configuration' } satisfies BootFailure;
  }
  if (!hasUserPool(config)) {
    console.error('The runtime configuration names no user pool:', config.amplify);
    throw { kind: 'configuration' } satisfies BootFailure;
  }
  configureAmplify(config);
  setClinicFormat(config);
  // The tab and bookmarks carry the clinic's own name (set on /backoffice), not the product's.
  document.title = config.clinicName;
  return config;
}

export const bootLogic = bootMachine.provide({ actors: { loadConfiguration: fromPromise<unknown>(() => loadConfiguration()) } });

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
export const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

export type AppServices = ReturnType<typeof createAppServices>;

/** The API client and the app machine with every actor provided; the view adds navigate and notify. */
export function createAppServices(config: RuntimeConfig, authenticator: AuthenticatorRef) {
  let app: ActorRefFrom<typeof appMachine> | null = null;
  const session = () => app?.getSnapshot().children.session as ActorRefFrom<typeof appChildren.session> | undefined;
  const api = createApiClient({ baseUrl: config.apiBase, session: createSessionPort(session, readAccessToken) });

  const logic = appMachine.provide({
    actors: {
      session: appChildren.session.provide({ actors: { refreshSession } }),
      version: appChildren.version.provide({
        actors: { fetchVersion: fromPromise(async ({ input }) => (await (input.first ? fetchFirstVersion() : fetchVersion())).version) },
        actions: { reloadPage: () => window.location.reload() },
      }),
      consent: appChildren.consent.provide({ actors: { recordConsent: fromPromise(({ input }) => recordOwnConsent(api, input.clientId)) } }),
      loadProfile: fromPromise(() => loadOwnProfile(api)),
      prefetchUsers: fromPromise(() => prefetchUsers(api)),
      watchAuth: fromCallback<AppEvent>(({ sendBack }) => {
        let last = '';
        const emit = (snapshot: ReturnType<AuthenticatorRef['getSnapshot']>) => {
          const status = selectStatus(snapshot);
          const u = status === 'authenticated' ? snapshot.context.user : null;
          const event: AppEvent = {
            type: 'auth.changed',
            status,
            user: u ? { username: u.username, sub: u.userId, email: u.email } : null,
            role: u ? asRole(u.role) : null,
          };
          const key = JSON.stringify(event);
          if (key === last) return;
          last = key;
          sendBack(event);
        };
        emit(authenticator.getSnapshot());
        const subscription = authenticator.subscribe(emit);
        return () => subscription.unsubscribe();
      }),
      watchLocation: fromCallback<AppEvent>(({ sendBack }) => {
        const emit = () => sendBack({ type: 'route.changed', route: routeInfo(window.location.pathname, window.location.search) });
        emit();
        for (const type of LOCATION_EVENTS) window.addEventListener(type, emit);
        return () => {
          for (const type of LOCATION_EVENTS) window.removeEventListener(type, emit);
        };
      }),
      watchActivity: fromCallback<AppEvent>(({ sendBack }) => {
        let last = 0;
        const onActivity = () => {
          // Restarting the timers on every mouse move is wasteful; twice a second is plenty.
          const now = Date.now();
          if (now - last < 500) return;
          last = now;
          sendBack({ type: 'user.activity' });
        };
        for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
        return () => {
          for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
        };
      }),
      watchVisibility: fromCallback<AppEvent>(({ sendBack }) => {
        const onVisibility = () => sendBack({ type: document.hidden ? 'visibility.hidden' : 'visibility.visible' });
        document.addEventListener('visibilitychange', onVisibility);
        return () => document.removeEventListener('visibilitychange', onVisibility);
      }),
    },
    actions: {
      // Every sign-out (the menu, an ended session, automatic logoff) first removes what this
      // computer kept of anyone's unsent changes (health data on a shared clinic computer).
      signOut: () => {
        forgetVisitDrafts();
        authenticator.send({ type: 'auth.signOut' });
      },
    },
  });

  return {
    api,
    logic,
    input: { inactivity: inactivitySettings(readStoredTimeout()) },
    /** The running app actor, whose `session` child answers the API client's refused tokens. */
    attach(actor: ActorRefFrom<typeof appMachine>) {
      app = actor;
    },
  };
}
