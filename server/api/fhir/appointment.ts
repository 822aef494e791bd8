// A booking as a FHIR Appointment (issue 40): the client and the staff member who delivers it as
// participants, the service as its service type. The clinic's nine statuses map onto FHIR's (a
// rescheduled booking is cancelled: its successor is another Appointment).
import type { Db } from '../../db/database.ts';
import { type ClientFilter, instant, type Page, type RecordColumns, searchRecords } from './search.ts';

const FHIR_STATUS: Record<string, string> = {
  requested: 'proposed',
  booked: 'booked',
  confirmed: 'booked',
  checked_in: 'checked-in',
  in_progress: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
  rescheduled: 'cancelled',
};

export interface AppointmentRow {
  id: number;
  client_id: number;
  staff_id: number;
  service: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
}

function appointmentQuery(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .select(['a.id', 'a.client_id', 'a.staff_id', 's.name as service', 'a.starts_at', 'a.ends_at', 'a.status', 'a.created_at', 'a.updated_at']);
}

export async function findAppointment(db: Db, id: number): Promise<AppointmentRow | undefined> {
  return (await appointmentQuery(db).where('a.id', '=', id).executeTakeFirst()) as AppointmentRow | undefined;
}

const COLUMNS: RecordColumns = { client: 'a.client_id', date: 'a.starts_at', lastUpdated: 'a.updated_at', orderBy: ['a.starts_at', 'a.id'] };

export const searchAppointments = (db: Db, filter: ClientFilter, page: Page | null) =>
  searchRecords<AppointmentRow>(appointmentQuery(db), COLUMNS, filter, page);

export function appointmentResource(row: AppointmentRow) {
  const status = FHIR_STATUS[row.status] ?? 'booked';
  // A requested booking waits for the clinic; every other one the client has taken.
  const clientStatus = row.status === 'requested' ? 'tentative' : 'accepted';
  return {
    resourceType: 'Appointment' as const,
    id: String(row.id),
    meta: { lastUpdated: instant(row.updated_at) },
    status,
    serviceType: [{ text: row.service }],
    start: instant(row.starts_at),
    end: instant(row.ends_at),
    created: instant(row.created_at),
    participant: [
      { actor: { reference: `Patient/${row.client_id}` }, required: 'required', status: clientStatus },
      { actor: { reference: `Practitioner/${row.staff_id}` }, required: 'required', status: 'accepted' },
    ],
  };
}
