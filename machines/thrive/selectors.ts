// What the thrive dashboard's views read from its charts, by name.
import type { SnapshotFrom } from 'xstate';
import { formErrors, type measurementFormMachine } from './measurement-form-machine.ts';
import { unitsOf } from './metrics.ts';

type FormSnapshot = SnapshotFrom<typeof measurementFormMachine>;

export const measurementFormSelectors = {
  values: (s: FormSnapshot) => s.context,
  isPressure: (s: FormSnapshot) => s.context.metric === 'blood_pressure',
  units: (s: FormSnapshot) => unitsOf(s.context.metric),
  /** The rules' message under each field, while the reading is refused. */
  errors: (s: FormSnapshot) => (s.matches('invalid') ? formErrors(s.context) : {}),
  isReady: (s: FormSnapshot) => s.matches('ready'),
};
