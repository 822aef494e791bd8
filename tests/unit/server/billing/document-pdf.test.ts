// Issue 34: an issued document's PDF shows what Rule 46 (and 49, 50, 53) ask, read back from the
// PDF itself with pdf.js (the text a reader would copy), and the same snapshot gives the same bytes.
import QRCode from 'qrcode';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { IssuedBillingDocument } from '../../../../machines/billing/billing-document.ts';
import { documentTitle, formatPaise, formatRate, formatRupees, renderBillingDocumentPdf } from '../../../../server/api/billing/document-pdf.ts';
import { CREDIT_NOTE, TAX_INVOICE } from '../../../support/billing-document-fixtures.ts';

interface ReadPdf {
  pages: string[];
  text: string;
  images: number;
  info: Record<string, unknown>;
}

/** Each page's text (pdf.js items joined by spaces, runs of space folded), its image count and info. */
async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  let images = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter((fn) => fn === 85 /* OPS.paintImageXObject */).length;
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages, text: pages.join(' '), images, info: meta.info as Record<string, unknown> };
}

describe('money and rates as printed', () => {
  it('groups rupees the Indian way with two decimals, from integer paise', () => {
    expect(formatPaise(0)).toBe('0.00');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(14_794_300)).toBe('1,47,943.00');
    expect(formatPaise(1_234_567_899)).toBe('1,23,45,678.99');
    expect(formatPaise(-40)).toBe('-0.40');
    expect(formatRupees(-40)).toBe('-₹0.40');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000.00');
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });

  it('prints basis points as a percentage', () => {
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(0)).toBe('0%');
  });
});

describe('the title of each kind of document', () => {
  it('names the four series, and an invoice with exempt lines as an invoice-cum-bill of supply', () => {
    const lines = TAX_INVOICE.lines;
    expect(documentTitle({ kind: 'invoice', lines })).toBe('Tax Invoice');
    expect(documentTitle({ kind: 'bill_of_supply', lines })).toBe('Bill of Supply');
    expect(documentTitle({ kind: 'credit_note', lines })).toBe('Credit Note');
    expect(documentTitle({ kind: 'receipt', lines })).toBe('Receipt Voucher');
    expect(documentTitle({ kind: 'invoice', lines: [...lines, { ...lines[0], exempt: true }] })).toBe('Tax Invoice-cum-Bill of Supply');
  });
});

