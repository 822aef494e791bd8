// The support desk's rules, shared by the views and the server's validation: what a ticket is
// about, what may be attached (checked by the file's first bytes, never by its name), how big.
import { type FileType, sniffFileType } from '../rules/file-types.ts';

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

export type AttachmentType = FileType;

/** The file's real type from its magic bytes, or null when it is not an image or a PDF. */
export const sniffAttachmentType: (bytes: Uint8Array) => AttachmentType | null = sniffFileType;
