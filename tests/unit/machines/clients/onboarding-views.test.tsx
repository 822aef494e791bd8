// @vitest-environment happy-dom
// The onboarding wizard's model paths replayed on /user/thrive-onboard/{clientId} (issue 33): the
// real page, hook and adapter; the answers' load and each step's save settle as each path says.
// The client saves a step by submitting its form (the draft it sends is not kept: the chart stores
// what the save answers), goes back, retries and reviews through the page's buttons; a reader (a
// SUPER_ADMIN) gets the saved answers with no form. After every step the page shows the chart's
// view: the skeleton, the retry alert, the step's form with the stepper on it, the closing card,
// or the answers; the server's message or field reasons on the form; Back and Save held while saving.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { onboardingSelectors } from '../../../../machines/clients/selectors.ts';
import { OnboardingPage } from '../../../../src/features/clients/portal/onboarding-page.tsx';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './onboarding.model.ts';

const STEP_VIEWS = ['healthGoals', 'clientStory', 'lifestyle', 'family'] as const;
const stepForm = () => screen.queryByRole('form');
const button = (name: string) => screen.queryByRole('button', { name });

describeReplayOnView('the onboarding wizard', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<OnboardingPage />), {
      path: '/user/thrive-onboard/7',
      route: '/user/thrive-onboard/:clientId',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    if (event.type === 'onboarding.next') {
      const form = stepForm();
      if (form) await step(() => fireEvent.submit(form));
      return !!form;
    }
    const name = { 'onboarding.back': PORTAL_TEXT.back, 'onboarding.retry': PAGE_FRAME_TEXT.retry, 'onboarding.review': PORTAL_TEXT.review }[event.type];
    const found = name && button(name);
    if (found) await step(() => fireEvent.click(found));
    return !!found;
  },
  expectScreen: (snapshot) => {
    const view = onboardingSelectors.view(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry alert').toBe(view === 'failed');
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(view === 'loading');
    expect(document.querySelector('[data-section="onboarding-answers"]') !== null, 'the answers, read only').toBe(view === 'reading');
    expect(button(PORTAL_TEXT.review) !== null, 'the closing card').toBe(view === 'complete');
    const index = STEP_VIEWS.indexOf(view as (typeof STEP_VIEWS)[number]);
    expect(stepForm()?.getAttribute('aria-label') ?? null, 'the step form').toBe(index >= 0 ? PORTAL_TEXT.stepTitles[index] : null);
    if (view !== 'failed' && view !== 'reading') {
      // The stepper marks the chart's step (every step done once complete).
      const labels = [...document.querySelectorAll('.MuiStepLabel-label')];
      expect(labels.findIndex((l) => l.classList.contains('Mui-active'))).toBe(view === 'complete' ? -1 : onboardingSelectors.stepIndex(snapshot));
    }
    if (index >= 0) {
      const pending = onboardingSelectors.isPending(snapshot);
      const submit = button(index === 3 ? PORTAL_TEXT.finish : PORTAL_TEXT.next)!;
      expect(submit.hasAttribute('disabled'), 'save held while saving').toBe(pending);
      if (index > 0) expect(button(PORTAL_TEXT.back)!.hasAttribute('disabled'), 'back held while saving').toBe(pending);
      else expect(button(PORTAL_TEXT.back), 'no back on the first step').toBeNull();
      const message = onboardingSelectors.message(snapshot);
      if (message) expect(stepForm()!.textContent).toContain(message);
      const reasons = Object.keys(onboardingSelectors.fieldErrors(snapshot)).length > 0;
      expect(stepForm()!.querySelector('[data-field="step-errors"]') !== null, 'the field reasons').toBe(reasons);
    }
  },
});
