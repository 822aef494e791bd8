// Files sent in JSON as base64 (support attachments, lab PDFs, the clinic logo): the body limit
// that fits the largest one, the check that the text really is base64 before it is decoded, and
// the name a download is served under.
import { cleanFileName, type FileType } from '../../machines/rules/file-types.ts';

/** 10 MB of file is about 13.4 MB of base64; the JSON around it is small. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

// No grouped repetition: a backtracking pattern over 14 MB of text overflows the stack.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 as browsers write it: Node's decoder skips anything else silently; this refuses it instead. */
export const isBase64 = (text: string): boolean => text.length % 4 === 0 && BASE64.test(text);

/**
 * Content-Disposition for a download: the name cleaned again as it is served (names stored before
 * the rules were what they are included), its extension the type's, an ASCII fallback and the
 * UTF-8 name (RFC 6266).
 */
export function attachmentDisposition(fileName: string, type: FileType): string {
  const name = cleanFileName(fileName, type);
  return `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
