// Model-based tests over the portal's production statecharts (xstate/graph via the shared model
// suite): every path to every edge is replayed on a real actor with its actors resolved or
// rejected, and the run fails unless every state and transition was covered (counts printed).
import { describe, expect, it, vi } from 'vitest';
import { homeMachine } from '../../../../machines/portal/home-machine';
import { emailChangeMachine } from '../../../../machines/portal/email-change-machine';
import { onboardingMachine } from '../../../../machines/portal/onboarding-machine';
import { firstOpenStep, onboardingProgress } from '../../../../machines/portal/onboarding-rules';
import { profileEditMachine } from '../../../../machines/portal/profile-edit-machine';
import { thriveCheckMachine } from '../../../../machines/portal/thrive-check-machine';
import { ageInYears } from '../../../../machines/staff/age';
import { describeModel } from '../../shell/model-suite';

const v1 = { schema_version: 1 };
const none = { health_goals: {}, client_story: {}, lifestyle_history: {}, family_history: {} };
const STEP_STATE = { health_goals: 'healthGoals', client_story: 'clientStory', lifestyle_history: 'lifestyle', family_history: 'family' } as const;

// Resume: the loaded answers decide the first step shown.
const resumeFrom = [
  none,
  { ...none, health_goals: v1 },
  { ...none, health_goals: v1, client_story: v1 },
  { ...none, health_goals: v1, client_story: v1, lifestyle_history: v1 },
  { health_goals: v1, client_story: v1, lifestyle_history: v1, family_history: v1 },
];

describeModel(
  'onboarding',
  {
    machine: onboardingMachine,
    input: { clientId: '7' },
    events: [{ type: 'onboarding.next', value: v1 }, { type: 'onboarding.back' }, { type: 'onboarding.retry' }, { type: 'onboarding.review' }],
    outcomes: {
      loadAnswers: [{ output: none }, { error: new Error('offline') }],
      saveStep: [{ output: v1 }, { error: { fieldErrors: { summary: ['This field is required.'] } } }, { error: { message: 'Server error' } }],
    },
  },
  (snapshot, event) => {
    if (event.type.startsWith('xstate.done.actor') && snapshot.context && !snapshot.matches('loading')) {
      // After loading, the wizard shows exactly the first step not saved yet.
      if (snapshot.matches('complete')) expect(firstOpenStep(snapshot.context.answers)).toBeNull();
    }
    if (snapshot.matches({ healthGoals: 'saving' }) || snapshot.matches({ family: 'saving' })) expect(snapshot.hasTag('pending')).toBe(true);
    if (event.type.startsWith('xstate.error.actor') && !snapshot.matches('loadFailed')) {
      expect(Object.keys(snapshot.context.fieldErrors).length > 0 || snapshot.context.message !== null).toBe(true);
    }
  },
  resumeFrom.slice(1).map((answers) => ({
    machine: onboardingMachine,
    input: { clientId: '7' },
    events: [{ type: 'onboarding.back' }],
    outcomes: { loadAnswers: [{ output: answers }] },
  })),
);

describeModel(
  'thrive check',
  {
    machine: thriveCheckMachine,
    input: { clientId: '7' },
    events: [{ type: 'check.submit', input: { sex: 'male', age: '50' } }, { type: 'check.again' }, { type: 'check.retry' }],
    outcomes: {
      loadHistory: [{ output: { history: [], profile: { gender: 'F', date_of_birth: '1985-06-15' } } }, { error: new Error('offline') }],
      submitCheck: [{ output: { id: 1, taken_at: '2026-11-22T00:00:00Z', points: 8 } }, { error: { fieldErrors: { hdl_cholesterol: ['Must be a whole number.'] } } }],
    },
  },
  (snapshot, event) => {
    if (snapshot.matches('result')) {
      // The stored check the server answered with is the one shown, first in the history.
      expect(snapshot.context.latest).toEqual({ id: 1, taken_at: '2026-11-22T00:00:00Z', points: 8 });
      expect(snapshot.context.history[0]).toBe(snapshot.context.latest);
    }
    if (event.type.startsWith('xstate.done.actor.') && snapshot.matches('editing')) {
      // The form starts from the profile: F is female, the age from the date of birth.
      expect(snapshot.context.prefill).toEqual({ sex: 'female', age: String(ageInYears('1985-06-15')) });
    }
    if (event.type.startsWith('xstate.error.actor.') && snapshot.matches('editing')) {
      expect(snapshot.context).toMatchObject({ fieldErrors: { hdl_cholesterol: ['Must be a whole number.'] }, message: null });
    }
  },
);

