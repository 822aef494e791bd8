// Consent recorded by staff from the client's signed paper form (issue 22, 12): give or withdraw,
// the date the client signed, and why staff record it. The same rules refuse a bad form in the
// client details page and on the server.
export type ConsentDecision = 'given' | 'withdrawn';

export interface ConsentOnBehalfForm {
  decision: ConsentDecision;
  /** YYYY-MM-DD: the day the client signed the form. */
  signed_on: string;
  reason: string;
}

export const CONSENT_ON_BEHALF_MESSAGES = {
  required: 'This field is required.',
  signedInFuture: 'Must not be in the future.',
  signedTooEarly: 'Must be on or after 2000-01-01.',
  reasonTooLong: 'Must be at most 500 characters.',
} as const;

export const CONSENT_REASON_MAX = 500;

/**
 * The form's required answers are given (a signing date and a reason): the dialog's button waits
 * for them; anything else wrong is refused by consentOnBehalfErrors, in the browser and on the server.
 */
export const consentFormFilledIn = (form: Pick<ConsentOnBehalfForm, 'signed_on' | 'reason'>): boolean => !!form.signed_on && !!form.reason.trim();
const EARLIEST_SIGNED = '2000-01-01';

/** The form's refusals by field (empty when it may be recorded); `reason` counts once trimmed. */
export function consentOnBehalfErrors(form: Partial<ConsentOnBehalfForm>, today = new Date()): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (form.decision !== 'given' && form.decision !== 'withdrawn') add('decision', CONSENT_ON_BEHALF_MESSAGES.required);
  const reason = typeof form.reason === 'string' ? form.reason.trim() : '';
  if (!reason) add('reason', CONSENT_ON_BEHALF_MESSAGES.required);
  else if (reason.length > CONSENT_REASON_MAX) add('reason', CONSENT_ON_BEHALF_MESSAGES.reasonTooLong);
  const signed = form.signed_on;
  if (typeof signed !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(signed)) add('signed_on', CONSENT_ON_BEHALF_MESSAGES.required);
  else {
    // Today somewhere on earth (UTC+14): the browser's date and the server's never disagree.
    const latest = new Date(today.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
    if (signed > latest) add('signed_on', CONSENT_ON_BEHALF_MESSAGES.signedInFuture);
    else if (signed < EARLIEST_SIGNED) add('signed_on', CONSENT_ON_BEHALF_MESSAGES.signedTooEarly);
  }
  return errors;
}
