// The app machine's promises from issue 22, one scenario each, on a real actor with fake children
// actors: (1) the §3 placeholder and no request with an invalid id; (4) the expiry alert stays on
// /login until dismissed or the next sign-in (not a 5-second toast).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appChildren, appMachine, PROFILE_RETRY_MS, type LoadedProfile } from '../../../../machines/app/app-machine.ts';
import { selectDisplayName, selectPhase, selectPortalClient, selectSessionExpired } from '../../../../machines/app/selectors.ts';
import { genderLabel } from '../../../../src/app/shell/profile-errors.ts';
import { EVENTS, LOADED } from './app.model.ts';

afterEach(() => vi.useRealTimers());

function start(loads: LoadedProfile[]) {
  const loadProfile = vi.fn(async () => loads.shift() ?? LOADED.consented);
  const recordConsent = vi.fn(async (_clientId: string) => {});
  const actions = { navigate: vi.fn(), notify: vi.fn(), signOut: vi.fn() };
  const idle = fromCallback(() => {});
  const actor = createActor(
    appMachine.provide({
      actors: {
        loadProfile: fromPromise(loadProfile),
        prefetchUsers: fromPromise(async () => {}),
        consent: appChildren.consent.provide({
          actors: { recordConsent: fromPromise(({ input }: { input: { clientId: string } }) => recordConsent(input.clientId)) },
        }),
        version: fromPromise(() => new Promise(() => {})),
        watchAuth: idle,
        watchLocation: idle,
        watchActivity: idle,
        watchVisibility: idle,
      } as never,
      actions,
    }),
    { input: { inactivity: { timeoutMs: 15 * 60_000, warningMs: 60_000 } } },
  ).start();
  return { actor, loadProfile, recordConsent, actions };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('a signed-in client whose profile row is missing (issue 22, 1)', () => {
  it('shows the §3 placeholder (Unknown, Not specified, client) and records consent on the real id, then reads the server row', async () => {
    vi.useFakeTimers();
    const t = start([LOADED.missingProfile, LOADED.consented]);
    t.actor.send(EVENTS.client);
    await settle();
    const s = t.actor.getSnapshot();
    expect(selectDisplayName(s)).toBe('Unknown');
    expect(genderLabel(s.context.profile!.gender)).toBe('Not specified');
    expect(s.context.profile!.role).toBe('client');
    expect(selectPortalClient(s)?.client_id).toBe('7');
    const consent = s.children.consent!;
    consent.send({ type: 'consent.toggle' });
    consent.send({ type: 'consent.submit' });
    await settle();
    expect(t.recordConsent).toHaveBeenCalledWith('7');
    // The placeholder stood in for a row: the profile is read again, now the server's.
    expect(t.loadProfile).toHaveBeenCalledTimes(2);
    expect(selectDisplayName(t.actor.getSnapshot())).toBe('Ada Lovelace');
  });

  it('with no usable id: never asks for consent (no users/user-profiles/NaN), asks the server again until the record exists', async () => {
    vi.useFakeTimers();
    const t = start([LOADED.missingUser, LOADED.unconsented]);
    t.actor.send(EVENTS.client);
    await settle();
    let s = t.actor.getSnapshot();
    expect(s.children.consent).toBeUndefined();
    expect(selectPortalClient(s)).toBeNull();
    expect(selectDisplayName(s)).toBe('Unknown');
    await vi.advanceTimersByTimeAsync(PROFILE_RETRY_MS);
    s = t.actor.getSnapshot();
    expect(t.loadProfile).toHaveBeenCalledTimes(2);
    expect(selectPortalClient(s)?.client_id).toBe('7');
    expect(s.children.consent).toBeDefined();
    expect(t.recordConsent).not.toHaveBeenCalled();
  });
});

describe('session expiry (issue 22, 4)', () => {
  it('keeps the alert on /login past any toast duration, until dismissed', async () => {
    vi.useFakeTimers();
    const t = start([LOADED.consented]);
    t.actor.send(EVENTS.client);
    await settle();
    t.actor.send({ type: 'session.expiredAlert' });
    t.actor.send({ type: 'session.ended' });
    expect(selectPhase(t.actor.getSnapshot())).toBe('signedOut');
    expect(t.actions.signOut).toHaveBeenCalledTimes(1);
    expect(t.actions.navigate).toHaveBeenCalledWith(expect.anything(), { to: 'login' });
    await vi.advanceTimersByTimeAsync(60_000);
    t.actor.send(EVENTS.signedOut);
    expect(selectSessionExpired(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'notice.dismiss' });
    expect(selectSessionExpired(t.actor.getSnapshot())).toBe(false);
  });

  it('clears the alert at the next sign-in', async () => {
    vi.useFakeTimers();
    const t = start([LOADED.consented, LOADED.consented]);
    t.actor.send(EVENTS.nurse);
    await settle();
    t.actor.send({ type: 'session.expiredAlert' });
    t.actor.send({ type: 'session.ended' });
    expect(selectSessionExpired(t.actor.getSnapshot())).toBe(true);
    t.actor.send(EVENTS.nurse);
    await settle();
    expect(selectPhase(t.actor.getSnapshot())).toBe('signedIn');
    expect(selectSessionExpired(t.actor.getSnapshot())).toBe(false);
  });

  it('still shows the alert and goes to /login when the identity service signed out first (its refresh failure is a Hub event too)', async () => {
    vi.useFakeTimers();
    const t = start([LOADED.consented]);
    t.actor.send(EVENTS.client);
    await settle();
    t.actor.send(EVENTS.signedOut);
    t.actor.send({ type: 'session.expiredAlert' });
    t.actor.send({ type: 'session.ended' });
    expect(selectSessionExpired(t.actor.getSnapshot())).toBe(true);
    expect(t.actions.navigate).toHaveBeenLastCalledWith(expect.anything(), { to: 'login' });
  });
});
