// A booking as a FHIR Appointment (issue 40): the client and the staff member who delivers it as
// participants, the service as its service type. The clinic's nine statuses map onto FHIR's (a
// rescheduled booking is cancelled: its successor is another Appointment).
import type { Db } from '../../db/database.ts';
import { type DateRange, instant, type Page } from './search.ts';

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

export async function searchAppointments(db: Db, filter: { client: number; date: DateRange[]; lastUpdated: DateRange[] }, page: Page | null) {
  let query = appointmentQuery(db).where('a.client_id', '=', filter.client);
  for (const range of filter.date) {
    if (range.from) query = query.where('a.starts_at', '>=', range.from);
    if (range.to) query = query.where('a.starts_at', '<', range.to);
  }
  for (const range of filter.lastUpdated) {
    if (range.from) query = query.where('a.updated_at', '>=', range.from);
    if (range.to) query = query.where('a.updated_at', '<', range.to);
  }
  const { total } = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow()) as { total: string };
  const ordered = query.orderBy('a.starts_at').orderBy('a.id');
  const rows = (await (page ? ordered.limit(page.count).offset(page.offset) : ordered).execute()) as AppointmentRow[];
  return { total: Number(total), rows };
}

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
