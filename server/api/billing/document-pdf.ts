// An issued billing document as a PDF (issue 34): a tax invoice, bill of supply, credit note or
// receipt voucher drawn from the snapshot frozen at issue (machines/billing/billing-document.ts)
// and the clinic's logo, never from live data, so a copy printed next year is the one issued.
//
// pdfkit draws it. The text is set in DejaVu Sans, embedded from the dejavu-fonts-ttf package (no
// system font, no network), which has the rupee sign ₹. The output is byte-for-byte the same for
// the same snapshot and logo: the creation date is the date of issue and pdfkit derives the file
// ID and the font subset's tag from the document's info, not from the clock or chance.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BillingDocumentKind, BillingLine, GstState, IssuedBillingDocument, ReceivedPayment } from '../../../machines/billing/billing-document.ts';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The logo's bytes as frozen at issue (frozen-logo.ts). */
export interface PdfLogo {
  content: Uint8Array;
  contentType: string;
}

export interface RenderOptions {
  /** Tests turn stream compression off to read the drawing operators. */
  compress?: boolean;
}

const TITLES: Record<BillingDocumentKind, string> = {
  invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
  credit_note: 'Credit Note',
  receipt: 'Receipt Voucher',
  refund_voucher: 'Refund Voucher',
};

const RECIPIENT_HEADINGS: Record<BillingDocumentKind, string> = {
  invoice: 'Billed to',
  bill_of_supply: 'Billed to',
  credit_note: 'Credited to',
  receipt: 'Received from',
  refund_voucher: 'Refunded to',
};

const METHODS: Record<ReceivedPayment['method'], string> = { cash: 'Cash', card: 'Card', upi: 'UPI', online: 'Online' };

/**
 * The heading a document is printed under. An invoice that also carries exempt lines is the
 * "invoice-cum-bill of supply" Rule 46A allows (to an unregistered person).
 */
export function documentTitle(doc: Pick<IssuedBillingDocument, 'kind' | 'lines'>): string {
  if (doc.kind === 'invoice' && doc.lines.some((line) => line.exempt)) return 'Tax Invoice-cum-Bill of Supply';
  return TITLES[doc.kind];
}

const GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, useGrouping: true });

