// Files sent in JSON as base64 (support attachments, lab PDFs, the clinic logo): the body limit
// that fits the largest one, and the check that the text really is base64 before it is decoded.

/** 10 MB of file is about 13.4 MB of base64; the JSON around it is small. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

// No grouped repetition: a backtracking pattern over 14 MB of text overflows the stack.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 as browsers write it: Node's decoder skips anything else silently; this refuses it instead. */
export const isBase64 = (text: string): boolean => text.length % 4 === 0 && BASE64.test(text);
