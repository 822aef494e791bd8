// @vitest-environment happy-dom
// Issue 22's sign-in items, each against the production machine (fake identity actors that record
// what they were asked) or the rendered views:
//  (2) values are trimmed when used (validation and submit), not while typed: "Mary Ann" can be typed;
//  (3) a touched, empty new password shows its rule messages;
//  (9) the username field is email-style: type="email", autocomplete="username";
// (11) a forced new password renders the pool's required attributes and sends them as
//      userAttributes; MFA type selection and email one-time-code setup lead on instead of
//      "not supported".
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromPromise, waitFor } from 'xstate';
import { PASSWORD_MESSAGES } from '../../../../machines/rules/validation.ts';
import { authenticatorMachine } from '../../../../machines/identity/authenticator-machine.ts';
import type { AuthenticatorConfig } from '../../../../machines/identity/config.ts';
import { changeValue, validateForm } from '../../../../machines/identity/form.ts';
import { UNSUPPORTED_SIGN_IN_STEP } from '../../../../machines/identity/texts.ts';
import type { SignInOutput } from '../../../../machines/identity/types.ts';
import { AuthProvider } from '../../../../src/features/identity/auth-provider.tsx';
import { Authenticator } from '../../../../src/features/identity/authenticator.tsx';
import { BASE_CONFIG } from '../../machines/identity/authenticator.model.ts';

afterEach(cleanup);

const step = (signInStep: string, extra: Record<string, unknown> = {}): SignInOutput => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep, ...extra },
});

/** A signed-out authenticator whose identity calls answer from `answers` (in order) and are recorded. */
function authenticator(config: AuthenticatorConfig, answers: { signIn?: SignInOutput; confirmSignIn?: SignInOutput[] }) {
  const calls: Record<string, unknown[]> = { signIn: [], signUp: [], confirmSignIn: [] };
  const confirmAnswers = [...(answers.confirmSignIn ?? [])];
  let sessions = 0;
  const actors = {
    // Signed out at start; signed in once a sign-in is done.
    getCurrentUser: fromPromise(async () =>
      sessions++ === 0
        ? Promise.reject(Object.assign(new Error('signed out'), { name: 'UserUnAuthenticatedException' }))
        : { username: 'ada-sub', userId: 'sub-1', email: 'ada@example.com', role: 'CLIENT' },
    ),
    signIn: fromPromise(async ({ input }) => {
      calls.signIn.push(input);
      return answers.signIn!;
    }),
    signUp: fromPromise(async ({ input }) => {
      calls.signUp.push(input);
      return { isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } };
    }),
    confirmSignIn: fromPromise(async ({ input }) => {
      calls.confirmSignIn.push(input);
      const next = confirmAnswers.shift();
      if (!next) throw new Error('no answer');
      return next;
    }),
    fetchUserAttributes: fromPromise(async () => ({ email: 'ada@example.com', email_verified: 'true' })),
  };
  return { actors, calls };
}

function type(actor: AnyActorRef, name: string, text: string) {
  // One change event per keystroke, each carrying the whole value so far, as an input sends them.
  for (let i = 1; i <= text.length; i++) actor.send({ type: 'form.change', name, value: text.slice(0, i) });
}

async function signedOut(config: AuthenticatorConfig, answers: Parameters<typeof authenticator>[1], initialScreen?: 'signUp') {
  const { actors, calls } = authenticator(config, answers);
  const actor = createActor(authenticatorMachine.provide({ actors: actors as never }), { input: { config, initialScreen } }).start();
  await waitFor(actor, (s) => !s.matches({ unauthenticated: 'configuring' }));
  return { actor, calls };
}

async function submitted(actor: AnyActorRef) {
  actor.send({ type: 'form.submit' });
  await waitFor(actor, (s) => !s.hasTag('pending'));
}

