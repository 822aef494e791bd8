// The billing page charts' transition tables, written by hand from issue 34 (Documents and the
// portal: "My invoices" on a phone, pay an open invoice through the gateway; Tax settings: the
// GSTIN's check character validated, rates the clinic sets) and the brief of the portal and
// settings screens: the oracle the charts are checked against (tests/support/transition-table.ts),
// read from no chart.
import { billingCatalogueMachine } from '../../../../machines/billing/billing-catalogue-machine.ts';
import { myInvoicesMachine } from '../../../../machines/billing/my-invoices-machine.ts';
import { taxSettingsMachine, formOf } from '../../../../machines/billing/tax-settings-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';
import { CATALOGUE, OPEN_DUE, OPEN_OFFLINE, OPEN_PAID, SETTINGS } from './portal-billing-fixtures.ts';

// ---- My invoices: the list loads (or fails and is tried again); a document opens (or the list
// says it could not); an open one is closed, read again, or paid online: only by the client, only
// while money is due, only where the gateway is configured; the payment link sends the browser to
// the gateway (a refusal stays on the document; the link's 404, the gateway switched off since the
// page loaded, also takes the button away). Back from the gateway the document opens and is
// read again every little while until it is paid, three reads at most, then the page says so.

const RECHECK = 'xstate.after.returnCheckDelay.myInvoices.confirming';
const CLIENT = { clientId: '21', readOnly: false, gateway: true, returnTo: null, checks: 0, invoices: [], selected: 12, opened: OPEN_DUE, message: null };

const invoiceSteps = (pays: boolean, opened = 'viewing / showInvoice, settleReturn', loaded = 'list / showList', refused = 'viewing / payFailed') => ({
  loading: { 'xstate.done.actor.loadInvoices': loaded, 'xstate.error.actor.loadInvoices': 'failed' },
  failed: { 'invoices.retry': 'loading' },
  list: { 'invoices.open': 'opening / select' },
  opening: { 'xstate.done.actor.loadInvoice': opened, 'xstate.error.actor.loadInvoice': 'list / openFailed' },
  confirming: { [RECHECK]: 'opening', 'invoices.close': 'list / close' },
  viewing: {
    'invoices.close': 'list / close',
    'invoices.refresh': 'opening / clearMessage',
    ...(pays ? { 'invoices.payOnline': 'paying / clearMessage' } : {}),
  },
  paying: { 'xstate.done.actor.startPayment': 'redirecting / goToGateway', 'xstate.error.actor.startPayment': refused },
  redirecting: {},
});

