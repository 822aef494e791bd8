// @vitest-environment happy-dom
// The Reports chart's model paths replayed on the back office's Billing tab (its Reports section):
// the real section, hook and adapter; reading and downloading settle as each path says. The
// administrator picks the report and the range (a range the server refuses too, typed where the
// browser has no date picker) and presses Show or Download CSV. After every step the section shows
// what the chart holds: the choice, the range's problem, the progress, the table with its total in
// the clinic's formats, the refusal, the file saved, and each button offered only when the chart
// would take it.
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { BillingReportsContext } from '../../../../machines/billing/billing-reports-machine.ts';
import { REPORT_COLUMNS, reportRangeProblems } from '../../../../machines/billing/reports.ts';
import { BillingReportsSection } from '../../../../src/features/billing/billing-reports.tsx';
import { BILLING_REPORTS_TEXT as R } from '../../../../src/features/billing/settings-texts.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { model, TODAY } from './billing-reports.model.ts';

const section = () => document.querySelector<HTMLElement>('[data-billing-reports]')!;
const field = (name: string) => section().querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
const showButton = () => within(section()).getByRole('button', { name: new RegExp(`^(${R.show}|${R.showing})$`) });
const downloadButton = () => within(section()).getByRole('button', { name: new RegExp(`^(${R.downloadCsv}|${R.downloading})$`) });
const cells = (row: Element) => [...row.querySelectorAll('td')].map((c) => c.textContent);

describeReplayOnView('the Billing tab’s Reports', {
  model,
  mount: (_path, wrap) => renderPage(wrap(<BillingReportsSection today={TODAY} />), { path: '/backoffice', role: 'ADMIN', answer: () => undefined }),
  drive: async (event) => {
    if (event.type === 'reports.report' || event.type === 'reports.from' || event.type === 'reports.to') {
      const [name, value] =
        event.type === 'reports.report' ? ['report', event.report] : event.type === 'reports.from' ? ['from', event.from] : ['to', event.to];
      if (field(name).value === value || field(name).disabled) return false;
      await step(() => fireEvent.change(field(name), { target: { value } }));
      return true;
    }
    if (event.type === 'reports.show' && !showButton().hasAttribute('disabled')) {
      await step(() => fireEvent.submit(section()));
      return true;
    }
    if (event.type === 'reports.download' && !downloadButton().hasAttribute('disabled')) {
      await step(() => fireEvent.click(downloadButton()));
      return true;
    }
    return false;
  },
  expectScreen: (snapshot) => {
    const { report, from, to, result, saved, error } = snapshot.context as BillingReportsContext;
    expect(screen.getByRole('heading', { name: R.title })).not.toBeNull();
    expect([field('report').value, field('from').value, field('to').value], 'the choice').toEqual([report, from, to]);
    const problems = reportRangeProblems(from, to);
    for (const name of ['from', 'to'] as const) {
      expect(field(name).getAttribute('aria-invalid'), `${name} marked`).toBe(problems[name] ? 'true' : 'false');
      if (problems[name]) expect(field(name).closest('.MuiFormControl-root')!.textContent).toContain(problems[name]);
    }
    expect(showButton().textContent, 'reading').toBe(snapshot.matches('loading') ? R.showing : R.show);
    expect(downloadButton().textContent, 'downloading').toBe(snapshot.matches('downloading') ? R.downloading : R.downloadCsv);
    expect(showButton().hasAttribute('disabled'), 'Show offered').toBe(!snapshot.can({ type: 'reports.show' }));
    expect(downloadButton().hasAttribute('disabled'), 'Download offered').toBe(!snapshot.can({ type: 'reports.download' }));
    expect(section().querySelector('.MuiAlert-colorError')?.textContent ?? null, 'the refusal').toBe(error);
    expect(section().querySelector('.MuiAlert-colorSuccess')?.textContent ?? null, 'saved').toBe(saved === null ? null : R.saved(saved));
    const table = section().querySelector('[data-report-table]');
    expect(table !== null, 'the table').toBe(result !== null && result.rows.length > 0);
    if (result && table) {
      expect([...table.querySelectorAll('th')].map((h) => h.textContent)).toEqual(REPORT_COLUMNS[result.report].map((c) => c.header));
      // ₹ with Indian grouping (1,36,000.50), the as-of day in the clinic's date order.
      expect(cells(table.querySelector('[data-report-row]')!)).toEqual(['Asha Kulkarni', '2', '₹1,36,000.50', '₹0.00', '₹0.00', '₹250.00', '₹1,36,250.50']);
      expect(cells(table.querySelector('[data-report-total]')!)[0]).toBe(R.total);
      expect(section().querySelector('[data-as-of]')!.textContent).toBe(R.asOf('28/11/2026'));
    }
  },
});
