// The back office billing forms' rules (machines/billing/settings-form.ts): what each field says.
import { describe, expect, it } from 'vitest';
import { codeProblem, paiseToRupees, productProblems, rateProblem, rupeesToPaise, taxSettingsProblems } from '../../../../machines/billing/settings-form.ts';
import { formOf } from '../../../../machines/billing/tax-settings-machine.ts';
import { SETTINGS } from './portal-billing-fixtures.ts';

const FORM = formOf(SETTINGS);

describe('tax settings rules', () => {
  it('pass saved settings, and an unregistered clinic without a GSTIN', () => {
    expect(taxSettingsProblems(FORM)).toEqual({});
    expect(taxSettingsProblems({ ...FORM, gstin: '' })).toEqual({});
  });

  it('name each field that is wrong', () => {
    const problems = taxSettingsProblems({
      ...FORM,
      legal_name: ' ',
      gstin: '27AAPFU0939F1ZA',
      address: '',
      prefixes: { ...FORM.prefixes, receipt: 'R/V', credit_note: '' },
      upi_vpa: 'clinic',
      upi_payee_name: '',
    });
    expect(Object.keys(problems).sort()).toEqual(
      ['address', 'gstin', 'legal_name', 'prefix.credit_note', 'prefix.receipt', 'upi_payee_name', 'upi_vpa'].sort(),
    );
    expect(problems.gstin).toMatch(/check character/);
    expect(taxSettingsProblems({ ...FORM, state_code: '25' }).state_code).toBeDefined();
    expect(taxSettingsProblems({ ...FORM, upi_payee_name: '' }).upi_payee_name).toBeDefined();
    expect(taxSettingsProblems({ ...FORM, gstin: '29AAPFU0939F1ZR' }).gstin).toBe('This GSTIN is registered in Karnataka, not Maharashtra.');
  });
});

describe('item and product rules', () => {
  it("take a 4-to-8-digit code or none, and only the clinic's rates", () => {
    expect([codeProblem(''), codeProblem('2106'), codeProblem('99972200')]).toEqual([null, null, null]);
    expect([codeProblem('210'), codeProblem('999722001'), codeProblem('21a6')].every((p) => p !== null)).toBe(true);
    expect(rateProblem(1800, [0, 500, 1800, 4000])).toBeNull();
    expect(rateProblem(1200, [0, 500, 1800, 4000])).not.toBeNull();
  });

  it('read prices in rupees and paise', () => {
    expect([rupeesToPaise('450'), rupeesToPaise('450.5'), rupeesToPaise(' 450.05 '), rupeesToPaise('0')]).toEqual([45_000, 45_050, 45_005, 0]);
    expect([rupeesToPaise('4.505'), rupeesToPaise('-1'), rupeesToPaise(''), rupeesToPaise('1e3')]).toEqual([null, null, null, null]);
    expect([paiseToRupees(45_000), paiseToRupees(45_050), paiseToRupees(5)]).toEqual(['450', '450.50', '0.05']);
    expect(Object.keys(productProblems({ name: '', price: 'x', code: '1', gst_rate_bp: 1200, exempt: false, active: true }, [0, 1800])).sort()).toEqual([
      'code',
      'gst_rate_bp',
      'name',
      'price',
    ]);
  });
});
