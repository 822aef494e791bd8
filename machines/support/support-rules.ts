// The support desk's rules, shared by the views and the server's validation: what a ticket is
// about, what may be attached (checked by the file's first bytes, never by its name), how big.
export const TICKET_CATEGORIES = ['appointments', 'billing', 'reports', 'the_app', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  appointments: 'Appointments',
  billing: 'Billing',
  reports: 'Reports',
  the_app: 'The app',
  other: 'Other',
};

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;

export type AttachmentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The file's real type from its magic bytes, or null when it is not an image or a PDF. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** A file name safe to put in a Content-Disposition header and a list: no paths, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'attachment';
}
