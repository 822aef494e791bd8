// Times as the portal shows them: in the clinic's time zone, with the weekday, written by the one
// formatting module (Mon, 23/11/2026, 10:30 am).
import { formatTime as clockTime, formatWeekdayDate, formatWeekdayDateTime } from '../../lib/format.ts';

export function formatWhen(iso: string, zone: string): string {
  return formatWeekdayDateTime(iso, zone);
}

export function formatDay(iso: string, zone: string): string {
  return formatWeekdayDate(iso, 'short', zone);
}

export function formatTime(iso: string, zone: string): string {
  return clockTime(iso, zone);
}
