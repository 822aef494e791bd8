// Paths over the PRODUCTION authenticator machine for model-based tests. `xstate/graph` walks
// the machine itself; the events its invoked actors would send (xstate.done.actor.* /
// xstate.error.actor.*) are supplied per active child, so every invoke, guard and target is
// reachable. Each path is a shortest path to a state plus one more transition, so together the
// paths take every transition of the traversal.
import { type AnyStateNode, createActor, fromPromise, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { authenticatorMachine } from '../../../../machines/sign-in/authenticator-machine.ts';
import type { AuthenticatorConfig, InitialScreen } from '../../../../machines/sign-in/config.ts';
import { formFields } from '../../../../machines/sign-in/form.ts';
import type { AuthEvent } from '../../../../machines/sign-in/types.ts';

type Snapshot = ReturnType<typeof authenticatorMachine.getInitialSnapshot>;
export type ModelEvent = AuthEvent | { type: `xstate.done.actor.${string}`; output?: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

export const BASE_CONFIG: AuthenticatorConfig = {
  loginMechanisms: ['email'],
  signUpAttributes: ['email', 'phone_number'],
  passwordSettings: { minLength: 8, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true },
  socialProviders: [],
};

export interface Scenario {
  name: string;
  config: AuthenticatorConfig;
  initialScreen: InitialScreen;
}

export const SCENARIOS: Scenario[] = [
  { name: 'sign in first', config: BASE_CONFIG, initialScreen: 'signIn' },
  { name: 'sign up first', config: BASE_CONFIG, initialScreen: 'signUp' },
  { name: 'forgot password first', config: BASE_CONFIG, initialScreen: 'forgotPassword' },
  { name: 'with social providers', config: { ...BASE_CONFIG, socialProviders: ['google', 'twitter'] }, initialScreen: 'signIn' },
];

export const VALID_VALUES: Record<string, string> = {
  username: 'ada@example.com',
  email: 'ada@example.com',
  phone_number: '(555) 123-4567',
  password: 'Passw0rd!',
  confirm_password: 'Passw0rd!',
  confirmation_code: '123456',
  unverifiedAttr: 'email',
};

const codeDelivery = { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' };
const signInStep = (signInStep: string, extra: Record<string, unknown> = {}) => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep, ...extra },
});
const SIGN_IN_OUTPUTS = [
  signInStep('DONE'),
  signInStep('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes: [] }),
  signInStep('RESET_PASSWORD'),
  signInStep('CONFIRM_SIGN_UP'),
  signInStep('CONFIRM_SIGN_IN_WITH_SMS_CODE', {
    codeDeliveryDetails: { destination: '+*******4567', deliveryMedium: 'SMS', attributeName: 'phone_number' },
  }),
  signInStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE'),
  signInStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP' } }),
  signInStep('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['SMS', 'TOTP'] }),
];
export const NETWORK_ERROR = { name: 'NetworkError', message: 'A network error has occurred.' };
const err = (name: string, message: string) => ({ name, message });

/** What each invoked actor (by invoke id) may answer. */
export const ACTOR_RESULTS: Record<string, { outputs: unknown[]; errors: unknown[] }> = {
  getCurrentUser: {
    outputs: [{ username: 'ada-sub', userId: 'sub-1', email: 'ada@example.com', role: 'CLIENT' }],
    errors: [err('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.')],
  },
  signIn: { outputs: SIGN_IN_OUTPUTS, errors: [err('NotAuthorizedException', 'Incorrect username or password.'), NETWORK_ERROR] },
  confirmSignIn: { outputs: SIGN_IN_OUTPUTS, errors: [err('CodeMismatchException', 'Invalid code received for user')] },
  signUp: {
    outputs: [
      { isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } },
      { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } },
      { isSignUpComplete: false, userId: 'sub-2', nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: codeDelivery } },
    ],
    errors: [err('UsernameExistsException', 'An account with the given email already exists.')],
  },
  confirmSignUp: {
    outputs: [
      { isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } },
      { isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } },
    ],
    errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')],
  },
  resendSignUpCode: {
    outputs: [codeDelivery],
    errors: [
      err('InvalidParameterException', 'User is already confirmed.'),
      err('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
    ],
  },
  resetPassword: {
    outputs: [{ isPasswordReset: false, nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: codeDelivery } }],
    errors: [err('LimitExceededException', 'Attempt limit exceeded, please try after some time.')],
  },
  confirmResetPassword: {
    outputs: [null],
    errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')],
  },
  fetchUserAttributes: {
    outputs: [
      { email: 'ada@example.com', email_verified: 'false', sub: 'sub-1' },
      { email: 'ada@example.com', email_verified: 'true', sub: 'sub-1' },
    ],
    errors: [NETWORK_ERROR],
  },
  sendUserAttributeVerificationCode: { outputs: [codeDelivery], errors: [err('LimitExceededException', 'Attempt limit exceeded, please try after some time.')] },
  confirmUserAttribute: { outputs: [null], errors: [err('CodeMismatchException', 'Invalid verification code provided, please try again.')] },
  autoSignIn: { outputs: [signInStep('DONE'), signInStep('CONFIRM_SIGN_IN_WITH_SMS_CODE')], errors: [err('AutoSignInException', 'The autoSignIn flow failed.')] },
  signInWithRedirect: { outputs: [], errors: [err('OAuthNotConfigureException', 'oauth param not configured.')] },
  signOut: { outputs: [null], errors: [NETWORK_ERROR] },
};

