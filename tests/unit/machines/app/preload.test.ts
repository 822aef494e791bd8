// When the signed-in frames' code is fetched (the app chart decides; the view only fetches): on
// entering the restore of a stored session, unless the page is /login (a visitor there may never
// sign in), and on signing in, whatever the page.
import { createActor, fromCallback } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { appChildren, appMachine } from '../../../../machines/app/app-machine.ts';
import { deferredActors } from '../../../support/model-paths.ts';
import { EVENTS } from './app.model.ts';

describe('the app chart preloads the signed-in frames', () => {
  it('asks on the restore (unless on /login) and again once signed in', () => {
    const preload = vi.fn();
    const idle = fromCallback(() => {});
    const logic = appMachine.provide({
      actors: {
        ...deferredActors(appMachine).actors,
        inactivity: appChildren.inactivity,
        guard: appChildren.guard,
        watchAuth: idle,
        watchLocation: idle,
        watchActivity: idle,
        watchVisibility: idle,
      } as never,
      actions: { preloadSignedIn: (_, params) => preload(params), signOut: () => {}, navigate: () => {}, notify: () => {} },
    });
    const app = createActor(logic, { input: { inactivity: { timeoutMs: 60_000, warningMs: 10_000 } } }).start();
    expect(preload.mock.calls).toEqual([[{ unlessOnLogin: true }]]);
    app.send(EVENTS.client as never);
    expect(preload.mock.calls).toEqual([[{ unlessOnLogin: true }], [{ unlessOnLogin: false }]]);
    app.stop();
  });
});
