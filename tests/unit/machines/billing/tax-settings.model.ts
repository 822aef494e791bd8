// The tax settings form's model: the settings load (saved ones, or none yet) or fail; a GSTIN with
// a wrong check character, one of another State and a right one are typed; Save goes to the
// server only when the form passes, and the server saves or refuses.
import { taxSettingsMachine } from '../../../../machines/billing/tax-settings-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';
import { SETTINGS } from './portal-billing-fixtures.ts';

export const NOT_SET = { ...SETTINGS, legal_name: '', gstin: null, address: '', upi_vpa: null, upi_payee_name: null, configured: false };
export const REFUSAL = 'Invalid gstin: the check character does not match.';

export const model: MachineModel = {
  machine: taxSettingsMachine,
  specs: [
    {
      events: [
        { type: 'settings.retry' },
        { type: 'settings.save' },
        { type: 'settings.edit', field: 'gstin', value: '27aapfu0939f1zv' },
        { type: 'settings.edit', field: 'gstin', value: '27AAPFU0939F1ZA' },
        { type: 'settings.edit', field: 'gstin', value: '29AAPFU0939F1ZR' },
        { type: 'settings.edit', field: 'legal_name', value: 'Thrive Wellness Pvt Ltd' },
        { type: 'settings.edit', field: 'address', value: '12 Linking Road, Mumbai' },
      ],
      outcomes: {
        loadSettings: [{ output: SETTINGS }, { output: NOT_SET }, { error: new Error('offline') }],
        saveSettings: [{ output: SETTINGS }, { error: new Error(REFUSAL) }],
      },
    },
  ],
};
