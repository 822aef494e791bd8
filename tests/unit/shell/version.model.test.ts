import { expect, vi } from 'vitest';
import { versionMachine } from '../../../machines/version/version-machine';
import { describeModel } from './model-suite';

const reloadPage = vi.fn();

describeModel(
  'version',
  {
    machine: versionMachine,
    events: [{ type: 'visibility.hidden' }, { type: 'visibility.visible' }, { type: 'version.refresh' }],
    // The first answer, the same again, a new build, and a failed check.
    outcomes: { fetchVersion: [{ output: '1.0.0+a' }, { output: '1.0.0+b' }, { error: new Error('offline') }] },
    actions: { reloadPage },
  },
  (snapshot, event) => {
    if (snapshot.matches('updateAvailable')) expect(snapshot.context.knownVersion).not.toBeNull();
    if (event.type === 'version.refresh') expect(reloadPage).toHaveBeenCalled();
  },
);
