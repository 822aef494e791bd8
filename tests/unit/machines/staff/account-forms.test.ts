// The staff pages' "new account" dialogs: when New client and New user may be sent.
import { describe, expect, it } from 'vitest';
import { canCreateUser, EMPTY_PERSON, personReady } from '../../../../machines/staff/account-forms.ts';

const PERSON = { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', phone_number: '' };

describe('a new account', () => {
  it('needs a first and last name and an email; the phone is optional', () => {
    expect(personReady(EMPTY_PERSON)).toBe(false);
    expect(personReady(PERSON)).toBe(true);
    expect(personReady({ ...PERSON, first_name: ' ' })).toBe(false);
    expect(personReady({ ...PERSON, last_name: '' })).toBe(false);
    expect(personReady({ ...PERSON, email: '  ' })).toBe(false);
  });

  it('of a staff member needs a role too', () => {
    expect(canCreateUser({ ...PERSON, role: '' })).toBe(false);
    expect(canCreateUser({ ...PERSON, role: 'NURSE' })).toBe(true);
    expect(canCreateUser({ ...EMPTY_PERSON, role: 'NURSE' })).toBe(false);
  });
});
