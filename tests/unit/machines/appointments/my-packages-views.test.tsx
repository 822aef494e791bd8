// @vitest-environment happy-dom
// "My packages" chart's model paths replayed on /user/packages/{clientId} (the route module with
// billing's payment link): after every step the page shows what the chart holds: the progress,
// the failure with its retry, each package's credits, expiry and status, "Pay now" where the chart
// offers it and "Pay at the clinic" where the clinic has no gateway, the message, and the browser
// sent to the gateway's page once the link is in, read through the chart's named selectors. Back
// from the gateway (`?invoice=31` on the address), "Checking your payment…" while the chart checks.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import type { MyPackage, PackageOffer } from '../../../../machines/appointments/my-packages-machine.ts';
import { myPackagesSelectors as m } from '../../../../machines/appointments/my-packages-selectors.ts';
import { words } from '../../../../machines/rules/words.ts';
import { PortalPackagesPage } from '../../../../src/app/routes/portal-packages.tsx';
import { MY_PACKAGES_TEXT as T } from '../../../../src/features/appointments/my-packages-texts.ts';
import { formatDate, formatPaise } from '../../../../src/lib/format.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { GATEWAY_URL, model } from './my-packages.model.ts';

let leaving: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
afterEach(() => vi.restoreAllMocks());

async function click(button: HTMLElement | null | undefined): Promise<boolean> {
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}

describeReplayOnView('my packages', {
  model,
  mount: (path, wrap) => {
    leaving = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(leaving);
    const input = path.spec.input as { readOnly: boolean; gateway: boolean; returnTo: number | null };
    return renderPage(wrap(<PortalPackagesPage />), {
      path: `/user/packages/21${input.returnTo ? `?invoice=${input.returnTo}` : ''}`,
      route: '/user/packages/:clientId',
      role: input.readOnly ? 'SUPER_ADMIN' : 'CLIENT',
      config: { onlinePayments: input.gateway },
      answer: () => undefined,
    });
  },
  drive: async (event) => {
    switch (event.type) {
      case 'packages.retry':
        return click(screen.queryByRole('button', { name: PAGE_FRAME_TEXT.retry }));
      case 'packages.payOnline':
        return click(document.querySelector<HTMLElement>(`[data-pay-now="${event.invoice}"]`));
      case 'packages.choose':
        return click(document.querySelector<HTMLElement>(`[data-buy="${event.offer}"]`));
      case 'packages.cancel':
        return click(screen.queryByRole('button', { name: T.back }));
      case 'packages.buy':
        return click(document.querySelector<HTMLElement>('[data-confirm-buy-button]'));
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const { context } = snapshot;
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the failure').toBe(m.isFailed(snapshot));
    if (m.isFailed(snapshot)) return;
    expect(screen.queryByRole('progressbar', { name: T.title }) !== null, 'the list read').toBe(m.isLoading(snapshot));
    expect(screen.queryByText(T.payingOnline) !== null, 'leaving for the gateway').toBe(m.isPayingOnline(snapshot));
    expect(screen.queryByText(T.checkingPayment) !== null, 'checking the payment').toBe(m.isCheckingPayment(snapshot));
    const message = m.message(snapshot);
    if (message)
      expect(
        screen.queryAllByRole('alert').some((a) => a.textContent === T[message]),
        `the message ${message}`,
      ).toBe(true);
    const list = document.querySelector('[data-my-packages]');
    expect(list !== null, 'the list').toBe(m.showsList(snapshot));
    if (list) {
      for (const p of m.packages(snapshot) as MyPackage[]) {
        const card = list.querySelector<HTMLElement>(`[data-package="${p.id}"]`)!;
        expect(card, `package ${p.id}`).not.toBeNull();
        expect(card.getAttribute('data-status')).toBe(p.status);
        expect(card.textContent).toContain(T.status[p.status]);
        expect(card.textContent).toContain(p.plan_name ?? words(p.therapy));
        expect(card.querySelector('[data-field="credits"]')?.textContent).toBe(T.credits(p.sessions_left, p.sessions_total));
        expect(card.querySelector('[data-field="expiry"]')?.textContent).toBe(
          p.status === 'awaiting_payment' ? T.startsWhenPaid : p.expires_on ? T.expires(formatDate(p.expires_on)) : T.noExpiry,
        );
        const pay = card.querySelector('[data-pay-now]');
        expect(pay !== null, `Pay now on ${p.id}`).toBe(m.offersPayNow(snapshot, p));
        if (pay) expect(pay.hasAttribute('disabled'), 'Pay now held').toBe(!m.canPayNow(snapshot, p));
        expect(card.querySelector('[data-field="pay-at-clinic"]')?.textContent ?? null, `pay at the clinic on ${p.id}`).toBe(
          m.saysPayAtClinic(snapshot, p) ? T.payAtClinic : null,
        );
      }
      expect(document.querySelectorAll('[data-offer]').length, 'the plans offered').toBe(context.offers.length);
      for (const offer of context.offers as PackageOffer[]) {
        const card = document.querySelector<HTMLElement>(`[data-offer="${offer.id}"]`)!;
        expect(card.querySelector('[data-field="price"]')?.textContent, `the price of ${offer.id}`).toBe(
          offer.total_paise !== null ? T.priceWithGst(formatPaise(offer.total_paise)) : formatPaise(offer.price_paise),
        );
        expect(card.querySelector('[data-buy]') !== null, `Buy on ${offer.id}`).toBe(m.offersBuy(snapshot, offer));
      }
    }
    // The confirm step: what, the price with GST, when the credits start.
    const confirm = document.querySelector<HTMLElement>('[data-confirm-buy]');
    expect(confirm !== null, 'the confirm step').toBe(m.isConfirming(snapshot));
    if (confirm) {
      const offer = m.choice(snapshot)!;
      expect(confirm.textContent).toContain(offer.name);
      expect(confirm.textContent).toContain(T.priceWithGst(formatPaise(offer.total_paise!)));
      expect(confirm.textContent).toContain(T.confirmStarts);
      expect(confirm.querySelector('[data-confirm-buy-button]')?.textContent).toBe(m.isBuying(snapshot) ? T.buying : T.confirmBuy);
    }
    // The package bought: awaiting payment, with "Pay online" where the gateway is, else pay at the clinic.
    const bought = m.bought(snapshot);
    const note = document.querySelector<HTMLElement>('[data-bought]');
    expect(note !== null, 'the package bought').toBe(bought !== null && m.showsList(snapshot));
    if (note && bought) {
      expect(note.textContent).toContain(T.bought(bought.plan_name ?? words(bought.therapy)));
      expect(note.querySelector('[data-pay-online]') !== null, 'Pay online').toBe(m.offersPayNow(snapshot, bought));
      expect(note.textContent).toContain(m.offersPayNow(snapshot, bought) ? T.boughtPayOnline : T.boughtPayAtClinic);
    }
    expect(leaving.mock.calls, 'the browser sent to the gateway').toEqual(snapshot.matches('redirecting') ? [[GATEWAY_URL]] : []);
  },
});
