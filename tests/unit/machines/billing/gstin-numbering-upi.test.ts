// The GSTIN check character, financial years and document numbers, and the UPI link.
import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, gstStateName, validGstin } from '../../../../machines/billing/gstin.ts';
import { documentNumber, financialYear, MAX_PREFIX_LENGTH, prefixProblem } from '../../../../machines/billing/numbering.ts';
import { upiAmount, upiPayUri } from '../../../../machines/billing/upi.ts';

describe('GSTIN', () => {
  it('accepts the reference vectors and refuses the format sample', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(validGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(validGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(validGstin('22AAAAA0000A1Z5')).toBe(false);
    expect(gstinProblem('22AAAAA0000A1Z5')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
    expect(gstinProblem(`25AAPFU0939F1Z${gstinCheckChar('25AAPFU0939F1Z')}`)).toMatch(/not a GST State/);
    expect(gstStateName('38')).toBe('Ladakh');
  });
});

describe('numbering', () => {
  it('puts a date in its April-to-March financial year', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2026-03-31')).toBe('2025-26');
    expect(financialYear('2099-12-01')).toBe('2099-00');
  });

  it('numbers PREFIX/YY-YY/NNNNN within 16 characters and refuses a prefix that overflows', () => {
    expect(documentNumber('TC', '2026-27', 42)).toBe('TC/26-27/00042');
    expect(documentNumber('INV-', '2026-27', 1)).toBe('INV-/26-27/00001');
    expect(documentNumber('INV-', '2026-27', 1)).toHaveLength(16);
    expect(MAX_PREFIX_LENGTH).toBe(4);
    expect(prefixProblem('ABCDE')).toMatch(/At most 4/);
    expect(prefixProblem('A B')).toMatch(/letters/);
    expect(prefixProblem('CN')).toBeNull();
    expect(() => documentNumber('ABCDE', '2026-27', 1)).toThrow(/16/);
    expect(() => documentNumber('ABCD', '2026-27', 100000)).toThrow(/16/);
    expect(documentNumber('ABC', '2026-27', 100000)).toBe('ABC/26-27/100000');
  });
});

describe('UPI', () => {
  it('encodes every value of the upi://pay link', () => {
    expect(upiAmount(118000)).toBe('1180.00');
    expect(upiAmount(5)).toBe('0.05');
    expect(upiPayUri({ vpa: 'clinic@okicici', name: 'Thrive Clinic & Spa' }, 118050, 'INV/26-27/00001')).toBe(
      'upi://pay?pa=clinic%40okicici&pn=Thrive%20Clinic%20%26%20Spa&am=1180.50&cu=INR&tn=INV%2F26-27%2F00001',
    );
  });
});
