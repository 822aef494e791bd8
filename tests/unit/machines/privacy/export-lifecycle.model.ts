// The data export chart's model: every verb in every status, sent by the clock before and after
// the archive's days are over.
import type { AnyEventObject } from 'xstate';
import { exportLifecycle } from '../../../../machines/privacy/export-lifecycle.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const VERBS = ['start', 'finish', 'fail', 'expire'].map((v) => `export.${v}`);

const events: AnyEventObject[] = VERBS.map((type) => ({ type }));

export const model: MachineModel = {
  machine: exportLifecycle,
  specs: [
    {
      name: 'a week after it was ready',
      input: { readyAt: '2026-03-01T10:00:00Z', now: '2026-03-08T10:00:00Z' },
      events,
      describeEvent: (e) => `${e.type} (a week on)`,
    },
    {
      name: 'a day after it was ready',
      input: { readyAt: '2026-03-01T10:00:00Z', now: '2026-03-02T10:00:00Z' },
      events,
      describeEvent: (e) => `${e.type} (a day on)`,
    },
  ],
};
