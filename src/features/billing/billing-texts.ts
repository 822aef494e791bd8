// Every sentence of the staff billing desk, the document page, the balance and "Bill this visit"
// (issue 34), in one place; the view tests assert them. Money is integer paise, shown in rupees
// with Indian grouping (₹1,18,000.00).
import type { BillingDocumentKind } from '../../../machines/billing/billing-document.ts';
import type { DeskFilter } from '../../../machines/billing/billing-desk-machine.ts';
import type { HeldPayment } from '../../../machines/billing/held-payments-machine.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';

/** ₹1,18,000.50 from 11800050 paise (src/lib/format.ts: the clinic's locale, en-IN grouping in lakh and crore). */
export { formatPaise } from '../../lib/format.ts';

const rate = (bp: number) => `${bp / 100}%`;

export const BILLING_TEXT = {
  deskTitle: 'Billing',
  filter: 'Show',
  filters: {
    open: 'Due',
    draft: 'Drafts',
    issued: 'Issued',
    partially_paid: 'Partly paid',
    paid: 'Paid',
    credited: 'Credited',
    deleted: 'Deleted drafts',
    all: 'All',
  } satisfies Record<DeskFilter, string>,
  deskEmpty: 'No billing documents here.',
  deskFailed: 'The billing documents could not be loaded.',
  deskCount: (shown: number, count: number) => (shown < count ? `Newest ${shown} of ${count}` : `${count} document${count === 1 ? '' : 's'}`),
  columns: { number: 'Number', client: 'Client', date: 'Date', status: 'Status', total: 'Total', due: 'Balance due', kind: 'Document' },
  draftNumber: 'Draft',
  status: { draft: 'Draft', issued: 'Issued', partially_paid: 'Partly paid', paid: 'Paid', credited: 'Credited', deleted: 'Deleted' } satisfies Record<
    BillingDocumentStatus,
    string
  >,
  kind: { invoice: 'Tax invoice', bill_of_supply: 'Bill of supply', credit_note: 'Credit note', receipt: 'Receipt voucher' } satisfies Record<
    BillingDocumentKind,
    string
  >,
  retry: 'Retry',

  // The document page.
  backToDesk: 'Billing',
  loadFailed: 'This billing document could not be loaded.',
  documentTitle: (kind: string, number: string | null) => (number ? `${kind} ${number}` : `${kind} (draft)`),
  billedTo: 'Billed to',
  gstin: (gstin: string) => `GSTIN ${gstin}`,
  placeOfSupply: (code: string, name: string | null) => `Place of supply: ${name ? `${name} (${code})` : `State code ${code}`}`,
  issuedOn: (date: string) => `Issued on ${date}`,
  creditsDocument: (number: string) => `Credit note against ${number}`,
  lines: 'Lines',
  lineColumns: {
    description: 'Description',
    code: 'SAC/HSN',
    quantity: 'Qty',
    price: 'Unit price',
    discount: 'Discount',
    taxable: 'Taxable value',
    cgst: 'CGST',
    sgst: 'SGST',
    igst: 'IGST',
    total: 'Total',
  },
  taxAt: (amount: string, bp: number) => `${amount} (${rate(bp)})`,
  exempt: 'Exempt',
  fromPackage: (plan: string) => `from package ${plan}`,
  noLines: 'No lines yet: add a product or a manual line.',
  totals: { taxable: 'Taxable value', cgst: 'CGST', sgst: 'SGST', igst: 'IGST', roundOff: 'Round off', total: 'Total' },
  inWords: (words: string) => `In words: ${words}`,
  paid: 'Paid',
  credited: 'Credited',
  refunded: 'Refunded',
  due: 'Balance due',
  watching: 'Payments made online show here as they arrive.',

  // Editing a draft.
  quantityOf: (line: string) => `Quantity of ${line}`,
  discountOf: (line: string) => `Discount (₹) on ${line}`,
  removeLine: (line: string) => `Remove ${line}`,
  remove: 'Remove',
  addProduct: 'Add a product',
  product: 'Product',
  productOption: (name: string, price: string) => `${name} · ${price}`,
  noProducts: 'No products in the catalogue.',
  manualLine: 'Add a manual line',
  manual: { description: 'Description', code: 'SAC/HSN (optional)', price: 'Unit price (₹)', rate: 'GST rate', exempt: 'Exempt from GST' },
  rateOption: rate,
  addLine: 'Add line',
  lineProblem: { quantity: 'Quantity is a whole number from 1 to 10,000.', discount: 'The discount is an amount up to the line’s value.' },
  unsaved: 'Unsaved changes: save the draft before issuing it.',
  saveDraft: 'Save draft',
  discard: 'Discard changes',
  issue: 'Issue',
  deleteDraft: 'Delete draft',
  deleted: 'The draft was deleted.',
  downloadPdf: 'Download PDF',
  emailClient: 'Email to client',
  done: {
    save: 'Draft saved.',
    issue: 'Issued.',
    delete: 'The draft was deleted.',
    pay: 'Payment recorded.',
    credit: 'Credit note issued.',
    pdf: 'PDF downloaded.',
    email: 'The PDF was emailed to the client.',
  },

  // Payments.
  payments: 'Payments',
  noPayments: 'No payments yet.',
  method: { cash: 'Cash', card: 'Card', upi: 'UPI', advance: 'Advance', online: 'Online' } as Record<string, string>,
  paymentLine: (method: string, amount: string, when: string, reference: string | null) => [method, amount, when, reference].filter(Boolean).join(' · '),
  changeGiven: (amount: string) => `change ${amount}`,
  takePayment: 'Take payment',
  payTitle: (number: string) => `Payment on ${number}`,
  payMethod: 'Method',
  amount: 'Amount (₹)',
  tendered: 'Amount tendered (₹)',
  change: (amount: string) => `Change to give: ${amount}`,
  cardReference: 'Terminal reference',
  utr: 'UTR (12 digits)',
  upiScan: (amount: string) => `Scan to pay ${amount} by UPI`,
  upiLoading: 'Preparing the UPI QR code…',
  upiPayee: (name: string, vpa: string) => `${name} · ${vpa}`,
  upiUnavailable: 'The UPI QR code cannot be shown',
  payProblem: {
    amount: 'The amount is at least ₹0.01 and at most what is due.',
    tendered: 'The amount tendered is at least the amount.',
    reference: 'Enter the reference: a UPI payment needs its 12-digit UTR.',
    advance: 'Choose the advance to use.',
  },
  advanceToUse: 'Advance to use',
  advanceOption: (number: string, unused: string) => `${number} · ${unused} unused`,
  noUnusedAdvances: 'This client has no unused advance.',
  advancesLoading: 'Reading the client’s advances…',
  advancesUnavailable: 'The advances could not be read',
  advanceAmountHelp: (amount: string) => `At most ${amount}: what is due, or what is left of the advance.`,
  record: 'Record payment',
  close: 'Close',
  saving: 'Saving…',

  // Credit notes.
  creditNotes: 'Credit notes',
  creditNote: 'Credit note',
  creditTitle: (number: string) => `Credit note against ${number}`,
  creditLines: 'Lines to credit',
  creditLine: (description: string, amount: string) => `${description} · ${amount}`,
  reason: 'Reason',
  refund: 'Refund',
  noRefund: 'No refund',
  refundAmount: 'Refund amount (₹)',
  refundReference: 'Refund reference (optional)',
  refundable: (amount: string) => `Up to ${amount} can be refunded.`,
  creditProblem: { lines: 'Choose the lines to credit.', reason: 'Give the reason.', refund: 'The refund is at most what was paid and not refunded.' },
  issueCredit: 'Issue credit note',
  creditLink: (number: string | null, amount: string) => `${number ?? '—'} · ${amount}`,

  // A client's balance and "Bill this visit".
  balanceTitle: 'Billing',
  balanceDue: (amount: string) => `Balance due ${amount}`,
  advanceHeld: (amount: string) => `Advance held ${amount}`,
  noBalance: 'Nothing due',
  balanceFailed: 'The balance could not be loaded.',
  billVisit: 'Bill this visit',
  billing: 'Starting the bill…',

  // Advances: money taken before the service, its receipt voucher issued at once.
  takeAdvance: 'Take advance',
  advanceTitle: 'Advance received',
  advanceAmount: 'Amount received (₹, GST included)',
  advanceGst: 'GST in the amount',
  advanceGstDefault: '18% (service not yet known)',
  advanceExempt: 'Exempt from GST',
  advanceProblem: {
    amount: 'Enter the amount received, at least ₹0.01.',
    tendered: 'The amount tendered is at least the amount.',
    reference: 'Enter the reference: a card its terminal reference, UPI its 12-digit UTR.',
    gst: 'Choose one of the clinic’s GST rates.',
  },
  issueReceipt: 'Issue receipt',
  advanceIssued: (number: string) => `Receipt voucher ${number} issued.`,
  advances: 'Advances',
  advanceLine: (number: string, unused: string, amount: string) => `${number} · ${unused} unused of ${amount}`,

  // A new manual invoice from the desk.
  newInvoice: 'New invoice',
  clientSearch: 'Client (name or phone)',
  noClients: 'No client found.',
  createDraft: 'Create draft',
  creating: 'Creating…',

  // Online payments held for reception.
  heldTitle: 'Online payments held for reception',
  heldHelp: 'The gateway reported these payments but they were not recorded: take them on the document by hand, or refund them from the gateway’s dashboard.',
  heldFailed: 'The held payments could not be loaded.',
  heldColumns: { when: 'Reported', document: 'Document', amount: 'Paid', expected: 'Expected', reason: 'Why held', payment: 'Gateway payment' },
  heldReason: {
    amount_mismatch: 'Another amount than the payment link’s',
    not_payable: 'The document no longer takes this much',
    unknown_link: 'A payment link not known here',
  } satisfies Record<HeldPayment['reason'], string>,
  noDocument: '—',
} as const;
