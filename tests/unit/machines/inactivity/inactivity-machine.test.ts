import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { model, spies } from './inactivity.model.ts';

describeModel('inactivity', model, (snapshot) => {
  // Signed out once when (and only when) the time is up; input in the warning keeps the session.
  expect(spies.signOut).toHaveBeenCalledTimes(snapshot.matches('signedOut') ? 1 : 0);
});
