// "New invoice" and the held online payments on the desk: the charts' models. The client search
// waits for a pause in the typing, then finds or fails; a client is chosen and only then the
// manual draft asked for, made (the chart ends) or refused (the client kept); cancelled, nothing
// is made. The held payments load, or fail and are read again.
import { heldPaymentsMachine } from '../../../../machines/billing/held-payments-machine.ts';
import { newInvoiceMachine } from '../../../../machines/billing/new-invoice-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const MEERA = { id: 21, label: 'Meera Iyer · +919800000001' };

export const HELD = {
  id: 3,
  document: 7,
  number: 'INV/26-27/00042',
  client: 21,
  payment_id: 'pay_Q1w2e3r4',
  link_id: 'plink_1',
  amount_paise: 50_000,
  expected_paise: 68_000,
  reason: 'amount_mismatch' as const,
  created_at: '2026-11-27T06:30:00Z',
};

export const model: MachineModel = {
  machine: newInvoiceMachine,
  specs: [
    {
      events: [
        { type: 'invoice.new' },
        { type: 'invoice.search', text: 'Meera' },
        { type: 'invoice.client', client: MEERA },
        { type: 'invoice.create' },
        { type: 'invoice.cancel' },
      ],
      // A client is chosen from what the search found.
      filterEvents: (s: any, e: any) => e.type !== 'invoice.client' || s.context.results.length > 0,
      outcomes: {
        searchClients: [{ output: [MEERA] }, { error: new Error('offline') }],
        createDraft: [{ output: { id: 9 } }, { error: new Error('Save the billing settings first.') }],
      },
      // The submission key is random: snapshots are told apart without it.
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          status: s.status,
          text: s.context.text,
          results: s.context.results.length,
          client: s.context.client?.id ?? null,
          error: s.context.error,
        }),
    },
  ],
};

export const heldModel: MachineModel = {
  machine: heldPaymentsMachine,
  specs: [{ events: [{ type: 'held.retry' }], outcomes: { loadHeld: [{ output: [HELD] }, { error: new Error('offline') }] } }],
};
