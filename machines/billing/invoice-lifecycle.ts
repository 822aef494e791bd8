// A billing document (tax invoice or bill of supply): drafted, then issued with its number, then
// paid in part and in full. A draft can be edited and deleted (it has no number, so no gap is
// left); an issued document never changes: mistakes are corrected by a credit note that references
// it, and a credit note for everything still on it moves it to credited (money taken is refunded
// with it). A document that comes to nothing (a session drawn from a package) is paid on issue.
// Credit notes, receipt vouchers and refund vouchers are born issued and take no payments. The guards read what
// the step carries: what is still due after it, and whether a credit note takes back all that
// was left.
import { setup } from 'xstate';

export const BILLING_DOCUMENT_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'credited', 'deleted'] as const;
export type BillingDocumentStatus = (typeof BILLING_DOCUMENT_STATUSES)[number];

/** What a step may carry: paise still due once it is taken, and whether a credit note takes back everything left. */
export interface BillingDocumentExtras {
  due_paise?: number;
  credits_all?: boolean;
}

export type BillingDocumentEvent =
  | ({ type: 'billing.issue' } & BillingDocumentExtras)
  | ({ type: 'billing.delete' } & BillingDocumentExtras)
  | ({ type: 'billing.pay' } & BillingDocumentExtras)
  | ({ type: 'billing.credit' } & BillingDocumentExtras);

const due = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : Number.NaN);

export const billingDocumentLifecycle = setup({
  types: {
    events: {} as BillingDocumentEvent,
  },
  guards: {
    settled: ({ event }) => due(event.due_paise) <= 0,
    owing: ({ event }) => due(event.due_paise) > 0,
    creditsAll: ({ event }) => event.credits_all === true,
  },
}).createMachine({
  id: 'billingDocument',
  initial: 'draft',
  states: {
    draft: {
      on: {
        'billing.issue': [
          { target: 'paid', guard: 'settled' },
          { target: 'issued', guard: 'owing' },
        ],
        'billing.delete': 'deleted',
      },
    },
    issued: {
      on: {
        'billing.pay': [
          { target: 'paid', guard: 'settled' },
          { target: 'partially_paid', guard: 'owing' },
        ],
        'billing.credit': [
          { target: 'credited', guard: 'creditsAll' },
          { target: 'paid', guard: 'settled' },
        ],
      },
    },
    partially_paid: {
      on: {
        'billing.pay': [{ target: 'paid', guard: 'settled' }],
        'billing.credit': [
          { target: 'credited', guard: 'creditsAll' },
          { target: 'paid', guard: 'settled' },
        ],
      },
    },
    paid: {
      on: {
        'billing.credit': [{ target: 'credited', guard: 'creditsAll' }],
      },
    },
    credited: { type: 'final' },
    deleted: { type: 'final' },
  },
});

const verbsOf = (status: BillingDocumentStatus): readonly string[] => billingDocumentLifecycle.states[status]?.ownEvents ?? [];

/** Whether the document's content may still change (a draft): an issued one never does. */
export const editable = (status: BillingDocumentStatus): boolean => verbsOf(status).includes('billing.issue');
/** Whether a payment may be taken on it now (issued, partly paid). */
export const takesPayments = (status: BillingDocumentStatus): boolean => verbsOf(status).includes('billing.pay');
/** Whether a credit note may be issued against it (issued, paid or not, and not yet credited in full). */
export const creditable = (status: BillingDocumentStatus): boolean => verbsOf(status).includes('billing.credit');
