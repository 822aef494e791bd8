// The staff action machine's model: open a dialog on a subject, cancel, submit, succeed (the
// feature is told once, with the subject and the answer) or be refused (message and field reasons).
import { vi } from 'vitest';
import { actionMachine } from '../../../../machines/staff/action-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const SUBJECT = { id: 7, email: 'asha@clinic.test' };
export const CREATED = { id: 8 };
export const REFUSAL = {
  message: 'Invalid email: A user with this email already exists.',
  fieldErrors: { email: ['A user with this email already exists.'] },
  status: 400,
};
export const notifyDone = vi.fn();
/** Not an action of the machine: the test's own tally of answers in this path, cleared with the spies. */
export const answered = vi.fn();

export const model: MachineModel = {
  machine: actionMachine,
  specs: [
    {
      events: [
        { type: 'action.open', subject: SUBJECT, values: { role: 'NURSE' } },
        { type: 'action.cancel' },
        { type: 'action.submit', values: { role: 'DOCTOR' } },
        { type: 'action.submit' },
      ],
      outcomes: { perform: [{ output: CREATED }, { error: REFUSAL }] },
      actions: { notifyDone, answered },
    },
  ],
};
