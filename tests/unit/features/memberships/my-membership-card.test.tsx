// @vitest-environment happy-dom
// The portal's membership card on My packages: the client stops the renewal of their own membership
// after a confirm (keeping it sends nothing); the card reads the memberships afresh and says so, or
// says the server refused. A membership already ending, or a SUPER_ADMIN reading, offers no button.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Membership } from '../../../../src/features/memberships/memberships-api.ts';
import { MyMembershipCard } from '../../../../src/features/memberships/my-membership-card.tsx';
import { CARD_TEXT as T, STATUS } from '../../../../src/features/memberships/texts.ts';
import { formatDate } from '../../../../src/lib/format.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

const ACTIVE: Membership = {
  id: 4,
  client: 21,
  plan: 2,
  plan_name: 'Wellness monthly',
  period: 'monthly',
  fee_paise: 250_000,
  status: 'active',
  auto_renew: true,
  starts_on: '2026-11-10',
  ends_on: '2026-12-09',
  renews_on: '2026-12-10',
  invoice: 31,
  renewal_invoice: null,
  included: [],
  discounts: [],
};
const STOPPED: Membership = { ...ACTIVE, status: 'cancelling', auto_renew: false, renews_on: null };

function mount(role: 'CLIENT' | 'SUPER_ADMIN', stop: (r: Sent) => [number, unknown]) {
  let stopped = false;
  return renderPage(<MyMembershipCard />, {
    path: '/user/packages/21',
    route: '/user/packages/:clientId',
    role,
    answer: (r) => {
      if (r.method === 'GET' && r.path === '/memberships') return [200, [stopped ? STOPPED : ACTIVE]];
      if (r.method === 'POST' && r.path === '/memberships/4/cancel-renewal') {
        const answer = stop(r);
        stopped = answer[0] === 200;
        return answer;
      }
      return undefined;
    },
  });
}

const stopButton = () => waitFor(() => within(document.querySelector<HTMLElement>('[data-my-membership="4"]')!).getByRole('button', { name: T.stopRenewal }));
const posts = (sent: Sent[]) => sent.filter((r) => r.method === 'POST');

afterEach(cleanup);

describe('my membership card', () => {
  it('stops the renewal after the confirm, then shows it ending with this period', async () => {
    const { sent } = mount('CLIENT', () => [200, STOPPED]);
    expect(await screen.findByText(T.renewsOn(formatDate('2026-12-10')), { exact: false })).toBeTruthy();
    fireEvent.click(await stopButton());
    let dialog = await screen.findByRole('dialog', { name: T.stopTitle });
    expect(dialog.textContent).toContain(T.stopBody('Wellness monthly'));
    fireEvent.click(within(dialog).getByRole('button', { name: T.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(sent)).toEqual([]);
    fireEvent.click(await stopButton());
    dialog = await screen.findByRole('dialog', { name: T.stopTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: T.stopConfirm }));
    expect(await screen.findByText(T.renewalStopped)).toBeTruthy();
    expect(posts(sent).map((r) => r.path)).toEqual(['/memberships/4/cancel-renewal']);
    const card = document.querySelector<HTMLElement>('[data-my-membership="4"]')!;
    await waitFor(() => expect(card.getAttribute('data-status')).toBe('cancelling'));
    expect(card.textContent).toContain(STATUS.cancelling);
    expect(card.textContent).toContain(T.endsOn(formatDate('2026-12-09')));
    expect(within(card).queryByRole('button', { name: T.stopRenewal })).toBeNull();
  });

  it('says plainly when the server refuses, and shows the membership as it stands', async () => {
    mount('CLIENT', () => [409, { detail: 'Not allowed now.' }]);
    fireEvent.click(await stopButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: T.stopConfirm }));
    expect(await screen.findByText(T.stopFailed)).toBeTruthy();
    expect(document.querySelector('[data-my-membership="4"]')?.getAttribute('data-status')).toBe('active');
  });

  it('offers nothing to a SUPER_ADMIN reading the portal', async () => {
    const { sent } = mount('SUPER_ADMIN', () => [200, STOPPED]);
    await waitFor(() => expect(document.querySelector('[data-my-membership="4"]')).not.toBeNull());
    expect(screen.queryByRole('button', { name: T.stopRenewal })).toBeNull();
    expect(posts(sent)).toEqual([]);
  });
});
