// Every path of the tax settings form, replayed on the production chart: nothing invalid is ever
// sent, a typed GSTIN is upper-cased, and a refusal is shown word for word.
import { expect } from 'vitest';
import { taxSettingsProblems, taxSettingsValid } from '../../../../machines/billing/settings-form.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, REFUSAL } from './tax-settings.model.ts';

describeModel('tax settings', model, (snapshot) => {
  const { form, message, saved } = snapshot.context;
  if (snapshot.value === 'saving') expect(taxSettingsValid(form)).toBe(true);
  expect(form.gstin).toBe(form.gstin.toUpperCase());
  // The wrong check character and the other State's GSTIN are both named on the field.
  if (form.gstin === '27AAPFU0939F1ZA') expect(taxSettingsProblems(form).gstin).toMatch(/check character/);
  if (form.gstin === '29AAPFU0939F1ZR') expect(taxSettingsProblems(form).gstin).toMatch(/Karnataka, not Maharashtra/);
  if (message !== null) expect(message).toBe(REFUSAL);
  if (saved) expect(message).toBeNull();
});
