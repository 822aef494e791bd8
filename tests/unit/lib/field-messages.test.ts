// Refused fields read as sentences from one catalogue, whatever rule of the contract they broke.
import { describe, expect, it } from 'vitest';
import { BLANK_REASON } from '../../../machines/rules/visible-text.ts';
import { contractErrors } from '../../../src/lib/contract-validation.ts';
import { fieldLabel, fieldSentence, readableFieldErrors, refusalSummary } from '../../../src/lib/field-messages.ts';

describe('the field message catalogue', () => {
  it('says what to do instead of quoting the rule', () => {
    expect(fieldSentence('abha_number', 'Must match pattern "^[0-9]{14}$"')).toBe('ABHA number has 14 digits.');
    expect(fieldSentence('aadhar_number', 'Must match pattern "^[0-9]{12}$"')).toBe('Aadhaar number has 12 digits.');
    expect(fieldSentence('phone_number', 'Must match pattern "^\\+[1-9][0-9]{6,14}$"')).toBe(
      'Phone number is the country code and number, digits only, for example +91 98123 45678.',
    );
    expect(fieldSentence('zipcode', 'Must match pattern "^[A-Za-z0-9 -]{3,10}$"')).toMatch(/^PIN code is 3 to 10 letters or digits/);
    expect(fieldSentence('alternate_email', 'Must match format "email"')).toBe('Alternate email is not an email address, for example name@example.com.');
    expect(fieldSentence('first_name', 'This field is required.')).toBe('First name is required.');
    expect(fieldSentence('city', 'Must NOT have more than 100 characters')).toBe('City can be at most 100 characters.');
    expect(fieldSentence('last_name', 'Must NOT have fewer than 1 characters')).toBe('Last name cannot be empty.');
    expect(fieldSentence('gender', 'Must be equal to one of the allowed values: M, F')).toBe('Gender: choose one of M, F.');
    expect(fieldSentence('pattern', 'Must be equal to one of the allowed values: vegetarian, non_vegetarian, jain')).toBe(
      'Pattern: choose one of vegetarian, non-vegetarian, jain.',
    );
    expect(fieldSentence('goals.0.description', 'This field is required.')).toBe('Description is required.');
    expect(fieldSentence('date_of_birth', 'Must not be in the future.')).toBe('Date of birth must not be in the future.');
    // Already written for people: kept.
    expect(fieldSentence('email', 'A user with this email already exists.')).toBe('A user with this email already exists.');
  });

  it("turns the contract's own refusals (what the server sends) into sentences, no pattern left", () => {
    const errors = contractErrors('ProfilePatch', { abha_number: '123', zipcode: '!!', alternate_email: 'nope', phone_number: '98' });
    const readable = readableFieldErrors(errors);
    expect(Object.keys(readable).sort()).toEqual(Object.keys(errors).sort());
    expect(readable.abha_number).toEqual(['ABHA number has 14 digits.']);
    for (const sentence of Object.values(readable).flat()) expect(sentence).not.toMatch(/pattern|\^|\$|format "/);
    expect(refusalSummary({ abha_number: errors.abha_number })).toBe('ABHA number has 14 digits.');
    expect(refusalSummary({})).toBeNull();
  });

  it('calls a name of spaces or invisible characters missing, in the portal as from the server', () => {
    for (const blank of [' ', '\t', '\uFEFF', '\u200B']) {
      const errors = contractErrors('ProfilePatch', { first_name: blank });
      expect(errors.first_name).toEqual([BLANK_REASON]);
      expect(readableFieldErrors(errors).first_name).toEqual(['First name is required.']);
    }
  });

  it('names a field it has no label for from its key', () => {
    expect(fieldLabel('blood_group')).toBe('Blood group');
  });
});
