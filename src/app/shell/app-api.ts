// The app shell's adapter: the only module of the shell that touches aws-amplify or openapi-fetch
// (through the API client). It provides the app and boot machines' actors: the identity session,
// the business API, /config.json and /version.json, and the browser subscriptions (location,
// activity, visibility) that turn into events for the chart.
import { fetchAuthSession } from 'aws-amplify/auth';
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import { type AppEvent, appChildren, appMachine, type LoadedProfile, type ProfileLoadFailure } from '../../../machines/app/app-machine.ts';
import { bootMachine, type BootFailure } from '../../../machines/app/boot-machine.ts';
import { CONSENT_VERSION, isUsableClientId } from '../../../machines/consent/consent-machine.ts';
import { asRole } from '../../../machines/guard/roles.ts';
import { selectStatus } from '../../../machines/sign-in/selectors.ts';
import type { AuthenticatorRef } from '../../features/identity/shell.ts';
import { forgetVisitDrafts } from '../../features/visits/shell.ts';
import { type ApiClient, createApiClient } from '../../lib/api-client.ts';
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

function loadFailure(response: Response, error: unknown): ProfileLoadFailure {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return { kind: 'http', status: response.status, message: typeof detail === 'string' ? detail : undefined };
}

/**
 * The signed-in user's own record and profile (GET users/users/me, which is also how a client
 * learns their id for the portal routes). No profile means the placeholder; failures are
 * classified for the §8 banner.
 */
export async function loadOwnProfile(api: ApiClient): Promise<LoadedProfile> {
  const request = () => api.GET('/users/users/me', {});
  let me: Awaited<ReturnType<typeof request>>;
  try {
    me = await request();
  } catch (error) {
    // fetch itself failed: nothing answered.
    throw { kind: error instanceof TypeError ? 'network' : 'other', message: (error as Error)?.message } satisfies ProfileLoadFailure;
  }
  if (me.response.status === 404) return { userId: null, profile: null };
  if (me.error || !me.data) throw loadFailure(me.response, me.error);
  const p = me.data.Profile;
  if (!p) return { userId: me.data.id, profile: null };
  return {
    userId: me.data.id,
    profile: {
      client_id: String(me.data.id),
      first_name: p.first_name,
      last_name: p.last_name,
      gender: p.gender ?? null,
      role: p.role,
      hipaa_consent: p.hipaa_consent,
    },
  };
}

/** Spec §4: consent, its date and the text's version, on the client's own profile. */
export async function recordConsent(api: ApiClient, clientId: string): Promise<void> {
  // The chart never asks without a usable id; this keeps a bad one off the wire whatever happens.
  if (!isUsableClientId(clientId)) throw new Error('no usable client id to record consent on');
  const { error } = await api.PATCH('/users/user-profiles/{id}', {
    params: { path: { id: Number(clientId) } },
    body: { hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: CONSENT_VERSION },
  });
  if (error) throw error;
}

/** Tickets waiting on the clinic (new or open): the queue's own list filtered, one row asked, its total read. */
export async function countTicketsNeedingStaff(api: ApiClient): Promise<number> {
  const { data, error } = await api.GET('/support/tickets', { params: { query: { status: ['new', 'open'], page_size: 1 } } });
  if (error || !data) throw error ?? new Error('the support queue could not be counted');
  return data.count;
}

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
      consent: appChildren.consent.provide({ actors: { recordConsent: fromPromise(({ input }) => recordConsent(api, input.clientId)) } }),
      loadProfile: fromPromise(() => loadOwnProfile(api)),
      prefetchUsers: fromPromise(async () => {
        await api.GET('/users/users', {});
      }),
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
