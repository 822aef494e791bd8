// @vitest-environment happy-dom
// /user/reports/{clientId} (issue 20): below the client's lab reports, a short summary of their
// latest thrive check (date, heart risk, the figures) and their cognitive results (date, test,
// score), read from the client's own thrive-check and cognitive-results APIs; no section at all
// when the client has neither, and none when they cannot be read (the reports still show).
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportsPage } from '../../../../src/features/labs/reports-page.tsx';
import { LABS_TEXT as T } from '../../../../src/features/labs/texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const report = {
  order: 4,
  status: 'ready',
  start: '2026-06-01T01:30:00Z',
  people: [{ id: 1, self: true, name: 'Meera Iyer', age: 41, sex: 'F' }],
  results: [
    {
      id: 1,
      order: 4,
      person: 1,
      marker: 11,
      marker_code: 'GLU',
      marker_name: 'Glucose',
      unit: 'mg/dL',
      value: 92,
      low: 70,
      high: 99,
      flag: 'normal',
      status: 'final',
      updated_at: '2026-06-02T00:00:00Z',
      history: [],
    },
  ],
  pdf: null,
};
const check = (id: number, taken_at: string, band: string) => ({
  id,
  user: 7,
  recorded_by: 7,
  taken_at,
  sex: 'female',
  age: 41,
  hdl_cholesterol: 48,
  total_cholesterol: 190,
  smoker: false,
  diabetic: false,
  treats_hypertension: false,
  systolic_bp: 128,
  points: 9,
  riskPercentage: Number(band),
  band,
  in_validated_age_range: true,
  model: 'framingham',
});

function mount(answers: { checks?: unknown[] | 'fail'; cognitive?: { runs: unknown[]; instruments: unknown[] } }) {
  return renderPage(<ReportsPage />, {
    path: '/user/reports/7',
    route: '/user/reports/:clientId',
    answer: (r: Sent) => {
      if (r.path === '/labs/results') return [200, [report]];
      if (r.path === '/users/thrive-checks') return answers.checks === 'fail' ? [500, { detail: 'Down.' }] : [200, answers.checks ?? []];
      if (r.path === '/assessments/cognitive/results') return [200, answers.cognitive ?? { runs: [], instruments: [] }];
      return undefined;
    },
  });
}

describe('reports page: the summary of thrive checks and cognitive results', () => {
  it('shows the latest thrive check and the cognitive results, newest first, read for the client only', async () => {
    const { sent } = mount({
      checks: [check(2, '2026-05-01T04:30:00Z', '6.7'), check(1, '2026-01-01T04:30:00Z', '4')],
      cognitive: {
        runs: [{ id: 5, client: 7, status: 'completed', started_at: '2026-03-10T04:30:00Z', completed_at: '2026-03-10T05:00:00Z', total: 82, domains: null }],
        instruments: [{ id: 9, client: 7, instrument: 'MoCA', administered_on: '2026-04-02', total: 27, max_total: 30 }],
      },
    });
    await screen.findByText(T.summaryTitle);
    expect(document.querySelector('[data-report="4"]')).not.toBeNull();
    expect(document.querySelector('[data-thrive-summary="2"]')?.textContent).toContain(T.thriveLine('01/05/2026', '6.7%'));
    expect(
      screen.getByText(
        T.thriveFigures({ systolic_bp: 128, total_cholesterol: 190, hdl_cholesterol: 48, smoker: false, diabetic: false, treats_hypertension: false }),
      ),
    ).toBeTruthy();
    expect([...document.querySelectorAll('[data-cognitive]')].map((li) => li.textContent)).toEqual([
      T.cognitiveLine('02/04/2026', 'MoCA', 27, 30),
      T.cognitiveLine('10/03/2026', T.screening, 82, 100),
    ]);
    expect(sent.find((r) => r.path === '/users/thrive-checks')!.query.get('user')).toBe('7');
    expect(sent.find((r) => r.path === '/assessments/cognitive/results')!.query.get('client')).toBe('7');
  });

  it('has only the part there is data for: a thrive check without cognitive results', async () => {
    mount({ checks: [check(2, '2026-05-01T04:30:00Z', '6.7')] });
    await screen.findByText(T.summaryTitle);
    expect(screen.queryByText(T.cognitiveTitle)).toBeNull();
  });

  it('has no summary section when there is nothing to summarise, or it cannot be read', async () => {
    for (const answers of [
      { cognitive: { runs: [{ id: 5, client: 7, status: 'in_progress', completed_at: null, total: null }], instruments: [] } },
      { checks: 'fail' as const },
    ]) {
      const { sent, unmount } = mount(answers);
      await waitFor(() => expect(sent.some((r) => r.path === '/assessments/cognitive/results')).toBe(true));
      await screen.findByText(T.report('01/06/2026'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByText(T.summaryTitle)).toBeNull();
      expect(document.querySelector('[data-health-summary]')).toBeNull();
      unmount();
    }
  });
});
