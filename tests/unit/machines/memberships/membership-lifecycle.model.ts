// The membership chart's model: every verb, sent bare and with what its guard reads (the period
// over or still running), in every status.
import type { AnyEventObject } from 'xstate';
import { membershipLifecycle } from '../../../../machines/memberships/membership-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['pay', 'cancel', 'invoice_renewal', 'cancel_renewal', 'lapse', 'end'].map((v) => `membership.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const running: AnyEventObject[] = VERBS.map((type) => ({ type, period_over: false }));
const over: AnyEventObject[] = VERBS.map((type) => ({ type, period_over: true }));

export const model: MachineModel = {
  machine: membershipLifecycle,
  specs: [
    {
      events: [...bare, ...running, ...over],
      describeEvent: (e) => `${e.type}${'period_over' in e ? (e.period_over ? ' (period over)' : ' (period running)') : ''}`,
    },
  ],
};
