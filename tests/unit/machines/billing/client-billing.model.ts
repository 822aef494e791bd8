// The client balance and "Bill this visit" charts' models: the balance loads or fails and is
// retried; reception takes an advance (typed in, sent, its receipt shown and the balance read
// again, or refused and kept); a doctor is offered none; a press starts the draft, which opens (the chart ends with it) or is refused (the reason
// shown, and the button offered again).
import { billVisitMachine, clientBalanceMachine } from '../../../../machines/billing/client-billing-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const BALANCE = {
  client: 21,
  unpaid_paise: 68_000,
  unused_advance_paise: 20_000,
  net_due_paise: 48_000,
  open_documents: [{ id: 7, number: 'INV/26-27/00042', balance_paise: 68_000 }],
};

/** The receipt voucher an advance of ₹500 by card issues. */
export const RECEIPT = {
  id: 32,
  client: 21,
  number: 'RV/26-27/00005',
  issued_on: '2026-11-27',
  amount_paise: 50_000,
  applied_paise: 0,
  unused_paise: 50_000,
  method: 'card' as const,
  reference: 'T-8841',
};

const balanceOutcomes = {
  loadBalance: [{ output: { balance: BALANCE, advances: [], rates: [0, 500, 1800, 4000] } }, { error: new Error('offline') }],
  takeAdvance: [{ output: RECEIPT }, { error: new Error('The clinic does not offer this rate.') }],
};

// The advance form filled in one order: the amount, the method, its reference, then the GST.
function oneFieldAtATime(s: any, e: any): boolean {
  const f = s.context.form;
  if (e.type === 'advance.set' && e.field === 'amount') return f.amount === '';
  if (e.type === 'advance.method') return f.amount !== '' && f.method === 'cash';
  if (e.type === 'advance.set' && e.field === 'reference') return f.method === 'card' && f.reference === '';
  if (e.type === 'advance.gst') return f.reference !== '' && f.gst === '';
  return true;
}

export const balanceModel: MachineModel = {
  machine: clientBalanceMachine,
  specs: [
    {
      name: 'reception',
      input: { client: 21, readsAdvances: true, takesAdvances: true },
      events: [
        { type: 'balance.retry' },
        { type: 'advance.open' },
        { type: 'advance.set', field: 'amount', value: '500' },
        { type: 'advance.method', method: 'card' },
        { type: 'advance.set', field: 'reference', value: 'T-8841' },
        { type: 'advance.gst', gst: '1800' },
        { type: 'advance.submit' },
        { type: 'advance.close' },
      ],
      filterEvents: oneFieldAtATime,
      outcomes: balanceOutcomes,
      // The submission key is random: snapshots are told apart without it.
      serializeState: (s) =>
        JSON.stringify({ value: s.value, form: s.context.form, issued: s.context.issued?.id ?? null, error: s.context.formError !== null }),
    },
    {
      name: 'a doctor',
      input: { client: 21 },
      events: [{ type: 'balance.retry' }, { type: 'advance.open' }],
      outcomes: balanceOutcomes,
    },
  ],
};

export const billVisitModel: MachineModel = {
  machine: billVisitMachine,
  specs: [
    {
      input: { appointment: 31 },
      events: [{ type: 'bill.start' }],
      outcomes: { createDraft: [{ output: { id: 7 } }, { error: new Error('This appointment is already on a bill.') }] },
      // The submission key is random: snapshots are told apart without it.
      serializeState: (s) => JSON.stringify({ value: s.value, status: s.status, draft: s.context.draft, error: s.context.error }),
    },
  ],
};
