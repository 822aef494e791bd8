// The one profile rule set the portal, the staff record and the server share: how a form becomes
// a patch (only changes; trimmed; emptied optional fields cleared; phones in one shape) and which
// patches are refused, with which reasons.
import { describe, expect, it } from 'vitest';
import { PROFILE_RULE_MESSAGES, profilePatchErrors, profilePatchOf, profileValue } from '../../../../machines/rules/profile-rules.ts';

describe('profile rules', () => {
  it('stores form values in one shape', () => {
    expect(profileValue('city', '  Pune ')).toBe('Pune');
    expect(profileValue('city', '   ')).toBeNull();
    expect(profileValue('first_name', '  ')).toBe('');
    expect(profileValue('phone_number', '+91 98123-45678')).toBe('+919812345678');
    // Letters stay, so the contract refuses them instead of the number silently changing.
    expect(profileValue('emergency_contact_number', '+91 98x')).toBe('+9198x');
    expect(profileValue('alternate_phone', '')).toBeNull();
  });

  it('sends only what changed', () => {
    const current = { first_name: 'Meera', city: null, phone_number: '+919812345678', gender: null, preferred_contact_method: 'phone' };
    expect(
      profilePatchOf({ first_name: ' Meera ', city: '', phone_number: '+91 98123 45678', gender: '', preferred_contact_method: 'phone' }, current),
    ).toEqual({});
    expect(profilePatchOf({ first_name: 'Meera', city: 'Pune', phone_number: '', gender: 'F', preferred_contact_method: 'email' }, current)).toEqual({
      city: 'Pune',
      phone_number: null,
      gender: 'F',
      preferred_contact_method: 'email',
    });
  });

  it('refuses blank names, a missing contact method and impossible birth dates', () => {
    const today = new Date('2026-11-23T12:00:00Z');
    expect(profilePatchErrors({ first_name: '  ', last_name: '' }, today)).toEqual({
      first_name: [PROFILE_RULE_MESSAGES.required],
      last_name: [PROFILE_RULE_MESSAGES.required],
    });
    expect(profilePatchErrors({ preferred_contact_method: '' }, today)).toEqual({ preferred_contact_method: [PROFILE_RULE_MESSAGES.required] });
    expect(profilePatchErrors({ date_of_birth: '2026-11-26' }, today)).toEqual({ date_of_birth: [PROFILE_RULE_MESSAGES.dateOfBirthFuture] });
    expect(profilePatchErrors({ date_of_birth: '1899-12-31' }, today)).toEqual({ date_of_birth: [PROFILE_RULE_MESSAGES.dateOfBirthTooEarly] });
    // Today anywhere on earth is not the future, whichever side of the date line checks it.
    expect(profilePatchErrors({ date_of_birth: '2026-11-24' }, today)).toEqual({});
    expect(profilePatchErrors({ date_of_birth: null, city: null, first_name: 'Meera' }, today)).toEqual({});
  });
});
