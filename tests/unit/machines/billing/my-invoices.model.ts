// "My invoices" chart's model: the list loads or fails; a document opens (due with the gateway,
// paid, or not at all); an open one is read again or paid online (the payment link, or a refusal);
// a clinic without the gateway never offers it, and a link answered 404 takes the button away; the gateway's return opens the document and reads it until it is paid, a few times at most; a
// SUPER_ADMIN reading the portal never starts a payment.
import { vi } from 'vitest';
import { myInvoicesMachine } from '../../../../machines/billing/my-invoices-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';
import { DUE, OLDER, OPEN_DUE, OPEN_PAID, summaryOf } from './portal-billing-fixtures.ts';

export const GATEWAY_URL = 'https://rzp.example/l/plink_1';

const events = [
  { type: 'invoices.retry' },
  { type: 'invoices.open', id: 12 },
  { type: 'invoices.close' },
  { type: 'invoices.refresh' },
  { type: 'invoices.payOnline' },
];
const outcomes = {
  loadInvoices: [{ output: [summaryOf(DUE), OLDER] }, { error: new Error('offline') }],
  loadInvoice: [{ output: OPEN_DUE }, { output: OPEN_PAID }, { error: new Error('offline') }],
  startPayment: [
    { output: GATEWAY_URL },
    { error: Object.assign(new Error('The payment gateway did not answer.'), { status: 502 }) },
    { error: Object.assign(new Error('Not found.'), { status: 404 }) },
  ],
};

/** The browser's departure for the gateway (the page's hook leaves with window.location). */
export const goToGateway = vi.fn();

export const model: MachineModel = {
  machine: myInvoicesMachine,
  specs: [
    { name: 'the client', input: { clientId: '21', readOnly: false, returnTo: null, gateway: true }, events, outcomes, actions: { goToGateway } },
    { name: 'back from the gateway', input: { clientId: '21', readOnly: false, returnTo: 12, gateway: true }, events, outcomes, actions: { goToGateway } },
    {
      name: 'a clinic without the gateway',
      input: { clientId: '21', readOnly: false, returnTo: null, gateway: false },
      events,
      outcomes,
      actions: { goToGateway },
    },
    { name: 'a SUPER_ADMIN reading', input: { clientId: '21', readOnly: true, returnTo: null, gateway: true }, events, outcomes, actions: { goToGateway } },
  ],
};
