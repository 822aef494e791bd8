// Billing's reconciler (issue 34): a payment link whose webhook never came. Razorpay retries a
// webhook for a day, but a clinic's server that was down longer, or a webhook lost on the way,
// would leave a client's payment unrecorded and their invoice open. So every link we open queues a
// check (online-payments.ts enqueueLinkCheck); the check fetches the link from Razorpay and
//  - paid (or partly): records each captured payment through the webhook's own path
//    (applyCapturedPayment → recordPayment), so a webhook before or after it finds the payment
//    recorded and one payment it stays;
//  - expired or cancelled: closes our row, and the portal offers a new link;
//  - still open: queues the next check, further off each time;
// and stops once our row is no longer open (paid by a webhook, or replaced). A gateway that does
// not answer is asked again at the next check rather than failing the chain.
import { applyCapturedPayment, closeLink, enqueueLinkCheck, openLinkById, RECONCILE_LINK_JOB } from '../api/billing/online-payments.ts';
import { GatewayError, type PaymentLink, type RazorpayGateway } from '../payments/razorpay-gateway.ts';
import type { JobHandler } from './queue.ts';

export { RECONCILE_LINK_JOB };

export function reconcileLinkHandler(gateway: RazorpayGateway, afterMs: number): JobHandler {
  return async (trx, job) => {
    const linkId = String(job.payload.link_id);
    const check = Number(job.payload.check) || 1;
    const ours = await openLinkById(trx, linkId);
    if (!ours) return 'skipped';
    let link: PaymentLink;
    try {
      link = await gateway.fetchPaymentLink(linkId);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await enqueueLinkCheck(trx, linkId, check + 1, afterMs);
      return 'done';
    }
    if (link.status === 'expired' || link.status === 'cancelled') {
      await closeLink(trx, ours, link.status);
      return 'done';
    }
    const captured = link.payments.filter((p) => p.status === 'captured');
    for (const payment of captured) {
      await applyCapturedPayment(
        trx,
        ours,
        { id: payment.paymentId, amountPaise: payment.amountPaise, currency: link.currency },
        { eventId: `reconcile:${linkId}`, linkId },
      );
    }
    // Open, or paid with nothing captured yet (authorised, not settled): look again later.
    if (link.status !== 'paid' || captured.length === 0) await enqueueLinkCheck(trx, linkId, check + 1, afterMs);
    return 'done';
  };
}
