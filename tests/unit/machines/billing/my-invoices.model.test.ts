// Every path of "My invoices" replayed on the production chart, with what must hold at each step.
import { expect } from 'vitest';
import { invoiceDue, RETURN_CHECKS } from '../../../../machines/billing/my-invoices-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { GATEWAY_URL, goToGateway, model } from './my-invoices.model.ts';

describeModel('my invoices', model, (snapshot) => {
  const c = snapshot.context;
  // Only the client pays, only an open document, only where the gateway is configured.
  if (snapshot.value === 'paying' || snapshot.value === 'redirecting') {
    expect(c.readOnly).toBe(false);
    expect(c.opened.online).toBe(true);
    expect(c.gateway).toBe(true);
    expect(invoiceDue(c.opened.document)).toBe(true);
  }
  // Leaving for the gateway happens once, with the payment link, and only on the way to `redirecting`.
  if (snapshot.value === 'redirecting') expect(goToGateway.mock.calls.map((call) => (call[1] as { url: string }).url)).toEqual([GATEWAY_URL]);
  else expect(goToGateway).not.toHaveBeenCalled();
  // Back from the gateway: read again while unpaid, never more than RETURN_CHECKS times.
  if (snapshot.value === 'confirming') {
    expect(c.returnTo).toBe(12);
    expect(c.checks).toBeLessThanOrEqual(RETURN_CHECKS);
  }
  // Settled: a paid document says nothing more; one still due after every read says so.
  if (snapshot.value === 'viewing' && c.opened) {
    if (!invoiceDue(c.opened.document)) expect(c.message).toBeNull();
    if (c.message === 'notYetPaid') expect(c.checks).toBe(RETURN_CHECKS);
    // The list shows what the opened document says now.
    const row = c.invoices.find((i: { id: number }) => i.id === c.opened.document.id);
    expect(row?.status).toBe(c.opened.document.status);
  }
  if (snapshot.value === 'list') expect(c.opened).toBeNull();
  // Without a gateway the page says so once and never asks for a link again.
  if (c.message === 'noGateway') expect(c.gateway).toBe(false);
});
