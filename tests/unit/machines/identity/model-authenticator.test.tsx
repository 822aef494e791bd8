// @vitest-environment happy-dom
// Model-based tests of the sign-in component. Paths come from the production authenticator
// machine (xstate/graph, see authenticator.model.ts and tests/support/model-paths.ts); each selected path is replayed (1) against the
// machine run with provided fake actors whose promises settle as the path says, and (2) against
// the rendered views, driven the way a user would (typing, clicking, Hub events). The run prints
// the paths, states and transitions covered and fails if any state or transition is missed.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import type { AnyEventObject } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authenticatorMachine } from '../../../../machines/identity/authenticator-machine.ts';
import { codeErrorMessage, errorMessage, passkeyErrorMessage, passkeyRegistrationMessage } from '../../../../machines/identity/errors.ts';
import { type Screen, selectScreen, selectStatus } from '../../../../machines/identity/selectors.ts';
import { MFA_TEXTS, PASSWORDLESS_TEXTS, TEXTS, UNSUPPORTED_SIGN_IN_STEP } from '../../../../machines/identity/texts.ts';
import { AuthProvider, useAuth } from '../../../../src/features/identity/auth-provider.tsx';
import { Authenticator } from '../../../../src/features/identity/authenticator.tsx';
import {
  allStates,
  allTransitions,
  type Coverage,
  deferredActors,
  generatedPaths,
  type ModelPath,
  replay,
  selectedPaths,
  uncovered,
} from '../../../support/model-paths.ts';
import { model, scenarioOf } from './authenticator.model.ts';

type ModelEvent = AnyEventObject;
const generated = generatedPaths(model);
const selected = selectedPaths(model, generated);
const runs: Coverage[] = [];
const viewScreens = new Set<Screen>();

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const silenceUnsupportedProvider = () => vi.spyOn(console, 'error').mockImplementation(() => {});

function snapshotOf(value: unknown, path: ModelPath) {
  const scenario = scenarioOf(path);
  return authenticatorMachine.resolveState({
    value: value as never,
    context: {
      ...authenticatorMachine.getInitialSnapshot(
        undefined as never,
        {
          config: scenario.config,
          initialScreen: scenario.initialScreen,
        } as never,
      ).context,
    },
  });
}

describe('the authenticator machine replays every model path', () => {
  afterAll(() => {
    const missed = uncovered(authenticatorMachine, runs);
    const states = allStates(authenticatorMachine).length;
    const transitions = allTransitions(authenticatorMachine).length;
    console.log(
      `[sign-in model] ${generated.length} generated paths, ${selected.length} replayed; ` +
        `states ${states - missed.states.length}/${states}, transitions ${transitions - missed.transitions.length}/${transitions}`,
    );
  });

  it.each(selected.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const spy = silenceUnsupportedProvider();
    try {
      runs.push(await replay(authenticatorMachine, path));
    } finally {
      spy.mockRestore();
    }
  });

  it('covers every state and every transition of the machine', () => {
    expect(uncovered(authenticatorMachine, runs)).toEqual({ states: [], transitions: [] });
  });
});

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <span data-testid="auth-status">{auth.status}</span>
      <button type="button" onClick={auth.signOut}>
        probe sign out
      </button>
    </div>
  );
}

function button(name: string | RegExp) {
  return screen.getAllByRole('button', { name }).find((b) => !b.closest('[role="tablist"]')) ?? screen.getByRole('button', { name });
}

function input(name: string, value?: string): HTMLElement {
  if (name === 'unverifiedAttr') return screen.getAllByRole('radio')[0];
  if (name === 'mfa_type' || name === 'sign_in_factor') {
    const radio = document.querySelector<HTMLElement>(`input[name="${name}"]${value ? `[value="${value}"]` : ''}`);
    if (!radio) throw new Error(`no ${name} ${value ?? ''}`);
    return radio;
  }
  const element = document.getElementById(`auth-${name}`);
  if (!element) throw new Error(`no field ${name}`);
  return element;
}

