// The one table of where a sign-in answer leads (SIGN_IN_NEXT_STEPS): each identity-service step
// opens its screen, unknown steps open none, no step is claimed twice, and every screen that
// submits a sign-in challenge takes exactly the table's branches (then the unsupported-step error).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authenticatorMachine, nextSignInStep, SIGN_IN_NEXT_STEPS } from '../../../../machines/identity/authenticator-machine.ts';
import { UNSUPPORTED_SIGN_IN_STEP } from '../../../../machines/identity/texts.ts';
import type { SignInOutput } from '../../../../machines/identity/types.ts';
import { BASE_CONFIG } from './authenticator.model.ts';

const answer = (signInStep: string): SignInOutput => ({ isSignedIn: signInStep === 'DONE', nextStep: { signInStep } });

describe('SIGN_IN_NEXT_STEPS', () => {
  it.each([
    ['DONE', '#transition'],
    ['CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', '#forceNewPassword'],
    ['RESET_PASSWORD', '#forgotPassword.submit'],
    ['CONFIRM_SIGN_UP', '#confirmSignUp.resend'],
    ['CONFIRM_SIGN_IN_WITH_SMS_CODE', '#confirmSignIn'],
    ['CONFIRM_SIGN_IN_WITH_TOTP_CODE', '#confirmSignIn'],
    ['CONFIRM_SIGN_IN_WITH_EMAIL_CODE', '#confirmSignIn'],
    ['CONTINUE_SIGN_IN_WITH_TOTP_SETUP', '#setupTotp'],
    ['CONTINUE_SIGN_IN_WITH_MFA_SELECTION', '#selectMfaType'],
    ['CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', '#selectMfaType'],
    ['CONTINUE_SIGN_IN_WITH_EMAIL_SETUP', '#setupEmail'],
  ])('%s opens %s', (step, target) => {
    expect(nextSignInStep(answer(step))?.target).toBe(target);
  });

  it('has no row for an unknown or missing step', () => {
    expect(nextSignInStep(answer('SOMETHING_NEW'))).toBeUndefined();
    expect(nextSignInStep(undefined)).toBeUndefined();
    expect(nextSignInStep({ isSignedIn: false } as SignInOutput)).toBeUndefined();
  });

  it('claims every step once and names every guard once', () => {
    const steps = SIGN_IN_NEXT_STEPS.flatMap((row) => [...row.steps]);
    expect(new Set(steps).size).toBe(steps.length);
    const guards = SIGN_IN_NEXT_STEPS.map((row) => row.guard);
    expect(new Set(guards).size).toBe(guards.length);
  });

  it.each(['signIn', 'confirmSignIn', 'setupTotp', 'forceNewPassword', 'selectMfaType', 'setupEmail'])('is the whole onDone of %s.submit', (screen) => {
    const submit = authenticatorMachine.getStateNodeById(`${screen}`).states.submit;
    const invokeId = submit.invoke[0].id;
    const branches = submit.transitions.get(`xstate.done.actor.${invokeId}`)!.map((t) => ({
      guard: (t.guard as { type?: string } | undefined)?.type,
      target: t.target?.map((n) => n.id),
    }));
    expect(branches).toEqual([
      ...SIGN_IN_NEXT_STEPS.map((row) => ({ guard: row.guard, target: [authenticatorMachine.getStateNodeById(row.target.slice(1)).id] })),
      { guard: undefined, target: [submit.parent!.states.error.id] },
    ]);
  });

  it('sends the machine where the table says, and an unsupported step to the error with its message', async () => {
    for (const [step, expected] of [
      ['CONFIRM_SIGN_IN_WITH_SMS_CODE', { unauthenticated: { confirmSignIn: 'edit' } }],
      ['CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { unauthenticated: { setupTotp: 'edit' } }],
      ['CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { unauthenticated: { selectMfaType: 'edit' } }],
      ['SOMETHING_NEW', { unauthenticated: { signIn: 'error' } }],
    ] as const) {
      const actor = createActor(
        authenticatorMachine.provide({
          actors: {
            getCurrentUser: fromPromise(async () => Promise.reject(new Error('signed out'))),
            signIn: fromPromise(async () => answer(step)),
          },
        }),
        { input: { config: BASE_CONFIG } },
      ).start();
      await waitFor(actor, (s) => s.matches({ unauthenticated: { signIn: 'edit' } }));
      actor.send({ type: 'form.change', name: 'username', value: 'ada@example.com' });
      actor.send({ type: 'form.change', name: 'password', value: 'Passw0rd!' });
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => !s.hasTag('pending'));
      expect(actor.getSnapshot().value).toEqual(expected);
      if (step === 'SOMETHING_NEW') expect(actor.getSnapshot().context.formError).toBe(UNSUPPORTED_SIGN_IN_STEP);
      else expect(actor.getSnapshot().context.signInStep).toBe(step);
      actor.stop();
    }
  });
});
