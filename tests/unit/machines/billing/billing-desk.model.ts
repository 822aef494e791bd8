// The billing desk chart's model: the list loads or fails (and is retried); a status filter other
// than the one shown reads it again, the same one does nothing.
import { billingDeskMachine } from '../../../../machines/billing/billing-desk-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const SUMMARY = {
  id: 7,
  client: 21,
  client_name: 'Meera Iyer',
  kind: 'invoice' as const,
  status: 'issued' as const,
  number: 'INV/26-27/00042',
  issued_on: '2026-11-27',
  total_paise: 118_000,
  balance_paise: 118_000,
  created_at: '2026-11-27T06:00:00Z',
};

export const model: MachineModel = {
  machine: billingDeskMachine,
  specs: [
    {
      input: {},
      events: [{ type: 'desk.retry' }, { type: 'desk.filter', filter: 'open' }, { type: 'desk.filter', filter: 'paid' }],
      outcomes: { loadDocuments: [{ output: { count: 1, results: [SUMMARY] } }, { error: new Error('offline') }] },
    },
  ],
};
