// The pipeline chart's model: every verb of the clinic, sent with and without what its guard
// needs (a reason, a follow-up date, a conversion), in every stage.
import type { AnyEventObject } from 'xstate';
import { pipelineLifecycle } from '../../../../machines/discovery/pipeline-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['contact', 'book', 'hold', 'no_show', 'enrol', 'nurture', 'not_a_fit', 'lose'].map((v) => `prospect.${v}`);

const bare: AnyEventObject[] = VERBS.map((type) => ({ type }));
const complete: AnyEventObject[] = VERBS.map((type) => ({ type, reason: 'Moved away', nurture_on: '2026-09-01', converting: true }));

export const model: MachineModel = {
  machine: pipelineLifecycle,
  specs: [{ events: [...bare, ...complete], describeEvent: (e) => `${e.type}${'reason' in e ? ' (complete)' : ''}` }],
};
