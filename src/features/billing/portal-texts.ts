// The words of the portal's "My invoices" (/user/invoices/{clientId}, issue 34). Views and their
// tests read them from here.
import type { BillingDocumentKind } from '../../../machines/billing/billing-document.ts';
import type { BillingDocumentStatus } from '../../../machines/billing/invoice-lifecycle.ts';
import type { InvoicePayment } from '../../../machines/billing/my-invoices-machine.ts';
import { formatCurrency, formatNumber } from '../../lib/format.ts';

/** Paise as rupees in the clinic's format (₹1,180; ₹1,180.50 when there are paise). */
export const rupees = (paise: number): string => formatCurrency(paise / 100);

/** 1800 basis points → "18%"; 250 → "2.5%". */
export const percent = (bp: number): string => `${formatNumber(bp / 100)}%`;

export const MY_INVOICES_TEXT = {
  title: 'My invoices',
  none: 'You have no invoices yet.',
  listLabel: 'Your invoices',
  number: 'Number',
  date: 'Date',
  total: 'Total',
  status: 'Status',
  due: 'Amount due',
  open: 'View',
  kind: {
    invoice: 'Tax invoice',
    bill_of_supply: 'Bill of supply',
    credit_note: 'Credit note',
    receipt: 'Receipt voucher',
    refund_voucher: 'Refund voucher',
  } satisfies Record<BillingDocumentKind, string>,
  statusName: { draft: 'Draft', issued: 'Unpaid', partially_paid: 'Partly paid', paid: 'Paid', credited: 'Credited', deleted: 'Deleted' } satisfies Record<
    BillingDocumentStatus,
    string
  >,
  back: 'Back to my invoices',
  loadingDocument: 'Opening the document…',
  openFailed: 'We could not open that document. Please try again.',
  lines: 'Items',
  code: (code: string) => `SAC/HSN ${code}`,
  quantity: (q: number, unit: string) => `${q} × ${unit}`,
  discount: (amount: string) => `Discount ${amount}`,
  taxable: 'Taxable value',
  exempt: 'Exempt',
  fromPackage: (plan: string) => `from package ${plan}`,
  cgst: (rate: string) => `CGST ${rate}`,
  sgst: (rate: string) => `SGST ${rate}`,
  igst: (rate: string) => `IGST ${rate}`,
  gst: (rate: string) => `GST ${rate}`,
  cgstTotal: 'CGST',
  sgstTotal: 'SGST',
  igstTotal: 'IGST',
  tax: 'GST',
  lineTotal: 'Line total',
  roundOff: 'Round off',
  grandTotal: 'Total',
  inWords: (words: string) => `In words: ${words}`,
  payments: 'Payments',
  noPayments: 'No payments yet.',
  method: { cash: 'Cash', card: 'Card', upi: 'UPI', advance: 'Advance', online: 'Online' } satisfies Record<InvoicePayment['method'], string>,
  paid: 'Paid',
  credited: 'Credited',
  stillDue: 'Still due',
  payByUpi: 'Pay by UPI',
  upiHelp: (amount: string, vpa: string) => `Scan with any UPI app to pay ${amount} to ${vpa}. The clinic marks it received.`,
  upiQrLabel: (amount: string, number: string) => `UPI QR code to pay ${amount} for ${number}`,
  openUpiApp: 'Open in a UPI app',
  payOnline: 'Pay online',
  payingOnline: 'Taking you to the payment page…',
  payFailed: 'We could not start the online payment. Please try again, or pay by UPI.',
  noGateway: 'Online payment is not available at this clinic. Please pay by UPI or at the front desk.',
  download: 'Download PDF',
  downloadFailed: 'We could not download the PDF. Please try again.',
  confirming: 'Checking your payment…',
  notYetPaid: 'We have not yet received the payment. If you paid, it will show here shortly: use Refresh.',
  refresh: 'Refresh',
};
