// @vitest-environment happy-dom
// Billing on the appointment panel and the record's banner (issue 34): the client's balance
// (unpaid, unused advances) for the roles that see one, and "Bill this visit" for those who bill,
// on a checked-in or completed appointment only: it starts a draft from the appointment and opens it.
import type { Role } from '../../../../machines/guard/roles.ts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppointmentBilling, ClientBalance } from '../../../../src/features/billing/index.ts';
import { BILLING_TEXT as T } from '../../../../src/features/billing/billing-texts.ts';
import { renderPage } from '../discovery/render.tsx';
import { BALANCE } from '../../machines/billing/client-billing.model.ts';

afterEach(cleanup);

function mount(role: Role, status: string, refuse = false) {
  return renderPage(<AppointmentBilling appointment={{ id: 31, client: 21, status }} />, {
    path: '/appointments',
    role,
    answer: (r) => {
      if (r.path === '/billing/balance') return [200, BALANCE];
      if (r.method === 'POST' && r.path === '/billing/documents')
        return refuse ? [409, { detail: 'This appointment is already on a bill.' }] : [201, { id: 7 }];
      return undefined;
    },
  });
}

describe('billing on the appointment panel', () => {
  it('shows reception the balance and bills a checked-in visit, opening the draft', async () => {
    const { sent, location } = mount('RECEPTION', 'checked_in');
    await screen.findByText(T.balanceDue('₹680.00'));
    screen.getByText(T.advanceHeld('₹200.00'));
    expect(sent.find((r) => r.path === '/billing/balance')!.query.get('client')).toBe('21');
    expect(screen.getByRole('link', { name: T.creditLink('INV/26-27/00042', '₹680.00') }).getAttribute('href')).toBe('/billing/documents/7');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.billVisit })));
    await waitFor(() => expect(location.history.at(-1)).toBe('/billing/documents/7'));
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({ from: 'appointment', source: 31 });
  });

  it('says why a visit could not be billed', async () => {
    mount('ADMIN', 'completed', true);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: T.billVisit })));
    await screen.findByText('This appointment is already on a bill.');
  });

  it('offers no bill before the client is here, and none to a doctor, who sees the balance only', async () => {
    mount('RECEPTION', 'booked');
    await screen.findByText(T.balanceDue('₹680.00'));
    expect(screen.queryByRole('button', { name: T.billVisit })).toBeNull();
    cleanup();
    mount('DOCTOR', 'completed');
    await screen.findByText(T.balanceDue('₹680.00'));
    expect(screen.queryByRole('button', { name: T.billVisit })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a health coach nothing of billing', async () => {
    const { sent } = renderPage(<ClientBalance client={21} />, { path: '/clients', role: 'HEALTH_COACH', answer: () => [200, BALANCE] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('client-balance')).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
