// The model of the app machine for tests/support/model-paths.ts: what the sign-in component, the
// router, the children and the API may tell it. xstate/graph walks the PRODUCTION app machine
// with these events; a covering subset of the paths is replayed on the machine
// (app-machine.test.ts) and on the rendered shell (app-views.test.tsx).
import { vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { appMachine, type AppEvent } from '../../../../machines/app/app-machine.ts';
import { STAFF_ROLES } from '../../../../machines/guard/roles.ts';
import { coveringPaths, type MachineModel, type ModelSpec } from '../../../support/model-paths.ts';

export const spies = { navigate: vi.fn(), notify: vi.fn(), signOut: vi.fn() };

const ada = { username: 'ada', sub: 'sub-ada', email: 'ada@example.com' };
const nurse = { username: 'nina', sub: 'sub-nina', email: 'nina@example.com' };

export const EVENTS = {
  restoring: { type: 'auth.changed', status: 'configuring', user: null, role: null },
  signedOut: { type: 'auth.changed', status: 'unauthenticated', user: null, role: null },
  client: { type: 'auth.changed', status: 'authenticated', user: ada, role: 'CLIENT' },
  nurse: { type: 'auth.changed', status: 'authenticated', user: nurse, role: 'NURSE' },
  login: { type: 'route.changed', route: { key: 'login', origin: '/login', roles: null } },
  clients: { type: 'route.changed', route: { key: 'clients', origin: '/clients', roles: STAFF_ROLES } },
  clientsPage2: { type: 'route.changed', route: { key: 'clients', origin: '/clients?page=2', roles: STAFF_ROLES } },
} satisfies Record<string, AppEvent>;

const profile = (overrides: Record<string, unknown> = {}) => ({
  client_id: '7',
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: 'F',
  role: 'client',
  hipaa_consent: false,
  ...overrides,
});

export const LOADED = {
  unconsented: { userId: 7, profile: profile() },
  consented: { userId: 7, profile: profile({ hipaa_consent: true }) },
  missingProfile: { userId: 7, profile: null },
  missingUser: { userId: null, profile: null },
};

const others: AppEvent[] = [
  { type: 'app.signOut' },
  { type: 'banner.dismiss' },
  { type: 'notice.dismiss' },
  { type: 'user.activity' },
  { type: 'visibility.hidden' },
  { type: 'visibility.visible' },
  { type: 'session.expiredAlert' },
  { type: 'session.ended' },
  { type: 'inactivity.timedOut' },
  { type: 'consent.tickRequired' },
  { type: 'consent.saveFailed' },
  { type: 'guard.redirect', to: 'login', origin: '/clients' },
];

const spec = (name: string, auth: AppEvent[], outcomes: ModelSpec['outcomes']): ModelSpec => ({
  name,
  input: { inactivity: { timeoutMs: 60_000, warningMs: 10_000 } },
  events: [...auth, EVENTS.login, EVENTS.clients, EVENTS.clientsPage2, ...others] as AnyEventObject[],
  outcomes,
  actions: spies,
});

export const model: MachineModel = {
  machine: appMachine,
  specs: [
    spec('client', [EVENTS.restoring, EVENTS.signedOut, EVENTS.client], {
      loadProfile: [
        { output: LOADED.unconsented },
        { output: LOADED.missingProfile },
        { output: LOADED.missingUser },
        { error: { kind: 'http', status: 503 } },
      ],
      consent: [{ output: { consented: true } }],
    }),
    spec('staff', [EVENTS.signedOut, EVENTS.nurse, EVENTS.client], {
      loadProfile: [{ output: LOADED.consented }, { error: { kind: 'network' } }],
      prefetchUsers: [{ output: undefined }, { error: new Error('503') }],
    }),
  ],
  select: (paths) => coveringPaths(appMachine, paths),
  // app-views.test.tsx replays the selected paths on the rendered shell too.
  views: true,
};
