// The "new account" dialogs of the staff pages (New client, New user), pure: the person fields
// every account starts with, and when each dialog may be sent (the server checks the rest —
// a taken email, a phone it cannot read — and names the field it refuses).
import { hasText, isChosen } from '../rules/form-rules.ts';

export const EMPTY_PERSON = { first_name: '', last_name: '', email: '', phone_number: '' };
export type PersonValues = typeof EMPTY_PERSON;

/** The required person fields are filled in: first and last name, and the email the invitation goes to. */
export const personReady = (v: PersonValues): boolean => hasText(v.first_name) && hasText(v.last_name) && hasText(v.email);

/** A new staff member needs the person fields and a role. */
export const canCreateUser = (v: PersonValues & { role: string }): boolean => personReady(v) && isChosen(v.role);
