// The till day chart's model: every verb in every status.
import type { AnyEventObject } from 'xstate';
import { dayCloseLifecycle } from '../../../../machines/billing/day-close-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['count', 'reopen', 'close'].map((v) => `day.${v}`);

export const model: MachineModel = {
  machine: dayCloseLifecycle,
  specs: [{ events: VERBS.map((type): AnyEventObject => ({ type })), describeEvent: (e) => e.type }],
};
