// @vitest-environment happy-dom
// The thrive check's model paths replayed on /user/thrive-check/{clientId} (issue 33): the real
// page, hook and adapter; the chart's loads and saves settle as each path says. The client submits,
// takes another check and retries through the page; after every step the page shows the mode the
// chart is in: the skeleton while loading, the retry alert, the stored result, or the form with
// the server's reasons beside its fields.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { thriveCheckSelectors } from '../../../../machines/clients/selectors.ts';
import { ThriveCheckPage } from '../../../../src/features/clients/portal/thrive-check-page.tsx';
import { PORTAL_TEXT } from '../../../../src/features/clients/portal/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './thrive-check.model.ts';

const form = () => screen.queryByRole('form', { name: 'Heart-risk check' });

describeReplayOnView('the thrive check page', {
  model,
  mount: (path, wrap) =>
    renderPage(wrap(<ThriveCheckPage />), {
      path: '/user/thrive-check/7',
      route: '/user/thrive-check/:clientId',
      role: path.spec.name === 'read-only' ? 'SUPER_ADMIN' : 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event) => {
    if (event.type === 'check.submit' && form()) {
      await step(() => fireEvent.submit(form()!));
      return true;
    }
    const button = { 'check.again': PORTAL_TEXT.checkAgain, 'check.retry': PAGE_FRAME_TEXT.retry }[event.type];
    const found = button && screen.queryByRole('button', { name: button });
    if (found) await step(() => fireEvent.click(found));
    return !!found;
  },
  expectScreen: (snapshot) => {
    const mode = thriveCheckSelectors.mode(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry alert').toBe(mode === 'failed');
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the skeleton').toBe(mode === 'loading');
    expect(form() !== null, 'the form').toBe(mode === 'form');
    expect(screen.queryByRole('button', { name: PORTAL_TEXT.checkAgain }) !== null, 'take another check').toBe(mode === 'result');
    if (mode === 'form') {
      const message = thriveCheckSelectors.message(snapshot);
      if (message) expect(within(form()!).getByRole('alert').textContent).toContain(message);
      for (const [field, reasons] of Object.entries(thriveCheckSelectors.fieldErrors(snapshot))) {
        expect(form()!.querySelector(`[name="${field}"]`)?.closest('.MuiFormControl-root')?.textContent).toContain(reasons[0]);
      }
      expect(screen.getByRole('button', { name: PORTAL_TEXT.calculate }).hasAttribute('disabled')).toBe(thriveCheckSelectors.isPending(snapshot));
    }
  },
});