async function drive(event: ModelEvent, settle: (event: ModelEvent) => boolean) {
  switch (event.type) {
    case 'form.change':
      if (event.name === 'unverifiedAttr' || event.name === 'mfa_type' || event.name === 'sign_in_factor') fireEvent.click(input(event.name, event.value));
      else fireEvent.change(input(event.name), { target: { value: event.value } });
      return;
    case 'form.blur':
      fireEvent.blur(input(event.name));
      return;
    case 'form.submit': {
      const submit = document.querySelector<HTMLButtonElement>('form button[type="submit"]')!;
      expect(submit.disabled).toBe(false);
      fireEvent.click(submit);
      return;
    }
    case 'form.dismissError':
      fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: /close/i }));
      return;
    case 'nav.signIn': {
      const tab = screen.queryByRole('tab', { name: TEXTS.signIn });
      fireEvent.click(tab ?? button(TEXTS.backToSignIn));
      return;
    }
    case 'nav.signUp':
      fireEvent.click(screen.getByRole('tab', { name: TEXTS.createAccount }));
      return;
    case 'nav.forgotPassword':
      fireEvent.click(button(TEXTS.forgotPassword));
      return;
    case 'code.resend':
      fireEvent.click(button(TEXTS.resendCode));
      return;
    case 'verify.skip':
      fireEvent.click(button(TEXTS.skip));
      return;
    case 'nav.selectFactor':
      fireEvent.click(button(PASSWORDLESS_TEXTS.otherWays));
      return;
    case 'passkey.notNow':
      fireEvent.click(button(PASSWORDLESS_TEXTS.notNow));
      return;
    case 'social.signIn':
      fireEvent.click(
        screen.getByRole('button', {
          name: new RegExp(`^Sign (In|Up) with ${event.provider.charAt(0).toUpperCase()}${event.provider.slice(1)}$`),
        }),
      );
      return;
    case 'auth.signOut':
      fireEvent.click(screen.getByRole('button', { name: 'probe sign out' }));
      return;
    case 'hub.tokenRefresh':
      Hub.dispatch('auth', { event: 'tokenRefresh' });
      return;
    case 'hub.tokenRefreshFailure':
      Hub.dispatch('auth', { event: 'tokenRefresh_failure', data: { error: undefined } } as never);
      return;
    case 'hub.signedOut':
      Hub.dispatch('auth', { event: 'signedOut' });
      return;
    case 'hub.signInWithRedirect':
      Hub.dispatch('auth', { event: 'signInWithRedirect' });
      return;
    default:
      if (!settle(event)) throw new Error(`the views cannot replay ${event.type}`);
      await act(tick);
  }
}

const SCREEN_TEXTS: Partial<Record<Screen, { headings?: string[]; buttons: string[] }>> = {
  signIn: { buttons: [TEXTS.signIn, TEXTS.forgotPassword] },
  signUp: { buttons: [TEXTS.createAccount] },
  confirmSignUp: { headings: [TEXTS.weEmailedYou, TEXTS.weTextedYou, TEXTS.weSentACode], buttons: [TEXTS.confirm, TEXTS.resendCode, TEXTS.backToSignIn] },
  confirmSignIn: { headings: [TEXTS.confirmSmsCode, TEXTS.confirmTotpCode, TEXTS.confirmMfaCode], buttons: [TEXTS.confirm, TEXTS.backToSignIn] },
  setupTotp: { headings: [TEXTS.setupTotp], buttons: [TEXTS.confirm, TEXTS.backToSignIn] },
  forceNewPassword: { headings: [TEXTS.changePassword], buttons: [TEXTS.changePassword, TEXTS.backToSignIn] },
  selectMfaType: { headings: [MFA_TEXTS.selectMfaType], buttons: [TEXTS.confirm, TEXTS.backToSignIn] },
  setupEmail: { headings: [MFA_TEXTS.setupEmail], buttons: [TEXTS.confirm, TEXTS.backToSignIn] },
  forgotPassword: { headings: [TEXTS.resetPassword], buttons: [TEXTS.submit, TEXTS.backToSignIn] },
  confirmResetPassword: { headings: [TEXTS.resetPassword], buttons: [TEXTS.submit, TEXTS.resendCode, TEXTS.backToSignIn] },
  verifyUser: { headings: [TEXTS.verifyContactHeading], buttons: [TEXTS.verify, TEXTS.skip] },
  confirmVerifyUser: { headings: [TEXTS.verifyContactHeading], buttons: [TEXTS.submit, TEXTS.skip] },
  selectFactor: { headings: [PASSWORDLESS_TEXTS.chooseHeading], buttons: [PASSWORDLESS_TEXTS.continue, TEXTS.backToSignIn] },
  signInCode: { headings: [TEXTS.weEmailedYou], buttons: [TEXTS.confirm, TEXTS.resendCode, PASSWORDLESS_TEXTS.otherWays, TEXTS.backToSignIn] },
  signInPasskey: { headings: [PASSWORDLESS_TEXTS.passkeyHeading], buttons: [PASSWORDLESS_TEXTS.usePasskey, PASSWORDLESS_TEXTS.otherWays, TEXTS.backToSignIn] },
  offerPasskey: { headings: [PASSWORDLESS_TEXTS.offerHeading], buttons: [] },
};

