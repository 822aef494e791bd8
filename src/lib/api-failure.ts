// The one way an API failure becomes words on screen (spec §8): no answer is the network message,
// 401, 403 and 5xx have their fixed texts, anything else shows the server's `detail` or 'An
// unknown error occurred'. Every feature's adapter unwraps its openapi-fetch calls here, so a
// machine receives a Failure whose message is already the §8 text, with the server's field reasons.
import type { FieldErrors, Failure } from '../../machines/rules/failure.ts';
import { PROFILE_ERROR_401, PROFILE_ERROR_403, PROFILE_ERROR_5XX, PROFILE_ERROR_NETWORK, PROFILE_ERROR_UNKNOWN } from '../app/shell-text.ts';
import { readableFieldErrors, refusalSummary } from './field-messages.ts';

export const NETWORK_FAILURE = PROFILE_ERROR_NETWORK;

/** The §8 message for an answer with `status` (0: no answer) and the server's `detail`. */
export function failureText(status: number, detail?: string | null): string {
  if (status === 0) return PROFILE_ERROR_NETWORK;
  if (status === 401) return PROFILE_ERROR_401;
  if (status === 403) return PROFILE_ERROR_403;
  if (status >= 500) return PROFILE_ERROR_5XX;
  return detail || PROFILE_ERROR_UNKNOWN;
}

export class ApiFailure extends Error implements Failure {
  readonly status: number;
  readonly fieldErrors: FieldErrors;
  /** The server's own `detail` (kept for telling one 404 from another). */
  readonly detail: string | null;

  constructor(status: number, detail: string | null = null, fieldErrors: FieldErrors = {}) {
    // A refusal that names fields reads as the catalogue's sentences, beside each field and above
    // the form; the server's own detail stays for code that tells refusals apart.
    const named = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => field !== 'body'));
    const summary = status === 400 ? refusalSummary(named) : null;
    super(summary ?? failureText(status, detail));
    this.status = status;
    this.detail = detail;
    this.fieldErrors = readableFieldErrors(fieldErrors);
  }
}

/** A refusal decided in the browser before sending (the same rules the server applies). */
export function refusedLocally(fieldErrors: FieldErrors): ApiFailure {
  // The same detail as the server's 400 (`Invalid <field>: <reason>`); both read as the catalogue's sentences.
  const [field, reasons] = Object.entries(fieldErrors)[0] ?? ['body', ['Is invalid.']];
  return new ApiFailure(400, `Invalid ${field}: ${reasons[0]}`, fieldErrors);
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data; throws an ApiFailure for no answer or any error status. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch {
    throw new ApiFailure(0);
  }
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as { detail?: unknown; errors?: FieldErrors };
  throw new ApiFailure(result.response.status, typeof body.detail === 'string' ? body.detail : null, body.errors ?? {});
}

/**
 * Like `unwrap`, where one refusal says more than its detail: `refusal` makes the failure of an
 * answer with that status from its body (a scheduling 409's conflicts, a new prospect's possible
 * duplicates), or answers null to leave it to `unwrap`.
 */
export async function unwrapRefusal<T>(call: Promise<FetchResult<T>>, status: number, refusal: (body: unknown) => ApiFailure | null): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch {
    throw new ApiFailure(0);
  }
  const failure = result.response.status === status ? refusal(result.error) : null;
  if (failure) throw failure;
  return unwrap(Promise.resolve(result));
}
