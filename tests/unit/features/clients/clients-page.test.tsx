// @vitest-environment happy-dom
// The clients hub's status (issue 18): each row shows the client's status, the Status filter asks
// the server for one status (or the deactivated sign-ins), and a prospect opens on their
// discovery page with no sign-in email shown.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientsPage } from '../../../../src/features/clients/clients-page.tsx';
import { ANY_STATUS, CLIENT_STATUS_LABELS, DEACTIVATED, FILTER_STATUS } from '../../../../src/features/clients/texts.ts';
import { page, renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const client = (id: number, first_name: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  email: `${first_name.toLowerCase()}@example.in`,
  first_name,
  last_name: 'Rao',
  phone_number: null,
  role: 'CLIENT',
  is_active: true,
  date_joined: '2026-01-01T00:00:00.000Z',
  status,
  programs: [],
  hipaa_consent: false,
  ...extra,
});

const ROWS = [client(1, 'Asha', 'prospective', { email: 'prospect-1f@prospect.invalid' }), client(2, 'Kiran', 'active'), client(3, 'Nisha', 'archived')];

function mount() {
  return renderPage(<ClientsPage />, {
    path: '/clients',
    answer: (r: Sent) => {
      if (r.path === '/users/users') {
        const status = r.query.get('status');
        return [200, page(ROWS.filter((row) => !status || row.status === status))];
      }
      if (r.path === '/programs/programs') return [200, []];
      return undefined;
    },
  });
}

const lists = (sent: Sent[]) => sent.filter((r) => r.path === '/users/users');

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  });
}

describe('/clients status', () => {
  it('shows each client with their status, and a prospect without a sign-in email, opening on discovery', async () => {
    mount();
    const asha = await screen.findByRole('link', { name: 'Asha Rao' });
    expect(asha.getAttribute('href')).toBe('/client/discovery/1');
    expect(screen.getByRole('link', { name: 'Kiran Rao' }).getAttribute('href')).toBe('/client/2/details');
    const row = (name: string) => screen.getByRole('link', { name }).closest('[role="row"]') as HTMLElement;
    expect(within(row('Asha Rao')).getByText(CLIENT_STATUS_LABELS.prospective)).toBeTruthy();
    expect(within(row('Asha Rao')).queryByText(/prospect\.invalid/)).toBeNull();
    expect(within(row('Kiran Rao')).getByText(CLIENT_STATUS_LABELS.active)).toBeTruthy();
    expect(within(row('Nisha Rao')).getByText(CLIENT_STATUS_LABELS.archived)).toBeTruthy();
  });

  it('filters on the server by each status, and by deactivated sign-in', async () => {
    const { sent } = mount();
    await screen.findByRole('link', { name: 'Asha Rao' });
    expect(lists(sent)[0].query.get('status')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: FILTER_STATUS }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([ANY_STATUS, ...Object.values(CLIENT_STATUS_LABELS), DEACTIVATED]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    for (const [status, label] of Object.entries(CLIENT_STATUS_LABELS)) {
      await choose(FILTER_STATUS, label);
      await waitFor(() => expect(lists(sent).at(-1)!.query.get('status')).toBe(status));
      expect(lists(sent).at(-1)!.query.get('is_active')).toBeNull();
    }
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Kiran Rao' })).toBeNull());
    await choose(FILTER_STATUS, DEACTIVATED);
    await waitFor(() => expect(lists(sent).at(-1)!.query.get('is_active')).toBe('false'));
    expect(lists(sent).at(-1)!.query.get('status')).toBeNull();
  });
});
