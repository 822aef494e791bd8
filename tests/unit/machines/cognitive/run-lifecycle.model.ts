// The battery run's chart: every verb tried in every status.
import { runLifecycle } from '../../../../machines/cognitive/run-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['run.pause', 'run.resume', 'run.complete', 'run.abandon'] as const;

export const model: MachineModel = {
  machine: runLifecycle,
  specs: [{ events: VERBS.map((type) => ({ type })) }],
};
