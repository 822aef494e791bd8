// The sign-in email change's model: request a code to the new address, resend, cancel, confirm
// (the record follows) or be refused by the identity service at each step.
import { vi } from 'vitest';
import { emailChangeMachine } from '../../../../machines/clients/email-change-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const emailChanged = vi.fn();
/** Not an action of the machine: the test's tally of confirmed codes in this path, cleared with the spies. */
export const confirmed = vi.fn();

export const model: MachineModel = {
  machine: emailChangeMachine,
  specs: [
    {
      events: [
        { type: 'email.start', email: 'meera.new@x.test' },
        { type: 'email.confirm', code: '123456' },
        { type: 'email.resend' },
        { type: 'email.cancel' },
        { type: 'email.done' },
      ],
      outcomes: {
        requestChange: [{ output: 'm***w@x.test' }, { error: { message: 'An account with the given email already exists.' } }],
        resendCode: [{ output: 'm***w@x.test' }, { error: { message: 'Attempt limit exceeded' } }],
        confirmChange: [
          { output: { client_id: 7, email: 'meera.new@x.test' } },
          { error: { message: 'Invalid verification code provided, please try again.' } },
        ],
      },
      actions: { emailChanged, confirmed },
    },
  ],
};