describe('(2) trimming when used, not while typing', () => {
  it('keeps what is typed, spaces included', () => {
    expect(changeValue({}, 'given_name', 'Mary ')).toEqual({ given_name: 'Mary ' });
  });

  it('lets "Mary Ann" and "New Delhi" be typed and sends them trimmed on sign-up', async () => {
    const config = { ...BASE_CONFIG, signUpAttributes: ['email', 'given_name', 'address'] };
    const { actor, calls } = await signedOut(config, {}, 'signUp');
    type(actor, 'email', '  ada@example.com ');
    type(actor, 'given_name', ' Mary Ann ');
    type(actor, 'address', 'New Delhi');
    expect(actor.getSnapshot().context.values).toMatchObject({ given_name: ' Mary Ann ', address: 'New Delhi' });
    actor.send({ type: 'form.change', name: 'password', value: 'Passw0rd!' });
    actor.send({ type: 'form.change', name: 'confirm_password', value: 'Passw0rd!' });
    await submitted(actor);
    expect(calls.signUp).toEqual([
      {
        username: 'ada@example.com',
        password: 'Passw0rd!',
        options: { autoSignIn: true, userAttributes: { email: 'ada@example.com', given_name: 'Mary Ann', address: 'New Delhi' } },
      },
    ]);
  });

  it('validates the trimmed value: only spaces is empty, and a sign-in username is sent trimmed', async () => {
    const { actor, calls } = await signedOut(BASE_CONFIG, { signIn: step('DONE') });
    actor.send({ type: 'form.change', name: 'username', value: '   ' });
    actor.send({ type: 'form.change', name: 'password', value: 'Passw0rd!' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ unauthenticated: { signIn: 'edit' } })).toBe(true);
    expect(calls.signIn).toEqual([]);
    type(actor, 'username', ' ada@example.com ');
    await submitted(actor);
    expect(calls.signIn).toEqual([{ username: 'ada@example.com', password: 'Passw0rd!' }]);
  });
});

describe('(3) password rules on a touched, empty password', () => {
  it('shows every rule message once the empty password was touched, none before', () => {
    const values = { email: '', phone_number: '', password: '', confirm_password: '' };
    expect(validateForm('signUp', BASE_CONFIG, values, {}, false).password).toBeUndefined();
    expect(validateForm('signUp', BASE_CONFIG, values, { password: true }, false).password).toEqual([
      PASSWORD_MESSAGES.minLength(8),
      PASSWORD_MESSAGES.lowercase,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.numbers,
      PASSWORD_MESSAGES.symbols,
    ]);
  });

  it('shows them on the screen after a blur of the empty password', async () => {
    const { actor } = await signedOut(BASE_CONFIG, {}, 'signUp');
    actor.send({ type: 'form.blur', name: 'password' });
    expect(actor.getSnapshot().context.fieldErrors.password).toContain(PASSWORD_MESSAGES.minLength(8));
  });
});

describe('(9) the username field is email-style', () => {
  it('has type="email" and autocomplete="username"', async () => {
    const { actors } = authenticator(BASE_CONFIG, {});
    render(
      <AuthProvider actors={actors as never} config={BASE_CONFIG}>
        <Authenticator />
      </AuthProvider>,
    );
    const username = (await screen.findByLabelText(/Email/)) as HTMLInputElement;
    expect(username.id).toBe('auth-username');
    expect(username.getAttribute('type')).toBe('email');
    expect(username.getAttribute('autocomplete')).toBe('username');
  });
});

async function signInAs(config: AuthenticatorConfig, answers: Parameters<typeof authenticator>[1]) {
  const signed = await signedOut(config, answers);
  signed.actor.send({ type: 'form.change', name: 'username', value: 'ada@example.com' });
  signed.actor.send({ type: 'form.change', name: 'password', value: 'Passw0rd!' });
  await submitted(signed.actor);
  return signed;
}

