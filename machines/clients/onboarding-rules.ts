// Which onboarding steps a client has finished (pure): a step is done once its profile object
// carries the questionnaire's schema version, which only a saved step writes.
export const ONBOARDING_STEPS = ['health_goals', 'client_story', 'lifestyle_history', 'family_history'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type OnboardingAnswers = Record<OnboardingStep, Record<string, unknown>>;

export const ONBOARDING_SCHEMA_VERSION = 1;

export function isStepDone(answers: Partial<OnboardingAnswers> | null | undefined, step: OnboardingStep): boolean {
  return answers?.[step]?.schema_version === ONBOARDING_SCHEMA_VERSION;
}

/** The first step not yet done, or null when all are. */
export function firstOpenStep(answers: Partial<OnboardingAnswers> | null | undefined): OnboardingStep | null {
  return ONBOARDING_STEPS.find((s) => !isStepDone(answers, s)) ?? null;
}

export function onboardingProgress(answers: Partial<OnboardingAnswers> | null | undefined): { done: number; total: number; percent: number } {
  const done = ONBOARDING_STEPS.filter((s) => isStepDone(answers, s)).length;
  return { done, total: ONBOARDING_STEPS.length, percent: Math.round((done / ONBOARDING_STEPS.length) * 100) };
}