/** Integer paise as rupees with Indian grouping and two decimals: 12345678 → "1,23,456.78". */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${sign}${GROUPING.format(rupees)}.${String(rest).padStart(2, '0')}`;
}

/** "₹1,23,456.78". */
export function formatRupees(paise: number): string {
  const text = formatPaise(paise);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Basis points as a percentage: 250 → "2.5%", 1800 → "18%". */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** YYYY-MM-DD → DD/MM/YYYY, the order an Indian reader expects. */
export function formatIssuedOn(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

function stateLabel(state: GstState): string {
  return `${state.name} (State code ${state.code})`;
}

function quantityText(quantity: number): string {
  return Number.isInteger(quantity) ? String(quantity) : String(Number(quantity.toFixed(3)));
}

// --- layout ------------------------------------------------------------------------------------

const MARGIN = 36;
const BODY = 8;
const SMALL = 7;
const LINE_GAP = 1;
const CELL_PAD = 3;
const RULE = '#9e9e9e';
const SHADE = '#eeeeee';

type Align = 'left' | 'right';
interface Column {
  title: string;
  width: number;
  align: Align;
  cell: (line: BillingLine, index: number) => string;
}

function taxCell(head: BillingLine['cgst'], line: BillingLine): string {
  if (line.exempt) return 'Exempt';
  if (!head) return '-';
  return `${formatRate(head.rateBasisPoints)}\n${formatPaise(head.amountPaise)}`;
}

function describe(line: BillingLine): string {
  const parts = [line.description];
  if (line.fromPackage) parts.push(`from package ${line.fromPackage}`);
  if (line.exempt) parts.push('(exempt supply)');
  return parts.join('\n');
}

/** The columns this document needs: CGST and SGST within the State, IGST across, both when mixed. */
function columnsFor(doc: IssuedBillingDocument, usable: number): Column[] {
  const intra = doc.lines.some((l) => l.cgst || l.sgst);
  const inter = doc.lines.some((l) => l.igst);
  const fixed: Column[] = [
    { title: 'SAC/HSN', width: 44, align: 'left', cell: (l) => l.code ?? '-' },
    { title: 'Qty', width: 26, align: 'right', cell: (l) => quantityText(l.quantity) },
    { title: 'Unit price', width: 52, align: 'right', cell: (l) => formatPaise(l.unitPricePaise) },
    { title: 'Discount', width: 46, align: 'right', cell: (l) => formatPaise(l.discountPaise) },
    { title: 'Taxable value', width: 56, align: 'right', cell: (l) => formatPaise(l.taxablePaise) },
  ];
  const tax: Column[] = [];
  // A document with neither head (a bill of supply) prints no tax columns; an exempt line says so
  // in its description, and in the tax columns of an invoice-cum-bill of supply.
  if (intra) {
    tax.push({ title: 'CGST rate, amount', width: 46, align: 'right', cell: (l) => taxCell(l.cgst, l) });
    tax.push({ title: 'SGST rate, amount', width: 46, align: 'right', cell: (l) => taxCell(l.sgst, l) });
  }
  if (inter) tax.push({ title: 'IGST rate, amount', width: 50, align: 'right', cell: (l) => taxCell(l.igst, l) });
  const total: Column = { title: 'Total', width: 58, align: 'right', cell: (l) => formatPaise(l.totalPaise) };
  const number: Column = { title: '#', width: 16, align: 'right', cell: (_l, i) => String(i + 1) };
  const taken = [number, ...fixed, ...tax, total].reduce((sum, c) => sum + c.width, 0);
  const description: Column = { title: 'Description', width: Math.max(60, usable - taken), align: 'left', cell: describe };
  return [number, description, ...fixed, ...tax, total];
}

type Pdf = PDFKit.PDFDocument;

class Writer {
  readonly pdf: Pdf;
  readonly left = MARGIN;
  readonly width: number;
  readonly bottom: number;

  constructor(pdf: Pdf) {
    this.pdf = pdf;
    this.width = pdf.page.width - 2 * MARGIN;
    this.bottom = pdf.page.height - MARGIN - 14;
  }

  get y(): number {
    return this.pdf.y;
  }

  set y(value: number) {
    this.pdf.y = value;
  }

  font(bold: boolean, size: number): this {
    this.pdf.font(bold ? 'bold' : 'regular').fontSize(size);
    return this;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    return true;
  }

  text(value: string, x: number, y: number, width: number, align: Align = 'left'): number {
    this.pdf.text(value, x, y, { width, align, lineGap: LINE_GAP });
    return this.pdf.heightOfString(value, { width, lineGap: LINE_GAP });
  }

  heightOf(value: string, width: number): number {
    return this.pdf.heightOfString(value, { width, lineGap: LINE_GAP });
  }

  rule(y: number): void {
    this.pdf
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
  }

  /** A label and its value on one row, the label bold. */
  pair(label: string, value: string, x: number, width: number): number {
    this.font(true, BODY);
    const labelWidth = this.pdf.widthOfString(`${label} `);
    const y = this.y;
    this.pdf.text(`${label} `, x, y, { lineBreak: false });
    this.font(false, BODY);
    const height = this.text(value, x + labelWidth, y, Math.max(20, width - labelWidth));
    return height;
  }
}

function drawLogo(w: Writer, logo: PdfLogo | null | undefined): number {
  // pdfkit embeds PNG and JPEG; a WebP logo (which the settings also accept) is left out rather
  // than refusing the document. A logo pdfkit cannot read is left out the same way.
  if (!logo || (logo.contentType !== 'image/png' && logo.contentType !== 'image/jpeg')) return 0;
  try {
    w.pdf.image(Buffer.from(logo.content), w.left, MARGIN, { fit: [110, 48] });
    return 110 + 12;
  } catch {
    return 0;
  }
}

function drawHeading(w: Writer, doc: IssuedBillingDocument, logo: PdfLogo | null | undefined): void {
  const top = MARGIN;
  const logoWidth = drawLogo(w, logo);
  const titleWidth = 190;
  const supplierX = w.left + logoWidth;
  const supplierWidth = w.width - logoWidth - titleWidth - 8;

  w.font(true, 11);
  let y = top;
  y += w.text(doc.supplier.legalName, supplierX, y, supplierWidth);
  w.font(false, BODY);
  y += w.text(doc.supplier.address, supplierX, y, supplierWidth);
  y += w.text(`State: ${stateLabel(doc.supplier.state)}`, supplierX, y, supplierWidth);
  w.font(true, BODY);
  y += w.text(doc.supplier.gstin ? `GSTIN: ${doc.supplier.gstin}` : 'GSTIN: not registered for GST', supplierX, y, supplierWidth);

  const titleX = w.left + w.width - titleWidth;
  w.font(true, 14);
  let ty = top;
  ty += w.text(documentTitle(doc), titleX, ty, titleWidth, 'right');
  w.font(false, BODY);
  ty += 2;
  ty += w.text(`No. ${doc.number}`, titleX, ty, titleWidth, 'right');
  ty += w.text(`Date: ${formatIssuedOn(doc.issuedOn)}`, titleX, ty, titleWidth, 'right');
  ty += w.text(`Financial year ${doc.financialYear}`, titleX, ty, titleWidth, 'right');

  w.y = Math.max(y, ty, top + (logoWidth ? 48 : 0)) + 8;
  w.rule(w.y);
  w.y += 6;
}

function drawParties(w: Writer, doc: IssuedBillingDocument): void {
  const half = (w.width - 12) / 2;
  const rightX = w.left + half + 12;
  const top = w.y;

  w.font(true, BODY);
  let y = top;
  y += w.text(RECIPIENT_HEADINGS[doc.kind], w.left, y, half);
  w.font(false, BODY);
  const recipient = [doc.recipient.name];
  if (doc.recipient.address) recipient.push(doc.recipient.address);
  if (doc.recipient.state) recipient.push(`State: ${stateLabel(doc.recipient.state)}`);
  recipient.push(doc.recipient.gstin ? `GSTIN: ${doc.recipient.gstin}` : 'Unregistered recipient');
  y += w.text(recipient.join('\n'), w.left, y, half);

  w.y = top;
  w.pair('Place of supply:', stateLabel(doc.placeOfSupply), rightX, half);
  w.y = w.pdf.y;
  w.pair('Reverse charge:', doc.reverseCharge ? 'Yes' : 'No', rightX, half);
  w.y = w.pdf.y;
  if (doc.references.length > 0) {
    const against = doc.kind === 'credit_note' || doc.kind === 'refund_voucher' ? 'Against' : 'Adjusted against';
    for (const ref of doc.references) {
      w.pair(`${against}:`, `${TITLES[ref.kind]} ${ref.number} dated ${formatIssuedOn(ref.issuedOn)}`, rightX, half);
      w.y = w.pdf.y;
    }
  }
  w.y = Math.max(y, w.pdf.y) + 8;
}

function drawHeaderRow(w: Writer, columns: Column[]): void {
  w.font(true, SMALL);
  const height = Math.max(...columns.map((c) => w.heightOf(c.title, c.width - 2 * CELL_PAD))) + 2 * CELL_PAD;
  const y = w.y;
  w.pdf.save().rect(w.left, y, w.width, height).fill(SHADE).restore();
  w.pdf.fillColor('black');
  let x = w.left;
  for (const column of columns) {
    w.font(true, SMALL);
    w.text(column.title, x + CELL_PAD, y + CELL_PAD, column.width - 2 * CELL_PAD, column.align);
    x += column.width;
  }
  w.y = y + height;
}

function drawLines(w: Writer, doc: IssuedBillingDocument): void {
  const columns = columnsFor(doc, w.width);
  drawHeaderRow(w, columns);
  doc.lines.forEach((line, index) => {
    w.font(false, SMALL);
    const cells = columns.map((c) => c.cell(line, index));
    const height = Math.max(...cells.map((text, i) => w.heightOf(text, columns[i].width - 2 * CELL_PAD))) + 2 * CELL_PAD;
    if (w.ensure(height)) drawHeaderRow(w, columns);
    const y = w.y;
    let x = w.left;
    cells.forEach((text, i) => {
      w.font(false, SMALL);
      w.text(text, x + CELL_PAD, y + CELL_PAD, columns[i].width - 2 * CELL_PAD, columns[i].align);
      x += columns[i].width;
    });
    w.y = y + height;
    w.rule(w.y);
  });
  w.y += 8;
}

function drawTotals(w: Writer, doc: IssuedBillingDocument): void {
  const t = doc.totals;
  const rows: [string, string, boolean][] = [['Taxable value', formatRupees(t.taxablePaise), false]];
  if (t.cgstPaise || doc.lines.some((l) => l.cgst)) rows.push(['CGST', formatRupees(t.cgstPaise), false]);
  if (t.sgstPaise || doc.lines.some((l) => l.sgst)) rows.push(['SGST', formatRupees(t.sgstPaise), false]);
  if (t.igstPaise || doc.lines.some((l) => l.igst)) rows.push(['IGST', formatRupees(t.igstPaise), false]);
  rows.push(['Round off', formatRupees(t.roundOffPaise), false]);
  const totalLabel = { credit_note: 'Total credited', receipt: 'Amount received', refund_voucher: 'Amount refunded' } as Partial<
    Record<BillingDocumentKind, string>
  >;
  rows.push([totalLabel[doc.kind] ?? 'Total', formatRupees(t.totalPaise), true]);

  const labelWidth = 110;
  const valueWidth = 90;
  const x = w.left + w.width - labelWidth - valueWidth;
  w.ensure(rows.length * 12 + 40);
  for (const [label, value, bold] of rows) {
    const y = w.y;
    w.font(bold, bold ? 10 : BODY);
    w.text(label, x, y, labelWidth);
    const height = w.text(value, x + labelWidth, y, valueWidth, 'right');
    w.y = y + height + 2;
  }
  w.y += 4;
  w.ensure(30);
  w.pair('Amount in words:', t.totalInWords, w.left, w.width);
  w.y = w.pdf.y + 8;
}

function drawPayments(w: Writer, doc: IssuedBillingDocument): void {
  if (doc.payments.length === 0) return;
  w.ensure(40);
  w.font(true, BODY);
  w.y += w.text(doc.kind === 'refund_voucher' ? 'Paid back' : 'Payments received', w.left, w.y, w.width);
  const columns: { title: string; width: number; align: Align; cell: (p: ReceivedPayment) => string }[] = [
    { title: 'Date', width: 70, align: 'left', cell: (p) => formatIssuedOn(p.receivedOn) },
    { title: 'Method', width: 60, align: 'left', cell: (p) => METHODS[p.method] },
    { title: 'Reference', width: 200, align: 'left', cell: (p) => p.reference ?? '-' },
    { title: 'Amount', width: 90, align: 'right', cell: (p) => formatRupees(p.amountPaise) },
  ];
  const row = (cells: string[], bold: boolean) => {
    w.font(bold, SMALL);
    const height = Math.max(...cells.map((text, i) => w.heightOf(text, columns[i].width - 2 * CELL_PAD))) + 2 * CELL_PAD;
    w.ensure(height);
    const y = w.y;
    let x = w.left;
    cells.forEach((text, i) => {
      w.font(bold, SMALL);
      w.text(text, x + CELL_PAD, y + CELL_PAD, columns[i].width - 2 * CELL_PAD, columns[i].align);
      x += columns[i].width;
    });
    w.y = y + height;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const payment of doc.payments)
    row(
      columns.map((c) => c.cell(payment)),
      false,
    );
  w.y += 8;
}

function drawFoot(w: Writer, doc: IssuedBillingDocument): void {
  if (doc.note) {
    w.ensure(24);
    w.font(false, BODY);
    w.y += w.text(doc.note, w.left, w.y, w.width) + 6;
  }
  w.ensure(14);
  w.font(false, SMALL);
  w.text('Electronically generated document; no signature required.', w.left, w.y, w.width);
}

function numberPages(w: Writer, doc: IssuedBillingDocument): void {
  const range = w.pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    w.pdf.switchToPage(i);
    w.font(false, SMALL);
    const y = w.pdf.page.height - MARGIN - 8;
    // Drawn inside the bottom margin: lift the margin so pdfkit does not start a new page for it.
    const margin = w.pdf.page.margins.bottom;
    w.pdf.page.margins.bottom = 0;
    w.pdf.text(`${doc.number} · page ${i + 1} of ${range.count}`, w.left, y, { width: w.width, align: 'right', lineBreak: false });
    w.pdf.page.margins.bottom = margin;
  }
}

/** The issue date at midnight UTC: the PDF's creation date, so the same snapshot gives the same bytes. */
function creationDate(issuedOn: string): Date {
  const date = new Date(`${issuedOn}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${issuedOn}`);
  return date;
}

/** Renders an issued document (and the clinic's logo, when it has one pdfkit can draw) to a PDF. */
export function renderBillingDocumentPdf(doc: IssuedBillingDocument, logo?: PdfLogo | null, options: RenderOptions = {}): Promise<Buffer> {
  const created = creationDate(doc.issuedOn);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    font: FONT_REGULAR,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${documentTitle(doc)} ${doc.number}`,
      Author: doc.supplier.legalName,
      Subject: `${documentTitle(doc)} ${doc.number} dated ${formatIssuedOn(doc.issuedOn)}`,
      Creator: doc.supplier.legalName,
      Producer: 'PDFKit',
      CreationDate: created,
      ModDate: created,
    },
  });
  pdf.registerFont('regular', FONT_REGULAR);
  pdf.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    const w = new Writer(pdf);
    pdf.fillColor('black');
    drawHeading(w, doc, logo);
    drawParties(w, doc);
    drawLines(w, doc);
    drawTotals(w, doc);
    drawPayments(w, doc);
    drawFoot(w, doc);
    numberPages(w, doc);
  } catch (error) {
    pdf.end();
    return done.then(() => Promise.reject(error));
  }
  pdf.end();
  return done;
}