export const myInvoicesTable: TransitionTable = {
  chart: myInvoicesMachine,
  source: 'issue 34 (Documents and the portal; Done means: a client pays an open invoice through the gateway)',
  statuses: ['loading', 'failed', 'list', 'opening', 'confirming', 'viewing', 'paying', 'redirecting'],
  verbs: [
    'invoices.retry',
    'invoices.open',
    'invoices.close',
    'invoices.refresh',
    'invoices.payOnline',
    'xstate.done.actor.loadInvoices',
    'xstate.error.actor.loadInvoices',
    'xstate.done.actor.loadInvoice',
    'xstate.error.actor.loadInvoice',
    'xstate.done.actor.startPayment',
    'xstate.error.actor.startPayment',
    RECHECK,
  ],
  cases: [
    {
      name: 'the client on an unpaid invoice, the gateway configured',
      context: CLIENT,
      extras: { id: 12, output: OPEN_DUE },
      start: 'loading',
      steps: invoiceSteps(true),
    },
    {
      name: 'the payment link answered 404 (the gateway switched off since the page loaded)',
      context: CLIENT,
      extras: { id: 12, output: OPEN_DUE, error: { status: 404 } },
      steps: invoiceSteps(true, undefined, undefined, 'viewing / dropGateway'),
    },
    {
      name: 'a clinic without the online gateway (/config.json), or the gateway gone for this visit',
      context: { ...CLIENT, gateway: false },
      extras: { id: 12, output: OPEN_DUE },
      start: 'loading',
      steps: invoiceSteps(false),
    },
    { name: 'a SUPER_ADMIN reading the portal', context: { ...CLIENT, readOnly: true }, extras: { id: 12, output: OPEN_DUE }, steps: invoiceSteps(false) },
    { name: 'a paid invoice', context: { ...CLIENT, opened: OPEN_PAID }, extras: { id: 12, output: OPEN_PAID }, steps: invoiceSteps(false) },
    {
      name: 'a document the server offers no online payment for',
      context: { ...CLIENT, opened: OPEN_OFFLINE },
      extras: { id: 12, output: OPEN_OFFLINE },
      steps: invoiceSteps(false),
    },
    {
      name: 'back from the gateway, the payment not seen yet',
      context: { ...CLIENT, returnTo: 12 },
      extras: { id: 12, output: OPEN_DUE },
      steps: invoiceSteps(true, 'confirming / showInvoice, countCheck', 'opening / showList, selectReturned'),
    },
    {
      name: 'back from the gateway, every read made',
      context: { ...CLIENT, returnTo: 12, checks: 3 },
      extras: { id: 12, output: OPEN_DUE },
      steps: invoiceSteps(true, 'viewing / showInvoice, settleReturn', 'opening / showList, selectReturned'),
    },
    {
      name: 'back from the gateway, paid',
      context: { ...CLIENT, returnTo: 12, opened: OPEN_PAID },
      extras: { id: 12, output: OPEN_PAID },
      steps: invoiceSteps(false, 'viewing / showInvoice, settleReturn', 'opening / showList, selectReturned'),
    },
  ],
};

// ---- Tax settings: they load into the form (or fail and are tried again); every edit is kept;
// Save goes to the server only when the form passes (a wrong GSTIN check character does not);
// the server keeps them (the form shows what it kept) or refuses (its words shown).

const settingsSteps = (valid: boolean) => ({
  loading: { 'xstate.done.actor.loadSettings': 'editing / showSettings', 'xstate.error.actor.loadSettings': 'failed' },
  failed: { 'settings.retry': 'loading' },
  editing: { 'settings.edit': 'editing / edit', ...(valid ? { 'settings.save': 'saving' } : {}) },
  saving: { 'xstate.done.actor.saveSettings': 'editing / showSettings, markSaved', 'xstate.error.actor.saveSettings': 'editing / showRefusal' },
});

const FORM = formOf(SETTINGS);

export const taxSettingsTable: TransitionTable = {
  chart: taxSettingsMachine,
  source: 'issue 34 (Tax settings: legal name, GSTIN with its check character, State, address, series prefix)',
  statuses: ['loading', 'failed', 'editing', 'saving'],
  verbs: [
    'settings.retry',
    'settings.edit',
    'settings.save',
    'xstate.done.actor.loadSettings',
    'xstate.error.actor.loadSettings',
    'xstate.done.actor.saveSettings',
    'xstate.error.actor.saveSettings',
  ],
  cases: [
    {
      name: 'a form that passes',
      context: { form: FORM, rates: SETTINGS.gst_rates_bp, configured: true, message: null, saved: false },
      extras: { field: 'legal_name', value: 'Thrive', output: SETTINGS, error: new Error('refused') },
      start: 'loading',
      steps: settingsSteps(true),
    },
    {
      name: 'a GSTIN with a wrong check character',
      context: { form: { ...FORM, gstin: '27AAPFU0939F1ZA' }, rates: [0], configured: true, message: null, saved: false },
      extras: { field: 'gstin', value: 'x', output: SETTINGS, error: new Error('refused') },
      steps: settingsSteps(false),
    },
    {
      name: 'no legal name',
      context: { form: { ...FORM, legal_name: ' ' }, rates: [0], configured: false, message: null, saved: false },
      extras: { field: 'legal_name', value: '', output: SETTINGS, error: new Error('refused') },
      steps: settingsSteps(false),
    },
  ],
};

