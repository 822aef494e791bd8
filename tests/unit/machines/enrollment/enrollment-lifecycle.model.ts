// The enrollment chart's model: every verb the clinic has, tried in every status.
import { enrollmentLifecycle } from '../../../../machines/enrollment/enrollment-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['enrollment.pause', 'enrollment.resume', 'enrollment.complete', 'enrollment.cancel'] as const;

export const model: MachineModel = {
  machine: enrollmentLifecycle,
  specs: [{ events: VERBS.map((type) => ({ type })) }],
};
