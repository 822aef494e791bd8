// The client balance and "Bill this visit" charts' models: the balance loads or fails and is
// retried; a press starts the draft, which opens (the chart ends with it) or is refused (the reason
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

export const balanceModel: MachineModel = {
  machine: clientBalanceMachine,
  specs: [{ input: { client: 21 }, events: [{ type: 'balance.retry' }], outcomes: { loadBalance: [{ output: BALANCE }, { error: new Error('offline') }] } }],
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