/** The message a screen shows for a refusal: passwordless screens say what went wrong in their own words. */
function refusalMessage(value: unknown, error: unknown): string {
  const at = JSON.stringify(value);
  if (at.includes('"signInCode"')) return codeErrorMessage(error);
  if (at.includes('"signInPasskey"')) return passkeyErrorMessage(error);
  if (at.includes('"offerPasskey"')) return passkeyRegistrationMessage(error);
  return errorMessage(error);
}

function expectScreen(expected: Screen, value: unknown, lastEvent: ModelEvent, status: string, factorChoice: boolean) {
  expect(screen.getByTestId('auth-status').textContent).toBe(status);
  if (expected === 'authenticated') {
    if (status === 'authenticated') expect(screen.getByText('ada@example.com')).toBeTruthy();
    return;
  }
  expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(expected);
  const texts = SCREEN_TEXTS[expected];
  if (!texts) {
    expect(screen.getByRole('status')).toBeTruthy();
    return;
  }
  if (texts.headings) {
    const heading = screen.getByRole('heading', { level: 2 }).textContent;
    expect(texts.headings).toContain(heading);
  }
  for (const name of texts.buttons) expect(button(name)).toBeTruthy();
  if (expected === 'setupTotp') {
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['228', '228']);
  }
  if (expected === 'forceNewPassword') {
    // The pool's required attribute (the model's missingAttributes) is a field of the screen.
    expect(screen.getByLabelText(/Given Name/)).toBeTruthy();
  }
  if (expected === 'signIn') {
    // The choice of factor is offered only when the pool allows more than the password.
    const offered = screen.queryAllByRole('button', { name: PASSWORDLESS_TEXTS.otherWays }).length > 0;
    expect(offered).toBe(factorChoice);
  }
  if (expected === 'offerPasskey') {
    const added = JSON.stringify(value).includes('"added"');
    expect(button(added ? PASSWORDLESS_TEXTS.continue : PASSWORDLESS_TEXTS.addPasskey)).toBeTruthy();
    if (added) expect(screen.getByText(PASSWORDLESS_TEXTS.passkeyAdded)).toBeTruthy();
    else expect(button(PASSWORDLESS_TEXTS.notNow)).toBeTruthy();
  }
  if (expected === 'selectMfaType') {
    expect(screen.getByRole('radio', { name: MFA_TEXTS.types.SMS })).toBeTruthy();
    expect(screen.getByRole('radio', { name: MFA_TEXTS.types.TOTP })).toBeTruthy();
  }
  if (JSON.stringify(value).includes('"error"') && 'error' in lastEvent) {
    expect(screen.getByRole('alert').textContent).toContain(refusalMessage(value, lastEvent.error));
  }
  if (JSON.stringify(value).includes('"error"') && 'output' in lastEvent) {
    const step = (lastEvent.output as { nextStep?: { signInStep?: string } }).nextStep?.signInStep;
    const noPasskey = JSON.stringify(value).includes('"signInPasskey"') && step === 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION';
    expect(screen.getByRole('alert').textContent).toContain(noPasskey ? PASSWORDLESS_TEXTS.noPasskey : UNSUPPORTED_SIGN_IN_STEP);
  }
}

describe('the sign-in views replay every model path', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    // Hub warns that the 'auth' channel is protected: the tests dispatch on it on purpose.
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(() => {
    warn.mockRestore();
    console.log(`[sign-in model] views: ${selected.length} paths replayed, ${viewScreens.size} screens rendered (${[...viewScreens].sort().join(', ')})`);
  });
  afterEach(cleanup);

  it.each(selected.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const spy = silenceUnsupportedProvider();
    const { actors, settle } = deferredActors(authenticatorMachine);
    const scenario = scenarioOf(path);
    render(
      <AuthProvider actors={actors as never} config={scenario.config} initialScreen={scenario.initialScreen}>
        <Probe />
        <Authenticator />
      </AuthProvider>,
    );
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('idle');
    viewScreens.add('idle');
    for (const { event, state } of path.steps) {
      await act(async () => {
        await drive(event, settle);
      });
      const snapshot = snapshotOf(state.value, path);
      const expected = selectScreen(snapshot);
      viewScreens.add(expected);
      // Status depends on whether a user was loaded, which the value alone does not say.
      const status = expected === 'authenticated' ? screen.getByTestId('auth-status').textContent! : selectStatus(snapshot);
      await waitFor(() => expectScreen(expected, state.value, event, status, scenario.config.signInFactors.length > 1));
    }
    spy.mockRestore();
  });
});
