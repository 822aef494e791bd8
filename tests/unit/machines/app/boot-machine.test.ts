// Issue 22 (8): a network failure while loading /config.json is not the configuration error; it
// says so and offers a retry. Model paths over the boot machine, and the adapter's classification.
import { describe, expect, it, vi } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { describeModel } from '../../../support/model-paths.ts';
import { loadConfiguration } from '../../../../src/app/shell/app-api.ts';
import { model } from './boot.model.ts';

describeModel('boot', model, (snapshot: any, event: AnyEventObject) => {
  if (event.type.startsWith('xstate.error.actor')) {
    expect(snapshot.value).toBe(event.error.kind === 'network' ? 'networkFailed' : 'configurationFailed');
  }
  if (snapshot.matches('ready')) expect(snapshot.context.config).toEqual({ apiBase: '/api/v1' });
  if (snapshot.matches('loading')) expect(snapshot.hasTag('pending')).toBe(true);
  // Only a network failure may be retried; the configuration error is final.
  if (snapshot.matches('configurationFailed')) expect(snapshot.status).toBe('done');
});

describe('loading /config.json', () => {
  it('calls a fetch that never answered a network failure, anything else a configuration failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(loadConfiguration(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toEqual({ kind: 'network' });
      await expect(loadConfiguration(() => Promise.reject(new Error('/config.json answered 404')))).rejects.toEqual({ kind: 'configuration' });
      await expect(loadConfiguration(async () => ({ apiBase: '/api/v1', amplify: { auth: {} } }) as never)).rejects.toEqual({ kind: 'configuration' });
    } finally {
      error.mockRestore();
    }
  });
});
