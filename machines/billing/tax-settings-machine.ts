// The back office's tax settings form (Billing tab, ADMIN; issue 34): the settings load into the
// form; each edit is checked at once (machines/billing/settings-form.ts: the GSTIN's check
// character and State, the series prefixes, the UPI id), and Save is allowed only when every field
// passes (`canSubmit`). The server checks again and may refuse (its 400 is shown); a saved form
// shows what the server kept.
import { assign, fromPromise, setup } from 'xstate';
import { type Series, type TaxSettingsField, type TaxSettingsForm, taxSettingsValid } from './settings-form.ts';

/** The settings as the server keeps them, with the rates the clinic offers. */
export interface TaxSettings {
  legal_name: string;
  gstin: string | null;
  state_code: string;
  address: string;
  series_prefixes: Record<Series, string>;
  upi_vpa: string | null;
  upi_payee_name: string | null;
  invoice_note: string | null;
  gst_rates_bp: number[];
  configured: boolean;
}

export interface TaxSettingsContext {
  form: TaxSettingsForm;
  rates: number[];
  configured: boolean;
  /** The server's refusal, word for word; 'saved' after a save. */
  message: string | null;
  saved: boolean;
}

export type TaxSettingsEvent = { type: 'settings.retry' } | { type: 'settings.edit'; field: TaxSettingsField; value: string } | { type: 'settings.save' };

/** The form for settings as the server keeps them ("" for what is not set). */
export function formOf(s: TaxSettings): TaxSettingsForm {
  return {
    legal_name: s.legal_name,
    gstin: s.gstin ?? '',
    state_code: s.state_code,
    address: s.address,
    prefixes: { ...s.series_prefixes },
    upi_vpa: s.upi_vpa ?? '',
    upi_payee_name: s.upi_payee_name ?? '',
    invoice_note: s.invoice_note ?? '',
  };
}

/** The form with one field changed; a GSTIN is upper-cased as typed. */
export function editForm(form: TaxSettingsForm, field: TaxSettingsField, value: string): TaxSettingsForm {
  if (field.startsWith('prefix.')) return { ...form, prefixes: { ...form.prefixes, [field.slice('prefix.'.length)]: value } };
  return { ...form, [field]: field === 'gstin' ? value.toUpperCase() : value };
}

const EMPTY: TaxSettingsForm = {
  legal_name: '',
  gstin: '',
  state_code: '',
  address: '',
  prefixes: { invoice: '', bill_of_supply: '', credit_note: '', receipt: '', refund_voucher: '' },
  upi_vpa: '',
  upi_payee_name: '',
  invoice_note: '',
};

export const taxSettingsMachine = setup({
  types: {
    context: {} as TaxSettingsContext,
    events: {} as TaxSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<TaxSettings>(async () => {
      throw new Error('loadSettings not provided');
    }),
    saveSettings: fromPromise<TaxSettings, { form: TaxSettingsForm; rates: number[] }>(async () => {
      throw new Error('saveSettings not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) => taxSettingsValid(context.form),
  },
  actions: {
    showSettings: assign((_, params: { settings: TaxSettings }) => ({
      form: formOf(params.settings),
      rates: params.settings.gst_rates_bp,
      configured: params.settings.configured,
    })),
    edit: assign(({ context }, params: { field: TaxSettingsField; value: string }) => ({
      form: editForm(context.form, params.field, params.value),
      saved: false,
      message: null,
    })),
    markSaved: assign({ saved: true, message: null }),
    showRefusal: assign((_, params: { error: unknown }) => ({
      saved: false,
      message: params.error instanceof Error ? params.error.message : String(params.error),
    })),
  },
}).createMachine({
  id: 'taxSettings',
  context: { form: EMPTY, rates: [], configured: false, message: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'editing', actions: { type: 'showSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: 'failed',
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        'settings.edit': { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'settings.save': { target: 'saving', guard: 'canSubmit' },
      },
    },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({ form: context.form, rates: context.rates }),
        onDone: { target: 'editing', actions: [{ type: 'showSettings', params: ({ event }) => ({ settings: event.output }) }, 'markSaved'] },
        onError: { target: 'editing', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
