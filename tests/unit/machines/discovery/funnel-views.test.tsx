// @vitest-environment happy-dom
// The funnel chart's model paths replayed on /discovery's Funnel tab: the real page, hook and date
// fields; the chart's fetch settles as each path says. The page runs on the model's day (the clock
// set to it, so the default range is the model's). The person types each end of the range (a good
// day, one after the other end, one too far back, or clears it), refreshes and retries through the
// tab; after every step the tab shows what the chart holds: the range in the fields, the reason a
// range is refused beside its field (and Refresh withheld), the progress bar while asking, the
// failure with its retry, and the figures (kept while the next ones load, gone for a refused range).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { funnelSelectors } from '../../../../machines/discovery/selectors.ts';
import { DiscoveryPage } from '../../../../src/features/discovery/discovery-page.tsx';
import { DISCOVERY_TEXT as T } from '../../../../src/features/discovery/texts.ts';
import { formatDate } from '../../../../src/lib/format.ts';
import { dateInput, typeDay } from '../../../support/date-field-view.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { page, renderPage } from '../../features/discovery/render.tsx';
import { TODAY, model } from './funnel.model.ts';

const field = (label: string) => dateInput(screen, label);
const charts = () => document.querySelector('[data-view="funnel"]');

describeReplayOnView('/discovery funnel', {
  model,
  mount: (_path, wrap) => {
    // The model's day in the clinic (India), on a clock the page's timers share.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(`${TODAY}T06:00:00Z`));
    const view = renderPage(wrap(<DiscoveryPage />), {
      path: '/discovery',
      answer: (r) => (r.path === '/discovery/prospects' || r.path === '/users/users' ? [200, page([])] : undefined),
    });
    fireEvent.click(screen.getByRole('tab', { name: T.tabs.funnel }));
    return view;
  },
  drive: async (event) => {
    if (event.type === 'funnel.from' || event.type === 'funnel.to') {
      const input = field(event.type === 'funnel.from' ? T.funnel.from : T.funnel.to);
      await step(() => (event.date ? typeDay(input, event.date) : fireEvent.change(input, { target: { value: '' } })));
      return true;
    }
    const name = { 'funnel.reload': T.refresh, 'funnel.retry': T.retry }[event.type];
    const button = name && screen.queryByRole('button', { name });
    if (!button || button.hasAttribute('disabled')) return false;
    await step(() => fireEvent.click(button));
    return true;
  },
  expectScreen: (snapshot) => {
    const range = funnelSelectors.range(snapshot);
    expect(field(T.funnel.from).value, 'from').toBe(range.from ? formatDate(range.from) : '');
    expect(field(T.funnel.to).value, 'to').toBe(range.to ? formatDate(range.to) : '');
    const problem = funnelSelectors.problem(snapshot);
    for (const [label, name] of [
      [T.funnel.from, 'date_from'],
      [T.funnel.to, 'date_to'],
    ] as const) {
      const control = field(label).closest('.MuiFormControl-root, .MuiPickersTextField-root')!.parentElement!;
      if (problem?.field === name) expect(control.textContent, `the reason beside ${label}`).toContain(problem.reason);
    }
    expect(screen.getByRole('button', { name: T.refresh }).hasAttribute('disabled'), 'refresh withheld').toBe(problem !== null);
    expect(document.querySelector('[aria-busy="true"]') !== null, 'the progress bar').toBe(funnelSelectors.isLoading(snapshot));
    const failure = funnelSelectors.failure(snapshot);
    const alert = screen.queryByRole('alert');
    expect(alert !== null, 'the failure').toBe(failure !== null);
    if (failure) {
      expect(alert!.textContent).toContain(failure);
      expect(within(alert!).queryByRole('button', { name: T.retry }), 'retry').not.toBeNull();
    }
    const figures = funnelSelectors.figures(snapshot);
    expect(charts() !== null, 'the figures').toBe(figures !== null);
    if (figures) expect(charts()!.textContent).toContain(T.funnel.perStage);
  },
});