describeModel(
  'profile edit',
  {
    machine: profileEditMachine,
    input: { clientId: '7' },
    events: [
      { type: 'profile.edit' },
      { type: 'profile.cancel' },
      { type: 'profile.save', patch: { city: 'Pune' } },
      { type: 'profile.retry' },
      { type: 'profile.emailChanged', profile: { client_id: 7, email: 'new@x.test' } },
    ],
    outcomes: {
      loadProfile: [{ output: { client_id: 7, email: 'old@x.test' } }, { error: new Error('offline') }],
      saveProfile: [{ output: { client_id: 7, email: 'old@x.test', city: 'Pune' } }, { error: { fieldErrors: { zipcode: ['Must match pattern'] } } }, { error: { message: 'Server error' } }],
    },
  },
  (snapshot, event) => {
    if (event.type === 'profile.edit') expect(snapshot.context.saved).toBe(false);
    if (snapshot.matches('viewing') && event.type.startsWith('xstate.done.actor') && snapshot.context.profile?.city) expect(snapshot.context.saved).toBe(true);
  },
);

const emailChanged = vi.fn();
describeModel(
  'email change',
  {
    machine: emailChangeMachine,
    events: [
      { type: 'email.start', email: 'meera.new@x.test' },
      { type: 'email.confirm', code: '123456' },
      { type: 'email.resend' },
      { type: 'email.cancel' },
      { type: 'email.done' },
    ],
    outcomes: {
      requestChange: [{ output: 'm***w@x.test' }, { error: { message: 'An account with the given email already exists.' } }],
      resendCode: [{ output: 'm***w@x.test' }, { error: { message: 'Attempt limit exceeded' } }],
      confirmChange: [{ output: { client_id: 7, email: 'meera.new@x.test' } }, { error: { message: 'Invalid verification code provided, please try again.' } }],
    },
    actions: { emailChanged },
  },
  (snapshot) => {
    // The new address is never taken without the code: `changed` only after confirmChange resolved.
    if (snapshot.matches('changed')) expect(emailChanged).toHaveBeenCalled();
    if (snapshot.matches('awaitingCode')) expect(snapshot.context.destination).toBeTruthy();
  },
);

describeModel(
  'portal home',
  {
    machine: homeMachine,
    input: { clientId: '7' },
    events: [{ type: 'home.retry' }],
    outcomes: { loadHome: [{ output: { profile: {} } }, { error: new Error('offline') }] },
  },
  (snapshot) => {
    if (snapshot.matches('loading')) expect(snapshot.hasTag('pending')).toBe(true);
    if (snapshot.matches('ready')) expect(snapshot.context.data).not.toBeNull();
  },
);

// The rules the home page and the wizard share.
describe('onboarding progress rules', () => {
  it('counts only versioned (saved) steps and finds where to resume', () => {
    expect(onboardingProgress(none)).toEqual({ done: 0, total: 4, percent: 0 });
    expect(onboardingProgress({ ...none, health_goals: v1, client_story: { summary: 'legacy, unversioned' } })).toEqual({ done: 1, total: 4, percent: 25 });
    for (const answers of resumeFrom) {
      const open = firstOpenStep(answers);
      expect(open === null ? 'complete' : STEP_STATE[open]).toBeTruthy();
    }
    expect(firstOpenStep(resumeFrom[2])).toBe('lifestyle_history');
    expect(firstOpenStep(null)).toBe('health_goals');
  });
});
