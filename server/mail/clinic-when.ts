// When something happens, as a message to a person says it: on the clinic's clock (scheduling's
// time zone) and written the clinic's way (its locale from /backoffice): "Mon, 2 Mar, 2026, 10:00 am"
// for en-IN, "Mon, Mar 2, 2026, 10:00 AM" for en-US. One place, so reminders, cancellations,
// waitlist offers and lab confirmations read alike and follow the settings the browser follows.
import { readClinicFormat, type ClinicFormat } from '../api/clinic/data.ts';
import type { Db } from '../db/database.ts';

export function formatClinicWhen(instant: string | Date, format: Pick<ClinicFormat, 'locale' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(format.locale, {
    timeZone: format.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** The instant as the clinic writes it, read from its current settings. */
export async function clinicWhen(db: Db, instant: string | Date): Promise<string> {
  return formatClinicWhen(instant, await readClinicFormat(db));
}
