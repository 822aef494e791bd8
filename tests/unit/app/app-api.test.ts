// The shell's adapter and the clients domain's part of every sign-in: what the profile load makes
// of the API's answers (issue 22, 1: a missing profile is the placeholder's case, with the user's
// real id), that consent is never sent with an unusable id, and that signing out leaves no visit's
// unsent changes on the computer (issue 17).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../../openapi/runtime-config.ts';
import { createAppServices } from '../../../src/app/shell/app-api.ts';
import { loadOwnProfile, recordOwnConsent } from '../../../src/features/clients/shell.ts';
import type { AuthenticatorRef } from '../../../src/features/identity/auth-provider.tsx';
import { visitDrafts } from '../../../src/features/visits/visit-drafts.ts';
import type { ApiClient } from '../../../src/lib/api-client.ts';

const answer = (status: number, data?: unknown, error?: unknown) => ({ response: new Response(null, { status }), data, error });

describe('loading the own profile', () => {
  it('returns the profile with the user id as the client id', async () => {
    const api = {
      GET: vi.fn(async () => answer(200, { id: 7, Profile: { first_name: 'Ada', last_name: 'L', gender: 'F', role: 'client', hipaa_consent: false } })),
    };
    expect(await loadOwnProfile(api as unknown as ApiClient)).toEqual({
      userId: 7,
      profile: { client_id: '7', first_name: 'Ada', last_name: 'L', gender: 'F', role: 'client', hipaa_consent: false },
    });
  });

  it('a user without a profile row keeps their id (never the identity sub); no user record has none', async () => {
    const noProfile = { GET: vi.fn(async () => answer(200, { id: 7, Profile: null })) };
    expect(await loadOwnProfile(noProfile as unknown as ApiClient)).toEqual({ userId: 7, profile: null });
    const noUser = { GET: vi.fn(async () => answer(404, undefined, { detail: 'Not found.' })) };
    expect(await loadOwnProfile(noUser as unknown as ApiClient)).toEqual({ userId: null, profile: null });
  });

  it('classifies failures for the §8 banner', async () => {
    const down = { GET: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) };
    await expect(loadOwnProfile(down as unknown as ApiClient)).rejects.toMatchObject({ kind: 'network' });
    const refused = { GET: vi.fn(async () => answer(503, undefined, { detail: 'busy' })) };
    await expect(loadOwnProfile(refused as unknown as ApiClient)).rejects.toEqual({ kind: 'http', status: 503, message: 'busy' });
  });
});

describe('recording consent', () => {
  it('sends nothing for an unusable id (no users/user-profiles/NaN)', async () => {
    const api = { PATCH: vi.fn(async () => ({ error: undefined })) };
    for (const id of ['NaN', '', '0', 'sub-5f0c', '7.5']) await expect(recordOwnConsent(api as unknown as ApiClient, id)).rejects.toThrow();
    expect(api.PATCH).not.toHaveBeenCalled();
    await recordOwnConsent(api as unknown as ApiClient, '7');
    expect(api.PATCH).toHaveBeenCalledWith('/users/user-profiles/{id}', expect.objectContaining({ params: { path: { id: 7 } } }));
  });
});

describe('signing out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('removes every visit change kept on this computer, then signs out', () => {
    const items = new Map<string, string>([['thrive.inactivity-timeout', '15']]);
    const localStorage = {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
    };
    vi.stubGlobal('window', { localStorage });
    visitDrafts().write('nurse-sub', 7, { fields: [], notes: { was: '', now: 'Headache' }, events: [], adverse_events: [] });
    expect(items.size).toBe(2);
    const authenticator = { send: vi.fn() };
    const { logic } = createAppServices({ apiBase: '/api/v1' } as unknown as RuntimeConfig, authenticator as unknown as AuthenticatorRef);
    (logic.implementations.actions as Record<string, (...args: unknown[]) => void>).signOut({}, undefined);
    expect([...items.keys()]).toEqual(['thrive.inactivity-timeout']);
    expect(authenticator.send).toHaveBeenCalledWith({ type: 'auth.signOut' });
  });
});
