// Model-based tests over the portal's production statecharts (one model per machine in
// ./*.model.ts, replayed by tests/support/model-paths.ts): every path to every edge is replayed on
// a real actor with its actors resolved or rejected, spies cleared before each path, and the run
// fails unless every state and transition was covered (counts printed).
import { describe, expect, it } from 'vitest';
import { firstOpenStep, onboardingProgress } from '../../../../machines/clients/onboarding-rules.ts';
import { homeSelectors } from '../../../../machines/clients/selectors.ts';
import { ageInYears } from '../../../../machines/staff/age.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { confirmed, emailChanged, model as emailChangeModel } from './email-change.model.ts';
import { model as homeModel } from './home.model.ts';
import { model as onboardingModel, none, resumeFrom, v1 } from './onboarding.model.ts';
import { model as profileEditModel } from './profile-edit.model.ts';
import { PROFILE, STORED, model as thriveCheckModel } from './thrive-check.model.ts';

/** Read-only (a SUPER_ADMIN in the client's portal): whatever is sent, the chart only loads and reads. */
const onlyReads = (snapshot: { context: { readOnly: boolean }; matches: (state: string) => boolean }) => {
  if (snapshot.context.readOnly) expect(['loading', 'loadFailed', 'reading'].some((state) => snapshot.matches(state))).toBe(true);
};

const STEP_STATE = { health_goals: 'healthGoals', client_story: 'clientStory', lifestyle_history: 'lifestyle', family_history: 'family' } as const;

describeModel('onboarding', onboardingModel, (snapshot, event) => {
  // `resuming` is transient: a settled snapshot is never in it.
  onlyReads(snapshot);
  if (snapshot.matches('reading')) expect(snapshot.context.answers.health_goals).toEqual(v1);
  if (event.type.startsWith('xstate.done.actor') && snapshot.context && !snapshot.matches('loading')) {
    // After loading, the wizard shows exactly the first step not saved yet.
    if (snapshot.matches('complete')) expect(firstOpenStep(snapshot.context.answers)).toBeNull();
  }
  if (snapshot.matches({ healthGoals: 'saving' }) || snapshot.matches({ family: 'saving' })) expect(snapshot.hasTag('pending')).toBe(true);
  if (event.type.startsWith('xstate.error.actor') && !snapshot.matches('loadFailed')) {
    expect(Object.keys(snapshot.context.fieldErrors).length > 0 || snapshot.context.message !== null).toBe(true);
  }
});

describeModel('thrive check', thriveCheckModel, (snapshot, event) => {
  onlyReads(snapshot);
  // The stored checks, newest first, are what a read-only view shows.
  if (snapshot.matches('reading')) expect(snapshot.context.history).toEqual([STORED]);
  if (snapshot.matches('result')) {
    // The stored check the server answered with is the one shown, first in the history.
    expect(snapshot.context.latest).toEqual(STORED);
    expect(snapshot.context.history[0]).toBe(snapshot.context.latest);
  }
  if (event.type.startsWith('xstate.done.actor.') && snapshot.matches('editing')) {
    // The form starts from the profile: F is female, the age from the date of birth.
    expect(snapshot.context.prefill).toEqual({ sex: 'female', age: String(ageInYears(PROFILE.date_of_birth)) });
  }
  if (event.type.startsWith('xstate.error.actor.') && snapshot.matches('editing')) {
    expect(snapshot.context).toMatchObject({ fieldErrors: { hdl_cholesterol: ['Must be a whole number.'] }, message: null });
  }
});

describeModel('profile edit', profileEditModel, (snapshot, event) => {
  onlyReads(snapshot);
  if (snapshot.matches('reading')) expect(snapshot.context.profile).toEqual({ client_id: 7, email: 'old@x.test' });
  if (event.type === 'profile.edit') expect(snapshot.context.saved).toBe(false);
  if (snapshot.matches('viewing') && event.type.startsWith('xstate.done.actor') && snapshot.context.profile?.city) expect(snapshot.context.saved).toBe(true);
  if (event.type.startsWith('xstate.error.actor') && snapshot.matches('editing')) {
    // Field reasons beside the fields, or one message; never neither.
    expect(Object.keys(snapshot.context.fieldErrors).length > 0 !== (snapshot.context.message !== null)).toBe(true);
  }
});

describeModel('email change', emailChangeModel, (snapshot, event) => {
  // The new address is never taken without the code: the page hears of it once per confirmed code.
  if (event.type.startsWith('xstate.done.actor') && snapshot.matches('changed')) confirmed();
  expect(emailChanged).toHaveBeenCalledTimes(confirmed.mock.calls.length);
  if (snapshot.matches('awaitingCode')) expect(snapshot.context.destination).toBeTruthy();
});

describeModel('portal home', homeModel, (snapshot, event) => {
  if (snapshot.matches({ data: 'loading' }) || snapshot.matches({ visit: 'counting' })) expect(snapshot.hasTag('pending')).toBe(true);
  if (snapshot.matches({ data: 'ready' })) expect(snapshot.context.data).not.toBeNull();
  // A reader's opening is never counted; the client's is counted once: a retry after a failed
  // load leaves a counted visit as it is.
  if (!snapshot.context.countsVisit) expect(snapshot.matches({ visit: 'notCounted' })).toBe(true);
  if (event.type === 'home.retry' && snapshot.context.firstVisit !== null) expect(snapshot.matches({ visit: 'counted' })).toBe(true);
  expect(homeSelectors.mode(snapshot)).toBe(
    snapshot.matches({ data: 'failed' }) || snapshot.matches({ visit: 'failed' })
      ? 'failed'
      : snapshot.matches({ data: 'ready' }) && (snapshot.matches({ visit: 'counted' }) || snapshot.matches({ visit: 'notCounted' }))
        ? 'ready'
        : 'loading',
  );
  expect(homeSelectors.firstVisit(snapshot)).toBe(snapshot.context.countsVisit && snapshot.matches({ visit: 'counted' }));
});

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
