// @vitest-environment happy-dom
// The reports chart's model paths replayed on /user/reports/{clientId} (issue 33): the real page,
// hook and adapter; the reports and the summary load as each path says. The client retries through
// the page's retry; after every step the page shows the chart's mode (spinner, retry, reports), a
// card per report, the trend of the chosen marker, and the summary only once it has loaded.
import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { hasSummary } from '../../../../machines/labs/health-summary.ts';
import { reportsSelectors } from '../../../../machines/labs/lab-selectors.ts';
import { markersOf } from '../../../../machines/labs/reports-machine.ts';
import { ReportsPage } from '../../../../src/features/labs/reports-page.tsx';
import { LABS_TEXT as T } from '../../../../src/features/labs/texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model } from './reports.model.ts';

describeReplayOnView('the reports page', {
  model,
  mount: (_, wrap) => renderPage(wrap(<ReportsPage />), { path: '/user/reports/7', route: '/user/reports/:clientId', role: 'CLIENT', answer: () => undefined }),
  drive: async (event) => {
    if (event.type === 'reports.retry') {
      const retry = screen.queryByRole('button', { name: PAGE_FRAME_TEXT.retry });
      if (retry) await step(() => fireEvent.click(retry));
      return !!retry;
    }
    // reports.marker: the model's reports have one marker, already chosen (MUI's select sends no
    // change for the value it shows), and a code no report has is not offered: both are sent as is.
    return false;
  },
  expectScreen: (snapshot) => {
    const c = snapshot.context;
    const failed = reportsSelectors.isFailed(snapshot);
    const loading = reportsSelectors.isLoading(snapshot);
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the retry').toBe(failed);
    expect(screen.queryByRole('progressbar', { name: T.reportsTitle }) !== null, 'the spinner').toBe(loading);
    const shown = !failed && !loading;
    expect(
      [...document.querySelectorAll<HTMLElement>('[data-report]')].map((el) => Number(el.dataset.report)),
      'the reports',
    ).toEqual(shown ? c.reports.map((r: { order: number }) => r.order) : []);
    // The trend is the chosen marker's, when the reports have it.
    const trend = document.querySelector<HTMLElement>('[data-trend]');
    const chosen = markersOf(c.reports).some((m) => m.code === c.marker);
    expect(trend?.dataset.trend, 'the trend').toBe(shown && chosen ? c.marker : undefined);
    expect(document.querySelector('[data-health-summary]') !== null, 'the summary').toBe(shown && c.summary !== null && hasSummary(c.summary));
    if (shown && c.summary?.thrive) expect(document.querySelector(`[data-thrive-summary="${c.summary.thrive.id}"]`)).not.toBeNull();
  },
});
