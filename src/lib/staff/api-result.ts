// openapi-fetch answers as the staff pages' statecharts expect them: the data, or a thrown
// ActionFailure carrying the server's `detail` and per-field `errors` (400s name each field).
import type { ActionFailure } from '../../../machines/staff/action-machine';

export const NETWORK_FAILURE = 'Network error: Unable to connect to the API server. Please check your internet connection or contact support.';

export class ApiFailure extends Error implements ActionFailure {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data; throws an ApiFailure for any error status. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch {
    throw new ApiFailure(NETWORK_FAILURE, 0);
  }
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as { detail?: unknown; errors?: Record<string, string[]> };
  const detail = typeof body.detail === 'string' ? body.detail : `The server answered ${result.response.status}.`;
  throw new ApiFailure(detail, result.response.status, body.errors ?? {});
}
