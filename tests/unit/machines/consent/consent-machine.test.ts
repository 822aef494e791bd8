import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { describeModel } from '../../../support/model-paths.ts';
import { model, spies } from './consent.model.ts';

function check(snapshot: any, event: AnyEventObject) {
  if (event.type === 'consent.submit' && snapshot.matches({ asking: 'unticked' })) expect(spies.toastTickRequired).toHaveBeenCalledTimes(1);
  if (snapshot.matches('saving')) expect(snapshot.hasTag('pending')).toBe(true);
  if (event.type.startsWith('xstate.error.actor')) expect(spies.toastSaveFailed).toHaveBeenCalledTimes(1);
  else expect(spies.toastSaveFailed).not.toHaveBeenCalled();
  expect(spies.consentRecorded).toHaveBeenCalledTimes(snapshot.matches('accepted') ? 1 : 0);
  if (snapshot.status === 'done') expect(snapshot.output).toEqual({ consented: snapshot.matches('accepted') });
  // Issue 22 (1): never asked, so never saved, without a usable id.
  if (snapshot.matches('asking') || snapshot.matches('saving')) expect(snapshot.context.clientId).toMatch(/^[1-9][0-9]*$/);
}

describeModel('consent', model, check);
