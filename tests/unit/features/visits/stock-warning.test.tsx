// @vitest-environment happy-dom
// The back office's stock warning (issue 17): above the tabs, a banner names the lots the server
// flags low or expired (with stock left) and opens the Therapies tab; on that tab it steps aside
// (the tab warns itself) and comes back read afresh; with nothing flagged, no banner.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackofficePage } from '../../../../src/app/routes/backoffice/backoffice-page.tsx';
import { TAB_LABELS } from '../../../../src/features/appointments/scheduling/texts.ts';
import { STOCK_WARNING as T } from '../../../../src/features/visits/therapies/texts.ts';
import { renderPage, type Sent } from '../discovery/render.tsx';

afterEach(cleanup);

const lot = (id: number, lot_number: string, quantity: number, low: boolean, expired: boolean) => ({
  id,
  item: 'Vitamin C',
  lot_number,
  expires_on: expired ? '2025-01-31' : '2027-06-30',
  quantity,
  unit: 'g',
  low_at: 5,
  low,
  expired,
});

function mount(lots: () => unknown[]) {
  return renderPage(<BackofficePage />, {
    path: '/backoffice',
    answer: (r: Sent) => (r.path === '/visits/stock-lots' && r.method === 'GET' ? [200, lots()] : undefined),
  });
}

const lotReads = (sent: Sent[]) => sent.filter((r) => r.path === '/visits/stock-lots').length;

describe('back office stock warning', () => {
  it('names the low and the expired lots and opens the Therapies tab', async () => {
    const { sent } = mount(() => [
      lot(1, 'VC-1', 20, false, false),
      lot(2, 'VC-2', 3, true, false),
      lot(3, 'VC-OLD', 50, false, true),
      lot(4, 'VC-GONE', 0, true, true),
    ]);
    const banner = await screen.findByText(T.low(1, 'Vitamin C VC-2'));
    expect(screen.getByText(T.expired(1, 'Vitamin C VC-OLD'))).toBeTruthy();
    expect(banner.closest('[data-field="stock-warning"]')!.textContent).not.toContain('VC-GONE');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: T.open })));
    await waitFor(() => expect(screen.getByRole('tab', { name: TAB_LABELS.therapies, selected: true })).toBeTruthy());
    expect(screen.queryByText(T.open)).toBeNull();
    const reads = lotReads(sent);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: TAB_LABELS.general })));
    await screen.findByRole('button', { name: T.open });
    expect(lotReads(sent)).toBeGreaterThan(reads);
  });

  it('shows nothing when no lot is flagged', async () => {
    const { sent } = mount(() => [lot(1, 'VC-1', 20, false, false)]);
    await waitFor(() => expect(lotReads(sent)).toBe(1));
    await act(async () => {});
    expect(document.querySelector('[data-field="stock-warning"]')).toBeNull();
  });
});
