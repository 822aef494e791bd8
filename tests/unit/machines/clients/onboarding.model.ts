// The onboarding wizard's model: load (or fail), each step saved or refused, back, review; and
// one spec per resume point (the loaded answers decide the first step shown); and read-only (a
// SUPER_ADMIN in the client's portal), where the answers show and no step is ever saved.
import { onboardingMachine } from '../../../../machines/clients/onboarding-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const v1 = { schema_version: 1 };
export const none = { health_goals: {}, client_story: {}, lifestyle_history: {}, family_history: {} };
export const resumeFrom = [
  none,
  { ...none, health_goals: v1 },
  { ...none, health_goals: v1, client_story: v1 },
  { ...none, health_goals: v1, client_story: v1, lifestyle_history: v1 },
  { health_goals: v1, client_story: v1, lifestyle_history: v1, family_history: v1 },
];

export const model: MachineModel = {
  machine: onboardingMachine,
  specs: [
    {
      input: { clientId: '7' },
      events: [{ type: 'onboarding.next', value: v1 }, { type: 'onboarding.back' }, { type: 'onboarding.retry' }, { type: 'onboarding.review' }],
      outcomes: {
        loadAnswers: [{ output: none }, { error: new Error('offline') }],
        saveStep: [{ output: v1 }, { error: { fieldErrors: { summary: ['This field is required.'] } } }, { error: { message: 'Server error' } }],
      },
    },
    ...resumeFrom.slice(1).map((answers, i) => ({
      name: `resume after ${i + 1} saved`,
      input: { clientId: '7' },
      events: [{ type: 'onboarding.back' }],
      outcomes: { loadAnswers: [{ output: answers }] },
    })),
    {
      name: 'read-only',
      input: { clientId: '7', readOnly: true },
      events: [{ type: 'onboarding.next', value: v1 }, { type: 'onboarding.back' }, { type: 'onboarding.retry' }, { type: 'onboarding.review' }],
      outcomes: {
        loadAnswers: [{ output: { ...none, health_goals: v1 } }, { error: new Error('offline') }],
        saveStep: [{ output: v1 }],
      },
    },
  ],
};
