// What a file is, read from its first bytes ("magic numbers"), never from its name or the type a
// browser declares: a renamed executable is not an image. Support attachments and the clinic logo
// accept different subsets of these.

export type FileType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The file's real type, or null when it is none of the images or PDF we accept anywhere. */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The extensions each type is known by; a download name ends with one (the first when it had none). */
export const FILE_EXTENSIONS: Record<FileType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** Direction overrides, embeddings, isolates and marks (and the Arabic letter mark): they reorder how a name reads. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001F\u007F-\u009F"]/g;
const MAX_NAME = 200;

/**
 * A stored or served file name that says what the file is: no folders, control characters, quotes
 * or bidirectional controls ("invoice\u202Efdp.exe" reads as "invoiceexe.pdf"), and an extension
 * that follows the type read from the bytes, so a PDF named "x.html" is kept and served as "x.pdf".
 */
export function cleanFileName(name: string, type: FileType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(BIDI_CONTROLS, '').replace(CONTROLS, '').trim();
  const extensions = FILE_EXTENSIONS[type];
  const extensionOf = (text: string) => /\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(text);
  const isTypes = (found: RegExpExecArray | null) => found !== null && extensions.includes(found[1].toLowerCase());
  let stem = cleaned;
  let found = extensionOf(stem);
  // Another type's extension goes ("x.html"); the type's own stays as written ("Scan.JPEG").
  if (found && !isTypes(found)) found = extensionOf((stem = stem.slice(0, -found[0].length)));
  const suffix = found && isTypes(found) ? found[0] : `.${extensions[0]}`;
  if (found && isTypes(found)) stem = stem.slice(0, -found[0].length);
  stem = Array.from(stem.replace(/[.\s]+$/u, ''))
    .slice(0, MAX_NAME - suffix.length)
    .join('');
  return `${stem || 'attachment'}${suffix}`;
}
