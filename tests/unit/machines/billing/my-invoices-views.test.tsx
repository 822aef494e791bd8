// @vitest-environment happy-dom
// "My invoices" chart's model paths replayed on /user/invoices/{clientId}: the real page, hook and
// adapter; the chart's list, document and payment link settle as each path says. The client (or a
// SUPER_ADMIN reading, or the client back from the gateway at `?document=12`) opens a document,
// goes back, refreshes, pays online and retries through the page; "Pay online" is clicked where the
// page shows it enabled and sent otherwise (whether it shows without a gateway is another change's,
// so nothing here keys on that button). The gateway's return check runs on the fake clock. After
// every step the page shows what the chart holds: the progress while the list or a document is
// read, the failure with its retry, the list's documents, the opened document with its status,
// Refresh held while busy, "checking your payment", "taking you to the payment page", the chart's
// message, and the browser sent to the gateway's page once the link is in, read through the chart's
// named selectors (machines/billing/selectors.ts) and its context.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { myInvoicesSelectors as my } from '../../../../machines/billing/selectors.ts';
import { MyInvoicesPage } from '../../../../src/features/billing/my-invoices-page.tsx';
import { MY_INVOICES_TEXT as T } from '../../../../src/features/billing/portal-texts.ts';
import { PAGE_FRAME_TEXT } from '../../../../src/lib/page-frame.tsx';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { GATEWAY_URL, model } from './my-invoices.model.ts';

let leaving: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
afterEach(() => vi.restoreAllMocks());

/** Clicks the enabled button; false when the page does not offer it. */
async function click(button: HTMLElement | null | undefined): Promise<boolean> {
  if (!button || button.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(button));
  return true;
}
const named = (name: string) => screen.queryByRole('button', { name });

describeReplayOnView('my invoices', {
  model,
  mount: (path, wrap) => {
    // Every path on the fake clock: one that ends while the return check waits would race it.
    if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    // The browser's departure for the gateway (the hook's goToGateway), watched instead of taken.
    leaving = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(leaving);
    const input = path.spec.input as { returnTo: number | null; readOnly: boolean; gateway: boolean };
    return renderPage(wrap(<MyInvoicesPage />), {
      path: `/user/invoices/21${input.returnTo ? `?document=${input.returnTo}` : ''}`,
      route: '/user/invoices/:clientId',
      role: input.readOnly ? 'SUPER_ADMIN' : 'CLIENT',
      config: { onlinePayments: input.gateway },
      answer: () => undefined,
    });
  },
  drive: async (event) => {
    switch (event.type) {
      case 'invoices.retry':
        return click(named(PAGE_FRAME_TEXT.retry));
      case 'invoices.open':
        return click(document.querySelector<HTMLElement>(`[data-invoice="${event.id}"] button`));
      case 'invoices.close':
        return click(named(T.back));
      case 'invoices.refresh':
        return click(named(T.refresh));
      case 'invoices.payOnline':
        return click(document.querySelector<HTMLElement>('[data-pay-online]'));
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    const { context } = snapshot;
    expect(screen.queryByText(PAGE_FRAME_TEXT.loadFailed) !== null, 'the failure').toBe(my.isFailed(snapshot));
    if (my.isFailed(snapshot)) {
      expect(named(PAGE_FRAME_TEXT.retry), 'retry').not.toBeNull();
      return;
    }
    expect(screen.queryByRole('progressbar', { name: T.title }) !== null, 'the list read').toBe(my.isLoading(snapshot));
    expect(screen.queryByRole('progressbar', { name: T.loadingDocument }) !== null, 'the document read').toBe(my.isOpening(snapshot));
    expect(screen.queryByText(T.confirming) !== null, 'checking the payment').toBe(my.isConfirming(snapshot));
    expect(screen.queryByText(T.payingOnline) !== null, 'leaving for the gateway').toBe(my.isPayingOnline(snapshot));
    const message = context.message as keyof typeof T | null;
    const alert = screen.queryAllByRole('alert').find((a) => a.textContent === (message ? T[message] : ''));
    if (message) expect(alert, `the message ${message}`).toBeTruthy();
    const list = document.querySelector('[data-my-invoices]');
    expect(list !== null, 'the list').toBe(my.isListing(snapshot));
    if (list) expect(list.querySelectorAll('[data-invoice]').length, 'the documents').toBe(context.invoices.length);
    const article = document.querySelector<HTMLElement>('[data-document]');
    const shown = context.opened !== null && !my.isListing(snapshot) && !my.isLoading(snapshot);
    expect(article !== null, 'the opened document').toBe(shown);
    if (article) {
      expect(article.getAttribute('data-document')).toBe(String(context.opened.document.id));
      expect(article.getAttribute('data-status'), 'its status').toBe(context.opened.document.status);
      expect(within(article).getByRole('button', { name: T.refresh }).hasAttribute('disabled'), 'refresh held').toBe(!my.isViewing(snapshot));
      // Without a gateway "Pay online" is never offered; with one, it is pressable when the chart takes it.
      const pay = article.querySelector('[data-pay-online]');
      if (!context.gateway) expect(pay, 'Pay online without a gateway').toBeNull();
      else if (my.isViewing(snapshot) && pay) expect(pay.hasAttribute('disabled'), 'Pay online held').toBe(!my.canPayOnline(snapshot));
    }
    expect(leaving.mock.calls, 'the browser sent to the gateway').toEqual(snapshot.matches('redirecting') ? [[GATEWAY_URL]] : []);
  },
});
