// The calendar component draws in the browser's own zone; the clinic runs on its zone (settings).
// So times cross over as wall clocks: an appointment at 10:00 in the clinic is drawn as a Date whose
// browser-local clock reads 10:00, and a drop at a drawn 11:15 is 11:15 on the clinic's clock.
import { localTime, zonedInstant, zoneOffsetMinutes } from '../../../machines/appointments/scheduling-rules.ts';
import { formatTime, formatWeekdayDateTime } from '../../lib/format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The drawn Date for an instant (ISO or epoch ms) on the clinic's wall clock. */
export function toDrawn(value: string | number, zone: string): Date {
  const t = localTime(zone, typeof value === 'number' ? value : Date.parse(value));
  const [y, m, d] = t.date.split('-').map(Number);
  return new Date(y, m - 1, d, Math.floor(t.minutes / 60), t.minutes % 60);
}

/** The clinic's calendar day of a drawn Date, YYYY-MM-DD. */
export function drawnDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The drawn Date at midnight of a clinic day. */
export function dayToDrawn(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** An instant written with the clinic's offset (the API accepts only times with an offset). */
export function offsetIso(instant: number, zone: string): string {
  const offset = zoneOffsetMinutes(zone, instant);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant a drawn Date stands for, written with the clinic's offset. */
export function fromDrawn(date: Date, zone: string): string {
  return offsetIso(zonedInstant(zone, drawnDay(date), date.getHours() * 60 + date.getMinutes()), zone);
}

/** A clinic time as the desk reads it: `10:30 am`. */
export function clockOf(iso: string, zone: string): string {
  return formatTime(iso, zone);
}

/** A clinic day and time in words: `Mon, 02/03/2026, 10:30 am`. */
export function dayAndClock(iso: string, zone: string): string {
  return formatWeekdayDateTime(iso, zone);
}
