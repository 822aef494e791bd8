// File names as uploads keep them and downloads serve them (issue 42): the extension follows the
// type read from the bytes (a PDF named "x.html" is "x.pdf"), and direction controls, control
// characters, quotes and folders are gone, for any name at all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_EXTENSIONS, type FileType } from '../../../../machines/rules/file-types.ts';

const TYPES = Object.keys(FILE_EXTENSIONS) as FileType[];
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001F\u007F-\u009F"\\/\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

describe('cleanFileName', () => {
  it('gives the name the extension of the type the bytes are', () => {
    expect(cleanFileName('x.html', 'application/pdf')).toBe('x.pdf');
    expect(cleanFileName('report.pdf', 'application/pdf')).toBe('report.pdf');
    expect(cleanFileName('report.PDF', 'application/pdf')).toBe('report.PDF');
    expect(cleanFileName('x.pdf.html', 'application/pdf')).toBe('x.pdf');
    expect(cleanFileName('page.svg', 'image/png')).toBe('page.png');
    expect(cleanFileName('Scan.JPEG', 'image/jpeg')).toBe('Scan.JPEG');
    expect(cleanFileName('photo.jpg', 'image/png')).toBe('photo.png');
    expect(cleanFileName('noext', 'image/webp')).toBe('noext.webp');
    expect(cleanFileName('Dr. Rao letter', 'application/pdf')).toBe('Dr. Rao letter.pdf');
    expect(cleanFileName('scan v1.2', 'image/gif')).toBe('scan v1.2.gif');
    expect(cleanFileName('', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFileName('.html', 'application/pdf')).toBe('attachment.pdf');
    expect(cleanFileName('C:\\Users\\me\\evil.exe', 'image/png')).toBe('evil.png');
  });

  it('removes direction controls, so a name reads as it is', () => {
    expect(cleanFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(cleanFileName('\u2066report\u2069.pdf', 'application/pdf')).toBe('report.pdf');
    for (const c of BIDI) expect(cleanFileName(`a${c}b${c}.png`, 'image/png')).toBe('ab.png');
  });

  it('for any name: no forbidden character, the type extension, at most 200 characters', () => {
    const name = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc
        .array(fc.oneof(fc.constantFrom(...BIDI, '.', '/', '\\', '"', ' ', '\u0000', '\u0085', 'html', 'pdf', 'PNG', 'exe'), fc.string({ maxLength: 5 })), {
          maxLength: 60,
        })
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(name, fc.constantFrom(...TYPES), (raw, type) => {
        const clean = cleanFileName(raw, type);
        expect(clean).not.toMatch(FORBIDDEN);
        const extension = /\.([^.]+)$/.exec(clean)?.[1].toLowerCase();
        expect(FILE_EXTENSIONS[type]).toContain(extension);
        expect(Array.from(clean).length).toBeLessThanOrEqual(200);
        expect(clean).toBe(clean.trim());
        // Cleaning twice changes nothing: what is stored is what is served.
        expect(cleanFileName(clean, type)).toBe(clean);
      }),
      { numRuns: 1000, seed: 42 },
    );
  });
});