const GLOBAL_EVENTS: AuthEvent[] = [
  { type: 'nav.signIn' },
  { type: 'nav.signUp' },
  { type: 'nav.forgotPassword' },
  { type: 'form.submit' },
  { type: 'form.dismissError' },
  { type: 'code.resend' },
  { type: 'verify.skip' },
  { type: 'auth.signOut' },
  { type: 'hub.tokenRefresh' },
  { type: 'hub.tokenRefreshFailure' },
  { type: 'hub.signedOut' },
  { type: 'hub.signInWithRedirect' },
];

export function eventsFor(state: Snapshot): ModelEvent[] {
  const events: ModelEvent[] = [...GLOBAL_EVENTS];
  const { form, config } = state.context;
  const fields = form === 'signIn' ? ['username', 'password'] : formFields(form, config);
  // Fields are filled in screen order (one change event: the next empty field), which keeps the
  // traversal to n+1 fill levels per form instead of every subset. In an error state the first
  // field can also be cleared, so re-submitting an incomplete form is reachable too.
  const next = fields.find((name) => !state.context.values[name]);
  if (next) events.push({ type: 'form.change', name: next, value: VALID_VALUES[next] });
  if (fields.length) events.push({ type: 'form.blur', name: fields[0] });
  if (fields.length && JSON.stringify(state.value).includes('"error"')) {
    events.push({ type: 'form.change', name: fields[0], value: '' });
  }
  for (const provider of config.socialProviders) events.push({ type: 'social.signIn', provider });
  for (const id of Object.keys(state.children)) {
    const results = ACTOR_RESULTS[id];
    if (!results) throw new Error(`No model results for the invoked actor ${id}`);
    for (const output of results.outputs) events.push({ type: `xstate.done.actor.${id}`, output });
    for (const error of results.errors) events.push({ type: `xstate.error.actor.${id}`, error });
  }
  return events;
}

/** A state of the traversal: the state value and which form fields hold a value (guards read them). */
export function serializeState(state: Snapshot): string {
  const filled = Object.keys(state.context.values)
    .filter((k) => state.context.values[k])
    .sort();
  return JSON.stringify({ value: state.value, filled, user: Boolean(state.context.user) });
}

export interface ModelPath {
  scenario: Scenario;
  events: ModelEvent[];
  /** The state value expected after each event. */
  values: unknown[];
  description: string;
}

function describeEvent(event: ModelEvent): string {
  if (event.type === 'form.change') return `change ${event.name}`;
  if (event.type === 'form.blur') return `blur ${event.name}`;
  if ('output' in event) return `${event.type.replace('xstate.done.actor.', 'done ')}${stepOf(event.output)}`;
  if ('error' in event) return `${event.type.replace('xstate.error.actor.', 'error ')} (${(event.error as { name: string }).name})`;
  return event.type;
}
function stepOf(output: unknown): string {
  const o = output as { nextStep?: { signInStep?: string; signUpStep?: string }; email_verified?: string } | null;
  const step = o?.nextStep?.signInStep ?? o?.nextStep?.signUpStep ?? (o?.email_verified ? `email_verified=${o.email_verified}` : '');
  return step ? ` ${step}` : '';
}

export function pathsFor(scenario: Scenario): ModelPath[] {
  const options = {
    input: { config: scenario.config, initialScreen: scenario.initialScreen },
    events: (s: Snapshot) => eventsFor(s) as never[],
    filterEvents: (s: Snapshot, e: ModelEvent) => s.can(e as AuthEvent),
    serializeState: (s: Snapshot) => serializeState(s),
    limit: 100_000,
  };
  const adjacency = getAdjacencyMap(authenticatorMachine, options as never);
  const shortest = getShortestPaths(authenticatorMachine, options as never);
  const paths: ModelPath[] = [];
  const seen = new Set<string>();
  for (const path of shortest) {
    const steps = path.steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init');
    const prefix = steps.map((s) => s.event as ModelEvent);
    const values = steps.map((s) => s.state.value);
    const node = (adjacency as unknown as Record<string, { transitions: Record<string, { event: unknown; state: unknown }> }>)[
      serializeState(path.state as Snapshot)
    ];
    for (const { event, state } of Object.values(node.transitions)) {
      // The same event from the same state value takes the same transition, whatever the fill
      // level, except a submit (its guard reads the values): one path per such edge is enough.
      const e = event as ModelEvent;
      const edgeKey = `${JSON.stringify(path.state.value)}|${JSON.stringify(e)}|${e.type === 'form.submit' || e.type === 'form.change' ? serializeState(path.state as Snapshot) : ''}`;
      if (seen.has(edgeKey)) continue;
      seen.add(edgeKey);
      const events = [...prefix, event as ModelEvent];
      paths.push({
        scenario,
        events,
        values: [...values, (state as Snapshot).value],
        description: `${scenario.name}: ${events.map(describeEvent).join(' → ')}`,
      });
    }
  }
  return paths;
}

