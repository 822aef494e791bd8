// The clients domain's part of every sign-in, which the app shell takes through
// src/features/clients/shell.ts: the signed-in user's own record, the client's consent and the
// people list staff are shown first. Kept apart from clients-api.ts (the rest of the domain's
// adapter, which pages load on demand) so the first download carries none of its rules.
import type { LoadedProfile, ProfileLoadFailure } from '../../../machines/app/app-machine.ts';
import { CONSENT_VERSION, isUsableClientId } from '../../../machines/consent/consent-machine.ts';
import type { ApiClient } from '../../lib/api-client.ts';

function loadFailure(response: Response, error: unknown): ProfileLoadFailure {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return { kind: 'http', status: response.status, message: typeof detail === 'string' ? detail : undefined };
}

/**
 * The signed-in user's own record and profile (GET users/users/me, which is also how a client
 * learns their id for the portal routes). No profile means the placeholder; failures are
 * classified for the §8 banner.
 */
export async function loadOwnProfile(api: ApiClient): Promise<LoadedProfile> {
  const request = () => api.GET('/users/users/me', {});
  let me: Awaited<ReturnType<typeof request>>;
  try {
    me = await request();
  } catch (error) {
    // fetch itself failed: nothing answered.
    throw { kind: error instanceof TypeError ? 'network' : 'other', message: (error as Error)?.message } satisfies ProfileLoadFailure;
  }
  if (me.response.status === 404) return { userId: null, profile: null };
  if (me.error || !me.data) throw loadFailure(me.response, me.error);
  const p = me.data.Profile;
  if (!p) return { userId: me.data.id, profile: null };
  return {
    userId: me.data.id,
    profile: {
      client_id: String(me.data.id),
      first_name: p.first_name,
      last_name: p.last_name,
      gender: p.gender ?? null,
      role: p.role,
      hipaa_consent: p.hipaa_consent,
    },
  };
}

/** Spec §4: consent, its date and the text's version, on the client's own profile. */
export async function recordOwnConsent(api: ApiClient, clientId: string): Promise<void> {
  // The chart never asks without a usable id; this keeps a bad one off the wire whatever happens.
  if (!isUsableClientId(clientId)) throw new Error('no usable client id to record consent on');
  const { error } = await api.PATCH('/users/user-profiles/{id}', {
    params: { path: { id: Number(clientId) } },
    body: { hipaa_consent: true, hipaa_consent_date: new Date().toISOString(), hipaa_consent_version: CONSENT_VERSION },
  });
  if (error) throw error;
}

/** Spec §6: the users list, asked for as soon as a member of staff signs in; the answer is not kept. */
export async function prefetchUsers(api: ApiClient): Promise<void> {
  await api.GET('/users/users', {});
}
