// Every path of "My packages" replayed on the production chart, with what must hold at each step.
import { expect } from 'vitest';
import { awaitsPayment, RETURN_CHECKS } from '../../../../machines/appointments/my-packages-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { GATEWAY_URL, goToGateway, model } from './my-packages.model.ts';

describeModel('my packages', model, (snapshot) => {
  const c = snapshot.context;
  // Only the client pays, only an invoice still due on one of their packages, only with the gateway.
  if (snapshot.value === 'paying' || snapshot.value === 'redirecting') {
    expect(c.readOnly).toBe(false);
    expect(c.gateway).toBe(true);
    expect(
      c.packages.some((p: Parameters<typeof awaitsPayment>[0] & { invoice: { id: number } | null }) => awaitsPayment(p) && p.invoice!.id === c.paying),
    ).toBe(true);
  }
  // Leaving for the gateway happens once, with the payment link, and only on the way to `redirecting`.
  if (snapshot.value === 'redirecting') expect(goToGateway.mock.calls.map((call) => (call[1] as { url: string }).url)).toEqual([GATEWAY_URL]);
  else expect(goToGateway).not.toHaveBeenCalled();
  // Without a gateway the page says so and never asks for a link again.
  if (c.message === 'noGateway') expect(c.gateway).toBe(false);
  if (snapshot.value !== 'paying' && snapshot.value !== 'redirecting') expect(c.paying).toBeNull();
  // Only the client buys, only an offer of the list priced with GST, and only after the confirm step.
  if (snapshot.value === 'confirming' || snapshot.value === 'buying') {
    expect(c.readOnly).toBe(false);
    expect(c.offers.find((o: { id: number }) => o.id === c.choice)?.total_paise).not.toBeNull();
  } else expect(c.choice).toBeNull();
  if (c.readOnly) expect(c.bought).toBeNull();
  // Back from the gateway: read again only while invoice 31's package awaits payment, never more
  // than RETURN_CHECKS times; then settled, saying whether the payment is in.
  if (snapshot.value === 'checkingPayment') {
    expect(c.returnTo).toBe(31);
    expect(c.checks).toBeGreaterThan(0);
    expect(c.checks).toBeLessThanOrEqual(RETURN_CHECKS);
    expect(c.packages.find((p: { id: number }) => p.id === 7)?.status).toBe('awaiting_payment');
  }
  if (c.message === 'notYetPaid') expect(c.checks).toBe(RETURN_CHECKS);
  if (c.message === 'paymentReceived') expect(c.packages.find((p: { id: number }) => p.id === 7)?.status).toBe('active');
  if (snapshot.value === 'list' && c.message !== 'notYetPaid') expect(c.returnTo === null || c.checks < RETURN_CHECKS).toBe(true);
});