// ---- Tax data and products: the catalogue loads (or fails and is tried again); a known service,
// package or lab test, a known product or a new product is edited, one at a time; Save goes out
// only when the row passes (a 4-to-8-digit code, one of the clinic's rates; a product's name and
// price), and the catalogue is read again after it, or the refusal shown; a known product is
// deleted (read again) or the refusal shown (it is on a document).

const ROW = {
  target: { kind: 'item', item_kind: 'service', item_id: 3 },
  form: { name: 'HBOT session', price: '1000', code: '999722', gst_rate_bp: 1800, exempt: false, active: true },
};
const KNOWN = { type: 'catalogue', item_kind: 'service', item_id: 3, id: 7, field: 'code', value: '999722', output: CATALOGUE, error: new Error('refused') };

const catalogueSteps = (known: boolean, passes: boolean) => ({
  loading: { 'xstate.done.actor.loadCatalogue': 'ready / showCatalogue', 'xstate.error.actor.loadCatalogue': 'failed' },
  failed: { 'catalogue.retry': 'loading' },
  ready: {
    ...(known
      ? { 'catalogue.editItem': 'editing / editItem', 'catalogue.editProduct': 'editing / editProduct', 'catalogue.delete': 'deleting / clearMessage' }
      : {}),
    'catalogue.newProduct': 'editing / newProduct',
  },
  editing: {
    'catalogue.change': 'editing / change',
    'catalogue.cancel': 'ready / stopEditing',
    ...(passes ? { 'catalogue.save': 'saving / clearMessage' } : {}),
  },
  saving: { 'xstate.done.actor.saveRow': 'loading', 'xstate.error.actor.saveRow': 'editing / showRefusal' },
  deleting: { 'xstate.done.actor.deleteProduct': 'loading', 'xstate.error.actor.deleteProduct': 'ready / showRefusal' },
});

export const billingCatalogueTable: TransitionTable = {
  chart: billingCatalogueMachine,
  source: 'issue 34 (Per service, package and product: SAC or HSN code, GST rate the clinic sets, taxable or exempt)',
  statuses: ['loading', 'failed', 'ready', 'editing', 'saving', 'deleting'],
  verbs: [
    'catalogue.retry',
    'catalogue.editItem',
    'catalogue.editProduct',
    'catalogue.newProduct',
    'catalogue.change',
    'catalogue.cancel',
    'catalogue.save',
    'catalogue.delete',
    'xstate.done.actor.loadCatalogue',
    'xstate.error.actor.loadCatalogue',
    'xstate.done.actor.saveRow',
    'xstate.error.actor.saveRow',
    'xstate.done.actor.deleteProduct',
    'xstate.error.actor.deleteProduct',
  ],
  cases: [
    {
      name: 'a known service and product, a row that passes',
      context: { ...CATALOGUE, editing: ROW, message: null },
      extras: KNOWN,
      start: 'loading',
      steps: catalogueSteps(true, true),
    },
    {
      name: 'rows the catalogue does not hold',
      context: { ...CATALOGUE, editing: ROW, message: null },
      extras: { ...KNOWN, item_id: 99, id: 99 },
      steps: catalogueSteps(false, true),
    },
    {
      name: 'a code of letters',
      context: { ...CATALOGUE, editing: { ...ROW, form: { ...ROW.form, code: '12ab' } }, message: null },
      extras: KNOWN,
      steps: catalogueSteps(true, false),
    },
    {
      name: 'a rate the clinic does not offer',
      context: { ...CATALOGUE, editing: { ...ROW, form: { ...ROW.form, gst_rate_bp: 1200 } }, message: null },
      extras: KNOWN,
      steps: catalogueSteps(true, false),
    },
    {
      name: 'a new product without a price',
      context: { ...CATALOGUE, editing: { target: { kind: 'product', id: null }, form: { ...ROW.form, price: '' } }, message: null },
      extras: KNOWN,
      steps: catalogueSteps(true, false),
    },
  ],
};

export const billingPageTables = [myInvoicesTable, taxSettingsTable, billingCatalogueTable];
