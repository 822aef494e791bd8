// The portal profile's phone split (longest dial code first, default +1) and the Aadhaar shown
// masked even to its owner.
import { describe, expect, it } from 'vitest';
import { splitPhoneNumber } from '../../../../machines/rules/dial-codes.ts';
import { maskAadhaar } from '../../../../machines/rules/masking.ts';

describe('phone numbers and Aadhaar on the profile page', () => {
  it('splits a stored number at its dial code', () => {
    expect(splitPhoneNumber('+919812345678')).toEqual({ dial: '+91', number: '9812345678' });
    expect(splitPhoneNumber('+2348012345678')).toEqual({ dial: '+234', number: '8012345678' });
    expect(splitPhoneNumber(null)).toEqual({ dial: '+1', number: '' });
    expect(splitPhoneNumber('9812345678')).toEqual({ dial: '+1', number: '9812345678' });
  });

  it('shows only the last 4 Aadhaar digits', () => {
    expect(maskAadhaar('234123412346')).toBe('XXXX XXXX 2346');
    expect(maskAadhaar(null)).toBe('—');
  });
});
