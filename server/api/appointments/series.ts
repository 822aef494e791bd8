// Recurring series ("10 HBOT sessions, Mon/Wed/Fri 10:00"): every occurrence is planned and
// booked in one transaction, each seeing the ones before it. The answer lists every occurrence
// with what is in its way and free alternatives that day; unless the caller asked for only the
// free ones, one occurrence in the way rolls the whole series back.
import { sql } from 'kysely';
import { HttpError } from '../../http/errors.ts';
import type { Db } from '../../db/database.ts';
import { clockMinutes, durationMinutes, findSlots, seriesDates, zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import { type BookingRequest, type Conflict, book, SchedulingConflict } from './booking.ts';
import { loadCalendar, timingOf } from './calendar.ts';
import type { AppointmentOut, SchedulingSettings, ServiceOut } from './data.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

export interface SeriesRequest {
  client: number;
  service: ServiceOut;
  staff?: number;
  first_date: string;
  weekdays: number[];
  time: string;
  count: number;
  only_free: boolean;
  channel: BookingRequest['channel'];
  notes: string;
  package?: number;
  bookedBy: number;
  clientDuration: string | null;
}

export interface Occurrence {
  start: string;
  end: string;
  outcome: 'booked' | 'free' | 'conflict' | 'unavailable';
  detail: string | null;
  conflicts: Conflict[];
  alternatives: string[];
  appointment: number | null;
}

/** Rolls back the series transaction while carrying its answer out. */
export class SeriesRefused extends Error {
  constructor(
    readonly status: 409,
    readonly detail: string,
    readonly occurrences: Occurrence[],
  ) {
    super(detail);
  }
}

async function alternatives(db: Db, settings: SchedulingSettings, req: SeriesRequest, date: string, wanted: number): Promise<string[]> {
  const calendar = await loadCalendar(db, settings, req.service, { from: date, to: date }, { staff: req.staff });
  const slots = findSlots({
    zone: calendar.zone,
    dates: calendar.dates,
    gridMinutes: settings.slot_minutes,
    timing: timingOf(req.service, durationMinutes(req.clientDuration)),
    clinicOpen: calendar.clinicOpen,
    staff: calendar.staff,
    pools: calendar.pools,
    earliest: Date.now(),
  });
  return slots
    .sort((a, b) => Math.abs(a.start - wanted) - Math.abs(b.start - wanted))
    .slice(0, 3)
    .map((s) => new Date(s.start).toISOString())
    .sort();
}

/** Books the series in `trx`; throws SeriesRefused (roll back) when any occurrence is in the way and only_free is off. */
export async function bookSeries(
  trx: Db,
  settings: SchedulingSettings,
  req: SeriesRequest,
  seriesId: number,
): Promise<{ occurrences: Occurrence[]; booked: AppointmentOut[] }> {
  const dates = seriesDates(req.first_date, req.weekdays, req.count);
  const minutes = clockMinutes(req.time);
  const occurrences: Occurrence[] = [];
  const booked: AppointmentOut[] = [];
  for (const date of dates) {
    const start = zonedInstant(settings.time_zone, date, minutes);
    const duration = (req.service.duration_minutes ?? durationMinutes(req.clientDuration)) * 60_000;
    const occurrence: Occurrence = {
      start: new Date(start).toISOString(),
      end: new Date(start + duration).toISOString(),
      outcome: 'booked',
      detail: null,
      conflicts: [],
      alternatives: [],
      appointment: null,
    };
    try {
      const created = await bookInSavepoint(trx, settings, {
        client: req.client,
        service: req.service,
        staff: req.staff,
        start: occurrence.start,
        channel: req.channel,
        notes: req.notes,
        package: req.package,
        status: 'booked',
        series: seriesId,
        bookedBy: req.bookedBy,
        online: false,
      });
      occurrence.appointment = created.id;
      booked.push(created);
    } catch (error) {
      if (error instanceof SchedulingConflict) {
        occurrence.outcome = 'conflict';
        occurrence.detail = error.detail;
        occurrence.conflicts = error.conflicts;
      } else if (error instanceof HttpError && error.statusCode === 400) {
        occurrence.outcome = 'unavailable';
        occurrence.detail = error.detail;
      } else throw error;
      occurrence.alternatives = await alternatives(trx, settings, req, date, start);
    }
    occurrences.push(occurrence);
  }
  const refused = occurrences.filter((o) => o.outcome !== 'booked');
  if (refused.length && !req.only_free) {
    for (const o of occurrences) if (o.outcome === 'booked') Object.assign(o, { outcome: 'free', appointment: null });
    throw new SeriesRefused(409, T.seriesConflicts, occurrences);
  }
  if (booked.length === 0) throw new SeriesRefused(409, T.seriesNothingFree, occurrences);
  return { occurrences, booked };
}

// An occurrence that fails must not abort the series' transaction (PostgreSQL refuses every
// statement after an error until rollback): each one runs inside its own savepoint.
let savepoints = 0;
async function bookInSavepoint(trx: Db, settings: SchedulingSettings, req: BookingRequest): Promise<AppointmentOut> {
  const name = sql.raw(`occurrence_${++savepoints}`);
  await sql`savepoint ${name}`.execute(trx);
  try {
    const created = await book(trx, settings, req);
    await sql`release savepoint ${name}`.execute(trx);
    return created;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(trx);
    throw error;
  }
}
