// The billing document chart's model: every verb, sent bare and with what its guards read (money
// still due or not after the step; a credit note of part or of everything left), in every status.
import type { AnyEventObject } from 'xstate';
import { billingDocumentLifecycle } from '../../../../machines/billing/invoice-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['issue', 'delete', 'pay', 'credit'].map((v) => `billing.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const owing: AnyEventObject[] = VERBS.map((type) => ({ type, due_paise: 5000, credits_all: false }));
const settled: AnyEventObject[] = VERBS.map((type) => ({ type, due_paise: 0, credits_all: false }));
const creditsAll: AnyEventObject[] = VERBS.map((type) => ({ type, due_paise: 0, credits_all: true }));

export const model: MachineModel = {
  machine: billingDocumentLifecycle,
  specs: [
    {
      events: [...bare, ...owing, ...settled, ...creditsAll],
      describeEvent: (e) => `${e.type}${'due_paise' in e ? ` (${e.due_paise} due${e.credits_all ? ', all credited' : ''})` : ''}`,
    },
  ],
};
