// Loads the signed-in user's own profile through the API client: their user record (found by
// their email), then their profile. No record or no profile means the placeholder; failures
// are classified for the §8 banner.
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

export async function loadOwnProfile(api: ApiClient, email: string): Promise<ProfileSummary | null> {
  const list = await call(() => api.GET('/users/users', { params: { query: { search: email } } }));
  if (list.error || !list.data) throw failure(list.response, list.error);
  const me = list.data.results.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!me) return null;
  const got = await call(() => api.GET('/users/user-profiles/{id}', { params: { path: { id: me.id } } }));
  if (got.response.status === 404) return null;
  if (got.error || !got.data) throw failure(got.response, got.error);
  const p = got.data;
  return {
    client_id: String(p.client_id),
    first_name: p.first_name,
    last_name: p.last_name,
    gender: p.gender ?? null,
    role: p.role,
    hipaa_consent: p.hipaa_consent,
  };
}
