// The Add measurement form's model: pick a metric (weight, blood pressure), type a plausible or an
// implausible value, a diastolic, another unit and a time, submit, reset.
import { vi } from 'vitest';
import { measurementFormMachine } from '../../../../machines/thrive/measurement-form-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const submit = vi.fn();

export const model: MachineModel = {
  machine: measurementFormMachine,
  specs: [
    {
      input: { metrics: ['weight', 'blood_pressure'] },
      events: [
        { type: 'form.metric', metric: 'blood_pressure' },
        { type: 'form.metric', metric: 'weight' },
        { type: 'form.value', value: '72' },
        { type: 'form.value', value: '720' },
        { type: 'form.value', value: '' },
        { type: 'form.value2', value: '80' },
        { type: 'form.unit', unit: 'lb' },
        { type: 'form.takenAt', value: '2026-11-01T08:00' },
        { type: 'form.submit' },
        { type: 'form.reset' },
      ],
      actions: { submit },
    },
  ],
};