export function allPaths(): ModelPath[] {
  return SCENARIOS.flatMap(pathsFor);
}

/** Every transition of a machine: `stateId|event|index` (index among the event's candidates). */
export function allTransitions(root: AnyStateNode): Set<string> {
  const keys = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((_, i) => {
        keys.add(`${node.id}|${eventType}|${i}`);
      });
    }
    node.always?.forEach((_, i) => {
      keys.add(`${node.id}|always|${i}`);
    });
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(root);
  return keys;
}

export function allStateIds(root: AnyStateNode): Set<string> {
  const ids = new Set<string>();
  const visit = (node: AnyStateNode) => {
    ids.add(node.id);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(root);
  return ids;
}

/** Records which transitions and states a running actor took, from its inspection events. */
export function coverageRecorder() {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) {
      const source = t.source;
      const key = t.eventType
        ? `${source.id}|${t.eventType}|${source.transitions.get(t.eventType)?.indexOf(t)}`
        : `${source.id}|always|${source.always?.indexOf(t)}`;
      transitions.add(key);
    }
    for (const node of (event.snapshot as Snapshot)._nodes) states.add(node.id);
  };
  return { transitions, states, inspect };
}

/** Fake identity actors whose promises the test settles with the path's done/error events. */
export function scriptedActors() {
  const pending = new Map<string, { input: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    Object.keys(ACTOR_RESULTS).map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            pending.set(name, { input, resolve, reject });
          }),
      ),
    ]),
  );
  return { actors, pending };
}

export function settle(pending: ReturnType<typeof scriptedActors>['pending'], event: ModelEvent): boolean {
  const done = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (!done) return false;
  const call = pending.get(done[2]);
  if (!call) throw new Error(`${done[2]} was not invoked`);
  pending.delete(done[2]);
  if (done[1] === 'done') call.resolve((event as { output?: unknown }).output);
  else call.reject((event as { error: unknown }).error);
  return true;
}

export { createActor };

export interface Coverage {
  transitions: Set<string>;
  states: Set<string>;
}

/** Replays a path synchronously (done/error events sent as the actors would send them) to learn what it covers. */
export function quickCoverage(path: ModelPath): Coverage & { values: unknown[] } {
  const recorder = coverageRecorder();
  const { actors } = scriptedActors();
  const actor = createActor(authenticatorMachine.provide({ actors: actors as never }), {
    input: { config: path.scenario.config, initialScreen: path.scenario.initialScreen },
    inspect: recorder.inspect,
  });
  actor.start();
  for (const node of actor.getSnapshot()._nodes) recorder.states.add(node.id);
  const values: unknown[] = [];
  for (const event of path.events) {
    actor.send(event as AuthEvent);
    values.push(actor.getSnapshot().value);
  }
  actor.stop();
  return { transitions: recorder.transitions, states: recorder.states, values };
}

/** A small set of paths that together take every transition and visit every state the full set does (greedy set cover). */
export function coveringPaths(paths: ModelPath[]): { selected: ModelPath[]; coverage: Coverage } {
  // The unsupported-provider paths log an error each time; the selection replays them silently.
  const consoleError = console.error;
  console.error = () => {};
  const replayed = paths.map((path) => ({ path, coverage: quickCoverage(path) }));
  console.error = consoleError;
  const items = replayed.map(({ path, coverage: c }) => {
    return { path, keys: new Set([...c.transitions].map((t) => `t:${t}`).concat([...c.states].map((s) => `s:${s}`))) };
  });
  const covered = new Set<string>();
  const selected: ModelPath[] = [];
  for (;;) {
    let best: (typeof items)[number] | null = null;
    let bestGain = 0;
    for (const item of items) {
      let gain = 0;
      for (const k of item.keys) if (!covered.has(k)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && item.path.events.length < best.path.events.length)) {
        best = item;
        bestGain = gain;
      }
    }
    if (!best || bestGain === 0) break;
    selected.push(best.path);
    for (const k of best.keys) covered.add(k);
  }
  const transitions = new Set([...covered].filter((k) => k.startsWith('t:')).map((k) => k.slice(2)));
  const states = new Set([...covered].filter((k) => k.startsWith('s:')).map((k) => k.slice(2)));
  return { selected, coverage: { transitions, states } };
}
