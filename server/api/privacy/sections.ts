// What "Download my data" holds (issue 38): every table with rows about the client, grouped in the
// sections the archive's JSON files are named after, each table read with the condition that finds
// the client's rows. tests/integration/api/privacy/export-coverage.test.ts reads the database's
// catalogue and fails when a table that refers to a client is neither read here nor listed in
// NOT_THE_CLIENTS below with the reason, so a table added later cannot be left out unnoticed.
//
// Left out of what is read: the sealed Aadhaar number (its masked last four digits are kept), the
// identity service's subject id and the name-search index (the clinic's machinery, not data about
// the client), the text of messages that carried a sign-in code or temporary password (one may
// still work, and staff can download the archive too), the clinic's internal notes on support tickets (a client never sees them in the
// portal either), and file bytes, which travel as files of their own beside the JSON.
import { type RawBuilder, sql } from 'kysely';
import { carriesCredential } from '../../identity/delivery.ts';

type Where = (client: number) => RawBuilder<unknown>;

export interface ExportTable {
  table: string;
  where: Where;
  /** Columns never exported. */
  omit?: readonly string[];
  /** What a row says in the export, when not all of it may be said again. */
  redact?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** A bytea column written as files (`files/<table>/<id>-<name>`), not into the JSON. */
  file?: { content: string; name: string; id: string };
}

export interface ExportSection {
  /** The JSON file's name (`<key>.json`) and the PDF summary's heading. */
  key: string;
  title: string;
  tables: readonly ExportTable[];
}

const own =
  (column: string): Where =>
  (client) =>
    sql`${sql.ref(column)} = ${client}`;
/** Rows of a child table whose parent (`parent`, found by `parentWhere`) is the client's. */
const under =
  (column: string, parent: string, parentWhere: Where): Where =>
  (client) =>
    sql`${sql.ref(column)} in (select id from ${sql.table(parent)} where ${parentWhere(client)})`;

const appointments = own('client_id');
const labOrders = own('client_id');
const tickets = own('client_id');
const documents = own('client_id');
const packages = own('client_id');
const memberships = own('client_id');
const visits = own('client_id');
const waitlist = own('client_id');
const sharedMessages: Where = (client) => sql`internal = false and ticket_id in (select id from support_tickets where client_id = ${client})`;
/** Messages the clinic sent to the client's email address or phone number, as it has them now. */
const sentToClient: Where = (client) =>
  sql`recipient in (select email from users where id = ${client} and email is not null union select phone_number from users where id = ${client} and phone_number is not null)`;

