// @vitest-environment happy-dom
// The portal's completed sessions (issue 17): each session as therapy name, date, duration and the
// first name of who gave it; nothing else the server might send is shown (the contract has no
// chart fields, and the view renders only these); an empty list says so; a failed load offers a
// retry that asks again.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletedSessionsSection } from '../../../../src/features/visits/completed-sessions.tsx';
import { SESSIONS_TEXT as T } from '../../../../src/features/visits/sessions-texts.ts';
import { formatDate } from '../../../../src/lib/format.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const SESSIONS = [
  { id: 7, therapy: 'hbot', therapy_name: 'HBOT', date: '2026-11-20T05:30:00Z', duration_minutes: 75, staff_first_name: 'Meera' },
  { id: 5, therapy: 'fir', therapy_name: 'FIR sauna', date: '2026-11-12T06:00:00Z', duration_minutes: null, staff_first_name: null },
];

function mount(answer: (r: Sent) => [number, unknown] | undefined) {
  return renderPage(<CompletedSessionsSection clientId="42" />, { path: '/user/home/42', answer });
}

describe('portal completed sessions', () => {
  it('lists each session as therapy, date, duration and staff first name, asking for the client’s own', async () => {
    const { sent } = mount((r) =>
      r.path === '/visits/completed-sessions' ? [200, SESSIONS.map((s) => ({ ...s, notes: 'Charting note', vitals_before: { systolic: 130 } }))] : undefined,
    );
    const list = await screen.findByRole('list', { name: T.title });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `HBOT · ${formatDate('2026-11-20T05:30:00Z')} · ${T.minutes(75)} · ${T.with('Meera')}`,
      `FIR sauna · ${formatDate('2026-11-12T06:00:00Z')}`,
    ]);
    expect(document.body.textContent).not.toMatch(/Charting note|130/);
    expect(sent.map((r) => [r.method, r.path, r.query.get('client')])).toEqual([['GET', '/visits/completed-sessions', '42']]);
  });

  it('says so when there are none', async () => {
    mount((r) => (r.path === '/visits/completed-sessions' ? [200, []] : undefined));
    await screen.findByText(T.empty);
    expect(screen.queryByRole('list', { name: T.title })).toBeNull();
  });

  it('a failed load offers a retry that asks again', async () => {
    let calls = 0;
    const { sent } = mount((r) => {
      if (r.path !== '/visits/completed-sessions') return undefined;
      calls += 1;
      return calls === 1 ? [500, { detail: 'Server error.' }] : [200, SESSIONS];
    });
    await screen.findByText(T.loadFailed);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.retry })));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(sent).toHaveLength(2);
  });
});
