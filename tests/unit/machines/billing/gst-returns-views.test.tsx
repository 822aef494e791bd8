// @vitest-environment happy-dom
// The GST returns chart's model paths replayed on the back office's Billing tab (its GST returns
// section): the real section, hook and adapter; the download settles as each path says (saved under
// the server's file name, or refused in its words). The administrator picks the month (a real one,
// or one that is not: typed where the browser has no month picker) and presses Download. After
// every step the section shows what the chart holds: the month, its problem, the progress, the
// refusal, the file saved, and Download offered only when the chart would take it.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { monthProblem } from '../../../../machines/billing/gst-returns-machine.ts';
import { GstReturnsSection } from '../../../../src/features/billing/billing-settings-tab.tsx';
import { GST_RETURNS_TEXT as R } from '../../../../src/features/billing/settings-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './gst-returns.model.ts';

const section = () => document.querySelector<HTMLElement>('[data-gst-returns]')!;
const monthInput = () => section().querySelector<HTMLInputElement>('[data-field="month"]')!;
const downloadButton = () => within(section()).getByRole('button', { name: new RegExp(`${R.download}|${R.downloading}`) });

describeReplayOnView('the Billing tab’s GST returns', {
  model,
  // 5 December 2026: the month offered first is November, the model's.
  mount: (_path, wrap) => renderPage(wrap(<GstReturnsSection today="2026-12-05" />), { path: '/backoffice', role: 'ADMIN', answer: () => undefined }),
  drive: async (event) => {
    if (event.type === 'returns.month') {
      if (monthInput().value === event.month) return false;
      await step(() => fireEvent.change(monthInput(), { target: { value: event.month } }));
      return true;
    }
    if (event.type === 'returns.download' && !downloadButton().hasAttribute('disabled')) {
      await step(() => fireEvent.submit(section()));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const { month, saved, error } = snapshot.context;
    expect(screen.getByRole('heading', { name: R.title })).not.toBeNull();
    expect(monthInput().value, 'the month').toBe(month);
    const problem = monthProblem(month);
    expect(monthInput().getAttribute('aria-invalid'), 'the month marked').toBe(problem ? 'true' : 'false');
    if (problem) expect(monthInput().closest('.MuiFormControl-root')!.textContent, "the month's problem").toContain(problem);
    expect(downloadButton().textContent, 'the progress').toBe(snapshot.matches('downloading') ? R.downloading : R.download);
    expect(downloadButton().hasAttribute('disabled'), 'download offered').toBe(!snapshot.can({ type: 'returns.download' }));
    expect(section().querySelector('.MuiAlert-colorError')?.textContent ?? null, 'the refusal').toBe(error);
    expect(section().querySelector('.MuiAlert-colorSuccess')?.textContent ?? null, 'saved').toBe(saved === null ? null : R.saved(saved));
  },
});