describe('(11) the sign-in steps left over from wave 1', () => {
  it('forced new password: renders the required attributes and sends them as userAttributes', async () => {
    const { actor, calls } = await signInAs(BASE_CONFIG, {
      signIn: step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes: ['given_name', 'address'] }),
      confirmSignIn: [step('DONE')],
    });
    expect(actor.getSnapshot().matches({ unauthenticated: { forceNewPassword: 'edit' } })).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.values)).toEqual(['password', 'confirm_password', 'given_name', 'address']);
    actor.send({ type: 'form.change', name: 'password', value: 'N3w-Passw0rd' });
    actor.send({ type: 'form.change', name: 'confirm_password', value: 'N3w-Passw0rd' });
    actor.send({ type: 'form.submit' });
    // Required attributes are required: nothing is sent without them.
    expect(calls.confirmSignIn).toEqual([]);
    type(actor, 'given_name', 'Mary Ann ');
    type(actor, 'address', 'New Delhi');
    await submitted(actor);
    expect(calls.confirmSignIn).toEqual([{ challengeResponse: 'N3w-Passw0rd', options: { userAttributes: { given_name: 'Mary Ann', address: 'New Delhi' } } }]);
    expect(actor.getSnapshot().matches({ authenticated: 'signedIn' })).toBe(true);
  });

  it('forced new password screen shows the required attribute fields', async () => {
    const { actors } = authenticator(BASE_CONFIG, {
      signIn: step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes: ['given_name', 'address'] }),
    });
    render(
      <AuthProvider actors={actors as never} config={BASE_CONFIG}>
        <Authenticator />
      </AuthProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(document.getElementById('auth-password')!, { target: { value: 'Passw0rd!' } });
    fireEvent.click(document.querySelector('form button[type="submit"]')!);
    expect(await screen.findByLabelText(/Given Name/)).toBeTruthy();
    expect(screen.getByLabelText(/Address/)).toBeTruthy();
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('forceNewPassword');
  });

  it('MFA type selection: the chosen type is sent and its code screen follows', async () => {
    const { actor, calls } = await signInAs(BASE_CONFIG, {
      signIn: step('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] }),
      confirmSignIn: [step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'), step('DONE')],
    });
    expect(actor.getSnapshot().matches({ unauthenticated: { selectMfaType: 'edit' } })).toBe(true);
    expect(actor.getSnapshot().context.formError).not.toBe(UNSUPPORTED_SIGN_IN_STEP);
    expect(actor.getSnapshot().context.allowedMfaTypes).toEqual(['SMS', 'TOTP', 'EMAIL']);
    actor.send({ type: 'form.change', name: 'mfa_type', value: 'TOTP' });
    await submitted(actor);
    expect(calls.confirmSignIn).toEqual([{ challengeResponse: 'TOTP' }]);
    expect(actor.getSnapshot().matches({ unauthenticated: { confirmSignIn: 'edit' } })).toBe(true);
    expect(actor.getSnapshot().context.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('email one-time-code setup: the address is sent, then the emailed code signs in', async () => {
    const { actor, calls } = await signInAs(BASE_CONFIG, {
      signIn: step('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP'),
      confirmSignIn: [
        step('CONFIRM_SIGN_IN_WITH_EMAIL_CODE', { codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' } }),
        step('DONE'),
      ],
    });
    expect(actor.getSnapshot().matches({ unauthenticated: { setupEmail: 'edit' } })).toBe(true);
    type(actor, 'email', ' ada@example.com');
    await submitted(actor);
    expect(actor.getSnapshot().matches({ unauthenticated: { confirmSignIn: 'edit' } })).toBe(true);
    actor.send({ type: 'form.change', name: 'confirmation_code', value: '123456' });
    await submitted(actor);
    expect(calls.confirmSignIn).toEqual([{ challengeResponse: 'ada@example.com' }, { challengeResponse: '123456' }]);
    expect(actor.getSnapshot().matches({ authenticated: 'signedIn' })).toBe(true);
  });

  it('MFA setup selection (TOTP or email to set up) uses the same choice', async () => {
    const { actor } = await signInAs(BASE_CONFIG, {
      signIn: step('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', { allowedMFATypes: ['TOTP', 'EMAIL'] }),
      confirmSignIn: [step('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP')],
    });
    expect(actor.getSnapshot().matches({ unauthenticated: { selectMfaType: 'edit' } })).toBe(true);
    actor.send({ type: 'form.change', name: 'mfa_type', value: 'EMAIL' });
    await submitted(actor);
    expect(actor.getSnapshot().matches({ unauthenticated: { setupEmail: 'edit' } })).toBe(true);
  });
});
