// Loads the signed-in user's own record and profile (GET users/users/me, which is also how a
// client learns their id for the portal routes). No record or no profile means the placeholder;
// failures are classified for the §8 banner.
import type { ProfileLoadFailure, ProfileSummary } from '../../../machines/profile/profile-machine';
import type { ApiClient } from '../../lib/api-client';

function failure(response: Response, error: unknown): ProfileLoadFailure {
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  return { kind: 'http', status: response.status, message: typeof detail === 'string' ? detail : undefined };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    // fetch itself failed: nothing answered.
    throw { kind: error instanceof TypeError ? 'network' : 'other', message: (error as Error)?.message } satisfies ProfileLoadFailure;
  }
}

export async function loadOwnProfile(api: ApiClient): Promise<ProfileSummary | null> {
  const me = await call(() => api.GET('/users/users/me', {}));
  if (me.response.status === 404) return null;
  if (me.error || !me.data) throw failure(me.response, me.error);
  const p = me.data.Profile;
  if (!p) return null;
  return {
    client_id: String(me.data.id),
    first_name: p.first_name,
    last_name: p.last_name,
    gender: p.gender ?? null,
    role: p.role,
    hipaa_consent: p.hipaa_consent,
  };
}
