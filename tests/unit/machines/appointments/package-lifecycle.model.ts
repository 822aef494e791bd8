// The package chart's model: every verb, sent bare and with a freeze that fits the allowance left
// or does not, in every status.
import type { AnyEventObject } from 'xstate';
import { packageLifecycle } from '../../../../machines/appointments/package-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['pay', 'cancel', 'freeze', 'unfreeze', 'transfer', 'use_up', 'return_credit', 'expire', 'refund'].map((v) => `package.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const fits: AnyEventObject[] = VERBS.map((type) => ({ type, days: 3, allowance_left: 3 }));
const beyond: AnyEventObject[] = VERBS.map((type) => ({ type, days: 4, allowance_left: 3 }));

export const model: MachineModel = {
  machine: packageLifecycle,
  specs: [
    {
      events: [...bare, ...fits, ...beyond],
      describeEvent: (e) => `${e.type}${'days' in e ? ` (${e.days} of ${e.allowance_left} days left)` : ''}`,
    },
  ],
};
