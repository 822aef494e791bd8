// The words of the back office's Billing tab (issue 34): tax settings, tax data of what the
// clinic sells, the products catalogue. Views and their tests read them from here.
import type { ItemKind } from '../../../machines/billing/billing-catalogue-machine.ts';
import type { Series } from '../../../machines/billing/settings-form.ts';

export const BILLING_TAB_LABEL = 'Billing';

export const TAX_SETTINGS_TEXT = {
  title: 'Tax settings',
  intro: 'What every invoice prints. Without a GSTIN the clinic issues bills of supply only.',
  notConfigured: 'Billing is not set up yet: save these settings before the first invoice.',
  legalName: 'Legal name',
  gstin: 'GSTIN',
  gstinHelp: '15 characters; leave empty when the clinic is not registered.',
  state: 'State',
  address: 'Address',
  prefixes: 'Document number prefixes',
  prefix: {
    invoice: 'Invoice prefix',
    bill_of_supply: 'Bill of supply prefix',
    credit_note: 'Credit note prefix',
    receipt: 'Receipt prefix',
    refund_voucher: 'Refund voucher prefix',
  } satisfies Record<Series, string>,
  upiVpa: 'UPI id (VPA)',
  upiVpaHelp: 'e.g. clinic@okicici; shown as a QR code on open invoices.',
  upiPayee: 'UPI payee name',
  footNote: 'Foot note',
  footNoteHelp: 'Printed at the foot of every document (bank details, terms).',
  save: 'Save tax settings',
  saving: 'Saving…',
  saved: 'Tax settings saved.',
  loadFailed: 'We could not load the tax settings.',
  retry: 'Try again',
};

export const CATALOGUE_TEXT = {
  itemsTitle: 'Tax on services, packages and lab tests',
  itemsIntro: "Which services are exempt healthcare is the clinic's accountant's decision.",
  kind: { service: 'Service', package_plan: 'Package', lab_item: 'Lab test' } satisfies Record<ItemKind, string>,
  name: 'Name',
  price: 'Price',
  code: 'SAC/HSN',
  rate: 'GST rate',
  taxable: 'Taxable',
  exempt: 'Exempt',
  notSet: 'Not set',
  edit: 'Edit',
  editTax: (name: string) => `Tax on ${name}`,
  save: 'Save',
  cancel: 'Cancel',
  treatment: 'Treatment',
  productsTitle: 'Products',
  productsIntro: "Supplements and other goods sold on an invoice's manual lines.",
  noProducts: 'No products yet.',
  newProduct: 'Add product',
  productName: 'Product name',
  unitPrice: 'Unit price (₹)',
  active: 'On sale',
  retired: 'Retired',
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  editLabel: (name: string) => `Edit ${name}`,
  newProductTitle: 'New product',
  loadFailed: 'We could not load the catalogue.',
  retry: 'Try again',
};

/** The back office's tills (issue 35, "The day's close"). */
export const TILLS_TEXT = {
  title: 'Tills',
  intro:
    'The cash points where the desk takes money; each counts and closes its own day. The first is used when none is picked. Renaming a till keeps its days and their history; a till is never deleted.',
  add: 'Add a till',
  rename: 'Rename',
  renameLabel: (name: string) => `Rename ${name}`,
  first: 'Used when none is picked',
  addTitle: 'New till',
  renameTitle: (name: string) => `Rename ${name}`,
  name: 'Name',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  loadFailed: 'We could not load the tills.',
  retry: 'Try again',
};

export const GST_RETURNS_TEXT = {
  title: 'GST returns',
  intro: "The month's GSTR-1 as the JSON the GST portal's offline tool imports, from the documents issued in it.",
  month: 'Month',
  download: 'Download GSTR-1 JSON',
  downloading: 'Preparing…',
  saved: (file: string) => `Saved ${file}.`,
};

/** The back office's Reports (issue 35): the same words the CSV's headers use (machines/billing/reports.ts). */
export { REPORT_TEXTS as BILLING_REPORTS_TEXT } from '../../../machines/billing/reports.ts';
