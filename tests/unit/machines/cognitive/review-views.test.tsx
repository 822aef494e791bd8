// @vitest-environment happy-dom
// The staff cognitive section's model paths replayed on the client record's cognitive section
// (issue 33): the real section, hook and adapter; the results' loads, the recording and the
// comment settle as each path says. Staff retry and record an in-clinic result through the section
// (its form builds its own draft; the chart keeps none of it). The model's client has no results,
// so no comment form is on screen: a comment is sent as is. After every step the section shows its
// chart: the failure with its retry, "none yet" once loaded, the refusal beside its field (or
// alone when it names none), and the Record button waiting while the server works.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { cognitiveReviewSelectors as review } from '../../../../machines/cognitive/selectors.ts';
import { CognitiveSection } from '../../../../src/features/cognitive/client-cognitive-section.tsx';
import { COGNITIVE_SECTION as T } from '../../../../src/features/cognitive/client-cognitive-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './review.model.ts';

const form = () => screen.queryByRole('form', { name: T.recordTitle });
const recordButton = () => screen.queryByRole('button', { name: T.record });

describeReplayOnView('the staff cognitive section', {
  model,
  mount: (_, wrap) => renderPage(wrap(<CognitiveSection clientId={7} />), { path: '/clients/7', role: 'HEALTH_COACH', answer: () => undefined }),
  drive: async (event) => {
    if (event.type === 'review.retry') {
      const retry = screen.queryByRole('button', { name: T.retry });
      if (retry) await step(() => fireEvent.click(retry));
      return !!retry;
    }
    if (event.type === 'review.record' && form() && !recordButton()!.hasAttribute('disabled')) {
      fireEvent.change(form()!.querySelector('[name="total"]')!, { target: { value: '26' } });
      await step(() => fireEvent.submit(form()!));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const view = review.view(snapshot);
    expect(screen.queryByText(T.loadFailed) !== null, 'the retry').toBe(view === 'failed');
    if (view === 'failed') return;
    const results = review.results(snapshot);
    expect(screen.queryByText(T.none) !== null, 'none yet').toBe(view === 'ready' && results.runs.length + results.instruments.length === 0);
    expect(recordButton()!.hasAttribute('disabled'), 'Record waits').toBe(review.pending(snapshot));
    const fieldErrors = review.fieldErrors(snapshot);
    const failure = review.failure(snapshot);
    expect(document.querySelector('.MuiAlert-colorError')?.textContent ?? null, 'the refusal alone').toBe(
      failure && Object.keys(fieldErrors).length === 0 ? failure : null,
    );
    for (const [field, reasons] of Object.entries(fieldErrors))
      expect(form()!.querySelector(`[name="${field}"]`)?.closest('.MuiFormControl-root')?.textContent, `${field}'s reason`).toContain(reasons[0]);
  },
});
