// @vitest-environment happy-dom
// Billing on the appointment panel and the record's banner (issue 34): the client's balance
// (unpaid, unused advances) for the roles that see one, and "Bill this visit" for those who bill,
// on a checked-in or completed appointment only: it starts a draft from the appointment and opens it.
// Reception sees each advance receipt with money left, and takes an advance there: its receipt
// voucher is issued at once and linked, and the balance is read again.
import type { Role } from '../../../../machines/guard/roles.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppointmentBilling, ClientBalance } from '../../../../src/features/billing/index.ts';
import { BILLING_TEXT as T } from '../../../../src/features/billing/billing-texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';
import { BALANCE, RECEIPT } from '../../machines/billing/client-billing.model.ts';
import { ADVANCES } from '../../machines/billing/billing-fixtures.ts';

afterEach(cleanup);

function mount(role: Role, status: string, refuse = false, advance?: (r: Sent) => [number, unknown]) {
  let taken = false;
  return renderPage(<AppointmentBilling appointment={{ id: 31, client: 21, status }} />, {
    path: '/appointments',
    role,
    answer: (r) => {
      if (r.path === '/billing/balance') return [200, BALANCE];
      if (r.path === '/billing/advances' && r.method === 'GET') return [200, taken ? [RECEIPT, ...ADVANCES] : ADVANCES];
      if (r.path === '/billing/settings') return [200, { gst_rates_bp: [0, 500, 1800, 4000] }];
      if (r.path === '/billing/advances' && r.method === 'POST' && advance) {
        const answer = advance(r);
        taken = answer[0] === 201;
        return answer;
      }
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
    const doctor = mount('DOCTOR', 'completed');
    await screen.findByText(T.balanceDue('₹680.00'));
    // A doctor reads the balance only: no advance receipts, no settings.
    expect(doctor.sent.map((r) => r.path)).toEqual(['/billing/balance']);
    expect(screen.queryByRole('button', { name: T.billVisit })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: T.takeAdvance })).toBeNull();
  });

  it('shows a health coach nothing of billing', async () => {
    const { sent } = renderPage(<ClientBalance client={21} />, { path: '/clients', role: 'HEALTH_COACH', answer: () => [200, BALANCE] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('client-balance')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('shows reception the advances with money left, each linked to its receipt voucher', async () => {
    mount('RECEPTION', 'booked');
    const advances = await screen.findByRole('group', { name: T.advances });
    const link = within(advances).getByRole('link', { name: T.advanceLine('RV/26-27/00004', '₹300.00', '₹500.00') });
    expect(link.getAttribute('href')).toBe('/billing/documents/31');
    // The one used up is not listed.
    expect(within(advances).queryByText(/RV\/26-27\/00003/)).toBeNull();
  });

  it('takes an advance by card at 18 %: the receipt voucher issued and linked, the balance read again', async () => {
    const { sent } = mount('RECEPTION', 'booked', false, () => [201, RECEIPT]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: T.takeAdvance })));
    const dialog = await screen.findByRole('dialog', { name: T.advanceTitle });
    const issue = within(dialog).getByRole('button', { name: T.issueReceipt });
    expect(issue.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(T.advanceAmount), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: T.method.card }));
    // A card payment needs its terminal's reference.
    expect(issue.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(T.cardReference), { target: { value: 'T-8841' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: T.advanceGst }));
    const listbox = await screen.findByRole('listbox');
    within(listbox).getByRole('option', { name: T.advanceGstDefault });
    within(listbox).getByRole('option', { name: T.advanceExempt });
    await act(async () => fireEvent.click(within(listbox).getByRole('option', { name: T.rateOption(1800) })));
    await act(async () => fireEvent.click(issue));
    const post = sent.find((r) => r.method === 'POST' && r.path === '/billing/advances')!;
    expect(post.body).toEqual({ client: 21, amount_paise: 50_000, method: 'card', reference: 'T-8841', gst_rate_bp: 1800 });
    const issued = await screen.findByRole('link', { name: T.advanceIssued('RV/26-27/00005') });
    expect(issued.getAttribute('href')).toBe('/billing/documents/32');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('link', { name: T.advanceLine('RV/26-27/00005', '₹500.00', '₹500.00') });
    expect(sent.filter((r) => r.path === '/billing/balance')).toHaveLength(2);
  });

  it("keeps the advance form with the server's refusal", async () => {
    mount('ADMIN', 'booked', false, () => [400, { detail: 'gst_rate_bp: The clinic does not offer this rate.' }]);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: T.takeAdvance })));
    const dialog = await screen.findByRole('dialog', { name: T.advanceTitle });
    fireEvent.change(within(dialog).getByLabelText(T.advanceAmount), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByLabelText(T.tendered), { target: { value: '1000' } });
    within(dialog).getByText(T.change('₹500.00'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: T.issueReceipt })));
    await within(dialog).findByText(/does not offer this rate/);
    expect((within(dialog).getByLabelText(T.advanceAmount) as HTMLInputElement).value).toBe('500');
  });
});
