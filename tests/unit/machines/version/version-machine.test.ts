import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { describeModel } from '../../../support/model-paths';
import { model, spies } from './version.model';

describeModel('version', model, (snapshot: any, event: AnyEventObject) => {
  if (snapshot.matches('updateAvailable')) expect(snapshot.context.knownVersion).not.toBeNull();
  // Refresh Now reloads only when a new version was announced.
  if (event.type === 'version.refresh' && snapshot.matches('updateAvailable')) expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  else expect(spies.reloadPage).not.toHaveBeenCalled();
});
