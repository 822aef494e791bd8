import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { versionMachine } from '../../../../machines/version/version-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, spies } from './version.model.ts';

describeModel('version', model, (snapshot: any, event: AnyEventObject) => {
  if (snapshot.matches('updateAvailable')) expect(snapshot.context.knownVersion).not.toBeNull();
  // Refresh Now reloads only when a new version was announced.
  if (event.type === 'version.refresh' && snapshot.matches('updateAvailable')) expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  else expect(spies.reloadPage).not.toHaveBeenCalled();
});

describe('the checks the chart asks for', () => {
  it('marks only the checks before a first answer as first (they may take the preloaded answer)', async () => {
    const asked: boolean[] = [];
    const answers = [Promise.reject(new Error('offline')), Promise.resolve('1.0.0+a'), Promise.resolve('1.0.0+a')];
    const logic = versionMachine.provide({
      actors: { fetchVersion: fromPromise<string, { first: boolean }>(({ input }) => (asked.push(input.first), answers[asked.length - 1])) },
      delays: { versionPollInterval: 0 },
    });
    const actor = createActor(logic).start();
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3));
    actor.stop();
    expect(asked.slice(0, 3)).toEqual([true, true, false]);
  });
});
