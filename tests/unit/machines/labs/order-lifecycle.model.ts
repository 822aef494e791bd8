// The lab order chart's model: every verb, sent bare and with what its guard needs (a collector;
// some or all of the ordered markers resulted), in every status.
import type { AnyEventObject } from 'xstate';
import { labOrderLifecycle } from '../../../../machines/labs/order-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['assign', 'collect', 'process', 'release_partial', 'release', 'cancel'].map((v) => `lab_order.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const someIn: AnyEventObject[] = VERBS.map((type) => ({ type, collector_id: 7, resulted: 1, expected: 3 }));
const allIn: AnyEventObject[] = VERBS.map((type) => ({ type, collector_id: 7, resulted: 3, expected: 3 }));

export const model: MachineModel = {
  machine: labOrderLifecycle,
  specs: [
    {
      events: [...bare, ...someIn, ...allIn],
      describeEvent: (e) => `${e.type}${'resulted' in e ? ` (${e.resulted}/${e.expected} resulted)` : ''}`,
    },
  ],
};