describe('an intra-State tax invoice as a PDF', () => {
  it('shows the supplier, number, date, recipient, place of supply, reverse charge, lines with CGST and SGST, totals, words and payments', async () => {
    const pdf = await renderBillingDocumentPdf(TAX_INVOICE);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    for (const expected of [
      'Thrive Wellness Private Limited',
      'GSTIN: 27AAPFU0939F1ZV',
      'Tax Invoice',
      'No. TC/26-27/00042',
      'Date: 27/11/2026',
      'Asha Kulkarni',
      '12 Shanti Nagar, Pune 411001',
      'Place of supply: Maharashtra (State code 27)',
      'Reverse charge: No',
      // line 1: SAC, qty, unit price, discount, taxable value, CGST and SGST rate and amount, total
      'Ayurveda wellness retreat, 7 days 999723 1 1,50,000.00 10,000.00 1,40,000.00 2.5% 3,500.00 2.5% 3,500.00 1,47,000.00',
      'Ashwagandha capsules, 60 3004 2 449.00 0.00 898.00 2.5% 22.45 2.5% 22.45 942.90',
      'from package Physio 10 sessions',
      'Taxable value ₹1,40,898.00',
      'CGST ₹3,522.45',
      'SGST ₹3,522.45',
      'Round off ₹0.10',
      'Total ₹1,47,943.00',
      'Amount in words: Rupees One Lakh Forty Seven Thousand Nine Hundred Forty Three Only',
      '27/11/2026 Cash - ₹50,000.00',
      '27/11/2026 UPI UTR 633112345678 ₹97,943.00',
      'IFSC HDFC0000123',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('gives the same bytes for the same snapshot, dated the day it was issued', async () => {
    const first = await renderBillingDocumentPdf(TAX_INVOICE);
    const second = await renderBillingDocumentPdf(structuredClone(TAX_INVOICE));
    expect(second.equals(first)).toBe(true);
    const { info } = await readPdf(first);
    expect(info.CreationDate).toBe('D:20261127000000Z');
    expect(info.Title).toBe('Tax Invoice TC/26-27/00042');
    // A different snapshot is a different document.
    const other = await renderBillingDocumentPdf({ ...TAX_INVOICE, number: 'TC/26-27/00043' });
    expect(other.equals(first)).toBe(false);
  });
});

describe('an inter-State credit note to a business as a PDF', () => {
  it('shows IGST, the exempt line, the recipient GSTIN and the original invoice it corrects', async () => {
    const { text } = await readPdf(await renderBillingDocumentPdf(CREDIT_NOTE));
    for (const expected of [
      'Credit Note',
      'No. CN/26-27/0007',
      'GSTIN: 27AAPFU0939F1ZV',
      'Credited to',
      'GSTIN: 29AAGCB7383J1Z4',
      'Place of supply: Karnataka (State code 29)',
      'Against: Tax Invoice TC/26-27/00031 dated 20/11/2026',
      'Corporate yoga workshop (seat) 999723 3 1,250.50 100.00 3,651.50 18% 657.27 4,308.77',
      'Doctor consultation (exempt supply) 999312 1 800.00 0.00 800.00 Exempt 800.00',
      'IGST ₹657.27',
      'Round off ₹0.23',
      'Total credited ₹5,109.00',
      'Rupees Five Thousand One Hundred Nine Only',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
  });
});

describe('other documents', () => {
  it('prints a bill of supply of a clinic without GSTIN with no tax columns', async () => {
    const line = { ...CREDIT_NOTE.lines[1] };
    const doc: IssuedBillingDocument = {
      ...TAX_INVOICE,
      kind: 'bill_of_supply',
      number: 'BS/26-27/0001',
      supplier: { ...TAX_INVOICE.supplier, gstin: null },
      lines: [line],
      totals: {
        taxablePaise: 80_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        roundOffPaise: 0,
        totalPaise: 80_000,
        totalInWords: 'Rupees Eight Hundred Only',
      },
      payments: [],
    };
    const { text } = await readPdf(await renderBillingDocumentPdf(doc));
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('GSTIN: not registered for GST');
    expect(text).toContain('Total ₹800.00');
    expect(text).toContain('Rupees Eight Hundred Only');
    expect(text).toContain('Doctor consultation (exempt supply) 999312 1 800.00 0.00 800.00 800.00');
    expect(text).not.toMatch(/CGST|SGST|IGST/);
  });

  it('runs a long invoice onto more pages, repeating the table heading and numbering the pages', async () => {
    const line = TAX_INVOICE.lines[1];
    const doc: IssuedBillingDocument = { ...TAX_INVOICE, lines: Array.from({ length: 45 }, (_, i) => ({ ...line, description: `Product ${i + 1}` })) };
    const { pages } = await readPdf(await renderBillingDocumentPdf(doc));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Taxable value');
    expect(pages[0]).toContain(`page 1 of ${pages.length}`);
    expect(pages.at(-1)).toContain('Product 45');
    expect(pages.at(-1)).toContain('Amount in words');
  });
});

describe("the clinic's logo", () => {
  it('is drawn when it is a PNG and left out (the document still printed) when pdfkit cannot draw it', async () => {
    const png = await QRCode.toBuffer('Thrive Clinic', { type: 'png', width: 64 });
    const withLogo = await readPdf(await renderBillingDocumentPdf(TAX_INVOICE, { content: png, contentType: 'image/png' }));
    expect(withLogo.images).toBe(1);
    expect(withLogo.text).toContain('No. TC/26-27/00042');
    const webp = await readPdf(await renderBillingDocumentPdf(TAX_INVOICE, { content: Buffer.from('RIFF\0\0\0\0WEBPVP8 '), contentType: 'image/webp' }));
    expect(webp.images).toBe(0);
    expect(webp.text).toContain('No. TC/26-27/00042');
    const broken = await readPdf(await renderBillingDocumentPdf(TAX_INVOICE, { content: png.subarray(0, 40), contentType: 'image/png' }));
    expect(broken.images).toBe(0);
    expect(broken.text).toContain('Total ₹1,47,943.00');
  });
});
