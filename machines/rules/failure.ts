// What a machine keeps of a refused call: the message to show, the reasons per field (a 400
// names each field), and the HTTP status when there was one (0: no answer at all). Adapters
// reject with this shape; machines only read it, so any thrown value is accepted.

export type FieldErrors = Record<string, string[]>;

export interface Failure {
  message: string;
  fieldErrors: FieldErrors;
  status: number | null;
}

/** Reads a thrown value as a Failure (an adapter's failure, an Error, or anything else). */
export function failureOf(error: unknown, fallback = 'Something went wrong. Please try again.'): Failure {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; fieldErrors?: unknown; status?: unknown };
    return {
      message: typeof e.message === 'string' && e.message ? e.message : fallback,
      fieldErrors: e.fieldErrors && typeof e.fieldErrors === 'object' ? (e.fieldErrors as FieldErrors) : {},
      status: typeof e.status === 'number' ? e.status : null,
    };
  }
  return { message: typeof error === 'string' && error ? error : fallback, fieldErrors: {}, status: null };
}

/** True when the failure names fields (a form shows the reasons beside them). */
export const hasFieldErrors = (failure: Failure): boolean => Object.keys(failure.fieldErrors).length > 0;
