// What the portal views read from the portal machines' snapshots, by name: views never read
// state names or context fields directly.
import type { SnapshotFrom } from 'xstate';
import type { emailChangeMachine } from './email-change-machine.ts';
import type { homeMachine } from './home-machine.ts';
import type { onboardingMachine } from './onboarding-machine.ts';
import type { profileEditMachine } from './profile-edit-machine.ts';
import type { thriveCheckMachine } from './thrive-check-machine.ts';

type Loadable = 'loading' | 'failed' | 'ready';

export const homeSelectors = {
  /** Failed when the data or the visit's count failed (a retry redoes what failed); ready once both are in. */
  mode: (s: SnapshotFrom<typeof homeMachine>): Loadable =>
    s.matches({ data: 'failed' }) || s.matches({ visit: 'failed' })
      ? 'failed'
      : s.matches({ data: 'ready' }) && !s.matches({ visit: 'counting' })
        ? 'ready'
        : 'loading',
  data: (s: SnapshotFrom<typeof homeMachine>) => s.context.data,
  /** The client's first opening of their home ("Welcome" rather than "Welcome back"); never for a reader. */
  firstVisit: (s: SnapshotFrom<typeof homeMachine>) => s.context.firstVisit === true,
};

const WIZARD_STEPS = { healthGoals: 0, clientStory: 1, lifestyle: 2, family: 3 } as const;
export type WizardView = keyof typeof WIZARD_STEPS | 'complete' | 'reading' | 'failed' | 'loading';

export const onboardingSelectors = {
  view: (s: SnapshotFrom<typeof onboardingMachine>): WizardView => {
    for (const key of Object.keys(WIZARD_STEPS) as Array<keyof typeof WIZARD_STEPS>) if (s.matches(key)) return key;
    return s.matches('complete') ? 'complete' : s.matches('reading') ? 'reading' : s.matches('loadFailed') ? 'failed' : 'loading';
  },
  /** The stepper's position: 0..3 on a step (0 while loading), 4 once complete. */
  stepIndex: (s: SnapshotFrom<typeof onboardingMachine>): number => {
    const view = onboardingSelectors.view(s);
    if (view in WIZARD_STEPS) return WIZARD_STEPS[view as keyof typeof WIZARD_STEPS];
    return view === 'complete' ? 4 : 0;
  },
  answers: (s: SnapshotFrom<typeof onboardingMachine>) => s.context.answers,
  fieldErrors: (s: SnapshotFrom<typeof onboardingMachine>) => s.context.fieldErrors,
  message: (s: SnapshotFrom<typeof onboardingMachine>) => s.context.message,
  isPending: (s: SnapshotFrom<typeof onboardingMachine>) => s.hasTag('pending'),
};

export const profileEditSelectors = {
  /** 'reading': the stored profile, shown read-only with no way to change it or the sign-in email. */
  mode: (s: SnapshotFrom<typeof profileEditMachine>): 'loading' | 'failed' | 'reading' | 'viewing' | 'editing' =>
    s.matches('loadFailed') ? 'failed' : s.matches('loading') ? 'loading' : s.matches('reading') ? 'reading' : s.matches('viewing') ? 'viewing' : 'editing',
  profile: (s: SnapshotFrom<typeof profileEditMachine>) => s.context.profile,
  fieldErrors: (s: SnapshotFrom<typeof profileEditMachine>) => s.context.fieldErrors,
  message: (s: SnapshotFrom<typeof profileEditMachine>) => s.context.message,
  justSaved: (s: SnapshotFrom<typeof profileEditMachine>) => s.context.saved && s.matches('viewing'),
  isPending: (s: SnapshotFrom<typeof profileEditMachine>) => s.hasTag('pending'),
};

export const emailChangeSelectors = {
  mode: (s: SnapshotFrom<typeof emailChangeMachine>): 'idle' | 'code' | 'changed' =>
    s.matches('awaitingCode') || s.matches('confirming') || s.matches('resending') ? 'code' : s.matches('changed') ? 'changed' : 'idle',
  destination: (s: SnapshotFrom<typeof emailChangeMachine>) => s.context.destination,
  message: (s: SnapshotFrom<typeof emailChangeMachine>) => s.context.message,
  isPending: (s: SnapshotFrom<typeof emailChangeMachine>) => s.hasTag('pending'),
};

export const thriveCheckSelectors = {
  /** 'reading': the stored checks only, with no form. */
  mode: (s: SnapshotFrom<typeof thriveCheckMachine>): 'loading' | 'failed' | 'reading' | 'result' | 'form' =>
    s.matches('loadFailed') ? 'failed' : s.matches('loading') ? 'loading' : s.matches('reading') ? 'reading' : s.matches('result') ? 'result' : 'form',
  /** The check the server just scored and stored, shown as it answered. */
  latest: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.context.latest,
  history: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.context.history,
  prefill: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.context.prefill,
  fieldErrors: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.context.fieldErrors,
  message: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.context.message,
  isPending: (s: SnapshotFrom<typeof thriveCheckMachine>) => s.hasTag('pending'),
};
