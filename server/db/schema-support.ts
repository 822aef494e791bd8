// Support's tables (migration 1050_support), part of the `Database` interface in schema.ts.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SupportTicketsTable {
  id: Generated<number>;
  client_id: number;
  category: 'appointments' | 'billing' | 'reports' | 'the_app' | 'other';
  subject: string;
  status: Generated<'new' | 'open' | 'pending' | 'on_hold' | 'solved' | 'closed'>;
  appointment_id: number | null;
  /** A lab order of the client's (migration 1060; no foreign key, see there). */
  lab_order_id: Generated<number | null>;
  assignee_id: number | null;
  opened_by: number;
  created_at: TimestampDefault;
  /** Every change, internal notes included: the clinic's view. */
  updated_at: TimestampDefault;
  /** Changes the client can see only (migration 1490): the client's view of `updated_at`. */
  client_updated_at: TimestampDefault;
  solved_at: Timestamp | null;
  closed_at: Timestamp | null;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number;
  internal: Generated<boolean>;
  body: string;
  created_at: TimestampDefault;
}

export interface SupportAttachmentsTable {
  id: Generated<number>;
  uploaded_by: number;
  message_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  content: Uint8Array;
  created_at: TimestampDefault;
}

export interface SupportTables {
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  support_attachments: SupportAttachmentsTable;
}