/** What a message that carried a sign-in credential says in the export. */
export const WITHHELD_CREDENTIAL = '(This message carried a sign-in code or temporary password; its text is not exported.)';

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    key: 'profile',
    title: 'Profile',
    tables: [
      { table: 'users', where: own('id'), omit: ['sub', 'search_text'] },
      { table: 'user_profiles', where: own('user_id'), omit: ['aadhar_sealed'] },
      { table: 'client_families', where: own('client_id') },
      { table: 'program_enrollments', where: own('user_id') },
      { table: 'portal_home_views', where: own('user_id') },
    ],
  },
  { key: 'consents', title: 'Consents', tables: [{ table: 'consent_history', where: own('user_id') }] },
  {
    key: 'appointments',
    title: 'Appointments',
    tables: [
      { table: 'appointments', where: appointments },
      { table: 'appointment_status_history', where: under('appointment_id', 'appointments', appointments) },
      { table: 'appointment_answers', where: under('appointment_id', 'appointments', appointments) },
      { table: 'waitlist_entries', where: waitlist },
      { table: 'waitlist_offers', where: under('entry_id', 'waitlist_entries', waitlist) },
    ],
  },
  {
    key: 'visits',
    title: 'Visits and signed charts',
    tables: [
      { table: 'therapy_visits', where: visits },
      { table: 'therapy_visit_addenda', where: under('visit_id', 'therapy_visits', visits) },
      { table: 'contraindication_screens', where: own('client_id') },
    ],
  },
  { key: 'measurements', title: 'Measurements', tables: [{ table: 'measurements', where: own('client_id') }] },
  { key: 'thrive-checks', title: 'Thrive checks', tables: [{ table: 'thrive_checks', where: own('user_id') }] },
  {
    key: 'cognitive',
    title: 'Cognitive results',
    tables: [
      { table: 'cognitive_runs', where: own('client_id') },
      { table: 'cognitive_instruments', where: own('client_id') },
      { table: 'cognitive_reviews', where: own('client_id') },
    ],
  },
  {
    key: 'labs',
    title: 'Lab orders and reports',
    tables: [
      { table: 'lab_orders', where: labOrders },
      { table: 'lab_order_items', where: under('order_id', 'lab_orders', labOrders) },
      { table: 'lab_order_people', where: under('order_id', 'lab_orders', labOrders) },
      { table: 'lab_order_history', where: under('order_id', 'lab_orders', labOrders) },
      { table: 'lab_results', where: under('order_id', 'lab_orders', labOrders) },
      {
        table: 'lab_result_history',
        where: (client) => sql`result_id in (select id from lab_results where order_id in (select id from lab_orders where client_id = ${client}))`,
      },
      {
        table: 'lab_report_files',
        where: under('order_id', 'lab_orders', labOrders),
        omit: ['content'],
        file: { content: 'content', name: 'file_name', id: 'order_id' },
      },
      { table: 'lab_holds', where: own('client_id') },
    ],
  },
  {
    key: 'support',
    title: 'Support tickets and messages',
    tables: [
      { table: 'support_tickets', where: tickets },
      { table: 'support_messages', where: sharedMessages },
      {
        table: 'support_attachments',
        where: (client) => sql`message_id in (select id from support_messages where ${sharedMessages(client)})`,
        omit: ['content'],
        file: { content: 'content', name: 'file_name', id: 'id' },
      },
    ],
  },
  {
    key: 'billing',
    title: 'Invoices and payments',
    tables: [
      { table: 'billing_documents', where: documents },
      { table: 'billing_lines', where: under('document_id', 'billing_documents', documents) },
      { table: 'billing_payments', where: under('document_id', 'billing_documents', documents) },
      { table: 'billing_refunds', where: under('document_id', 'billing_documents', documents) },
      { table: 'billing_payment_links', where: under('document_id', 'billing_documents', documents) },
      { table: 'billing_payment_flags', where: under('document_id', 'billing_documents', documents) },
    ],
  },
  {
    key: 'packages-and-memberships',
    title: 'Packages and memberships',
    tables: [
      { table: 'packages', where: packages },
      { table: 'package_redemptions', where: under('package_id', 'packages', packages) },
      { table: 'package_expiry_warnings', where: under('package_id', 'packages', packages) },
      { table: 'memberships', where: memberships },
      { table: 'membership_periods', where: under('membership_id', 'memberships', memberships) },
      { table: 'membership_session_uses', where: under('membership_id', 'memberships', memberships) },
    ],
  },
  {
    key: 'discovery',
    title: 'Before becoming a client (discovery)',
    tables: [
      { table: 'discovery_prospects', where: own('id') },
      { table: 'discovery_calls', where: own('prospect_id') },
      { table: 'discovery_stage_history', where: own('prospect_id') },
      { table: 'discovery_visits', where: own('prospect_id') },
      { table: 'discovery_enquiries', where: own('prospect_id') },
    ],
  },
  {
    key: 'messages',
    title: 'Messages the clinic sent',
    tables: [
      {
        table: 'mail_outbox',
        where: sentToClient,
        // A sign-in code or temporary password may still work: that it was sent is kept, not what it said.
        redact: (row) => (carriesCredential(row.subject as string | null) ? { ...row, body: WITHHELD_CREDENTIAL } : row),
      },
      { table: 'mail_outbox_attachments', where: under('outbox_id', 'mail_outbox', sentToClient) },
    ],
  },
  {
    key: 'record-views',
    title: 'Who viewed or changed your record',
    tables: [
      { table: 'audit_events', where: own('client_id') },
      { table: 'audit_view_reads', where: own('client_id') },
    ],
  },
  { key: 'data-exports', title: 'Your data export requests', tables: [{ table: 'data_exports', where: own('client_id'), omit: ['archive'] }] },
];

/**
 * Tables that refer to a client (or to a table that does) but hold no personal data of the
 * client's beyond what the sections above export, each with the reason.
 */
export const NOT_THE_CLIENTS: Readonly<Record<string, string>> = {
  // The staff member who set the clinic's settings, hours and stock: a staff reference, no client.
  clinic_settings: "The clinic's settings; refers to the staff member who changed them.",
  clinic_logo: "The clinic's logo; refers to the staff member who uploaded it.",
  scheduling_settings: "The clinic's scheduling settings; refers to staff.",
  therapy_settings: "The clinic's therapy settings; refers to staff.",
  staff_hours: "A staff member's working hours.",
  staff_hour_exceptions: "A staff member's leave and extra hours.",
  billing_till_days: "A till's daily cash count; refers to the staff who counted and closed it.",
  // Links between the client's rows and the clinic's resources; the client's side is exported.
  appointment_series: 'Groups appointments booked together; the appointments themselves are exported.',
  appointment_resources: 'The rooms and devices an appointment holds: the clinic’s resources, no personal data.',
  portal_booking_seen: 'Which staff member has seen a portal booking: a staff marker; the booking is exported.',
  stock_movements: "The clinic's stock ledger; what a visit used is in its exported chart.",
  // Kept only to answer dashboards quickly, recomputed from exported tables.
  thrive_client_rollup: 'A cache of the Thrive dashboard, derived from exported appointments, checks and packages.',
  thrive_enrollment_rollup: 'A cache of the Thrive dashboard, derived from exported enrollments and visits.',
};
