// One rule set for editing a profile, whoever edits it: the client on the portal, staff on the
// client's record, and the server on every profile PATCH. The views turn their form into a patch
// with `profilePatchOf` (only what changed, trimmed, empty optional fields cleared, phones in one
// shape); the adapters refuse a patch that `profilePatchErrors` faults before sending it; the
// server answers 400 with the same reasons. The contract's schema (openapi.yaml) covers types,
// lengths and patterns; these are the rules a schema cannot say.

import { BLANK_REASON, isBlankText } from './visible-text.ts';

export type FieldErrors = Record<string, string[]>;

/** Text that may not be emptied: a profile always has a name. */
export const REQUIRED_PROFILE_FIELDS = ['first_name', 'last_name'] as const;
export const PHONE_PROFILE_FIELDS = ['phone_number', 'alternate_phone', 'emergency_contact_number'] as const;
/** Always one of the choices; never cleared. */
export const CHOICE_PROFILE_FIELDS = ['preferred_contact_method'] as const;
export const CONTACT_METHODS = ['phone', 'email', 'sms', 'whatsapp'] as const;

export const PROFILE_RULE_MESSAGES = {
  required: BLANK_REASON,
  dateOfBirthFuture: 'Must not be in the future.',
  dateOfBirthTooEarly: 'Must be on or after 1900-01-01.',
} as const;

const EARLIEST_BIRTH = '1900-01-01';

const isOneOf = (list: readonly string[], field: string) => list.includes(field);

/**
 * A form value as the profile stores it: trimmed; a phone number keeps only letters, digits and
 * '+' (as spec §3 does for sign-up, so a stray letter is refused rather than dropped); an emptied
 * optional field becomes null.
 */
export function profileValue(field: string, raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  const value = isOneOf(PHONE_PROFILE_FIELDS, field) ? text.replace(/[^A-Za-z0-9+]/g, '') : text;
  if (value !== '') return value;
  return isOneOf(REQUIRED_PROFILE_FIELDS, field) || isOneOf(CHOICE_PROFILE_FIELDS, field) ? '' : null;
}

/** The patch for the fields of `draft` whose stored value differs from `current`'s. */
export function profilePatchOf(draft: Record<string, string>, current: Record<string, unknown>): Record<string, string | null> {
  const patch: Record<string, string | null> = {};
  for (const [field, raw] of Object.entries(draft)) {
    const value = profileValue(field, raw);
    const was = current[field] === undefined || current[field] === null ? null : String(current[field]);
    if (value !== was) patch[field] = value;
  }
  return patch;
}

/** The reasons, by field, that a profile patch is refused; empty when it may be saved. */
export function profilePatchErrors(patch: Record<string, unknown>, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, reason: string) => (errors[field] ??= []).push(reason);
  for (const field of REQUIRED_PROFILE_FIELDS) {
    if (field in patch && (typeof patch[field] !== 'string' || isBlankText(patch[field] as string))) add(field, PROFILE_RULE_MESSAGES.required);
  }
  for (const field of CHOICE_PROFILE_FIELDS) {
    if (field in patch && !patch[field]) add(field, PROFILE_RULE_MESSAGES.required);
  }
  const born = patch.date_of_birth;
  if (typeof born === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(born)) {
    // Today somewhere on earth (UTC+14): the browser's date and the server's never disagree.
    const latest = new Date(today.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
    if (born > latest) add('date_of_birth', PROFILE_RULE_MESSAGES.dateOfBirthFuture);
    else if (born < EARLIEST_BIRTH) add('date_of_birth', PROFILE_RULE_MESSAGES.dateOfBirthTooEarly);
  }
  return errors;
}
