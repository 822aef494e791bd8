// Filling the app's date and clock fields, and the pair of them for a date with a time
// (src/lib/date-field.tsx: MUI X pickers, not the browser's own date and time boxes) as a person
// does: click the field's first section and type the digits in the clinic's order (dd/mm/yyyy and
// 10:30 am in India), each section taking over what it held. A field is a group named by its label.
import type { Locator, Page } from 'playwright-core';
import { clinicDatePattern, clinicTimePattern } from '../../src/lib/format.ts';
import { dateTimeLabels } from '../../src/lib/labels.ts';

/** The keys a person types for `day` (YYYY-MM-DD) in the clinic's date order: 15061985. */
export function typedDay(day: string): string {
  const [year, month, date] = day.split('-');
  const part: Record<string, string> = { D: date, M: month, Y: year };
  return clinicDatePattern()
    .split(/[^DMY]+/)
    .map((token) => part[token[0]] ?? '')
    .join('');
}

/** The keys a person types for `clock` (HH:mm, 24-hour) in the clinic's time order: 0230p for 14:30 in India. */
export function typedClock(clock: string): string {
  const [h, m] = clock.split(':').map(Number);
  const pattern = clinicTimePattern();
  if (!/a/i.test(pattern)) return `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${String(twelve).padStart(2, '0')}${String(m).padStart(2, '0')}${h < 12 ? 'a' : 'p'}`;
}

/** The field labelled `label` inside `scope` (a page, a dialog, a row). */
export function dateField(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true }).first();
}

async function typeInto(field: Locator, keys: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(keys);
}

/** Types `day` (YYYY-MM-DD) into the date field labelled `label`. */
export async function fillDateField(scope: Page | Locator, label: string, day: string): Promise<void> {
  await typeInto(dateField(scope, label), typedDay(day));
}

/** Types `clock` (HH:mm) into the clock field labelled `label`. */
export async function fillClockField(scope: Page | Locator, label: string, clock: string): Promise<void> {
  await typeInto(dateField(scope, label), typedClock(clock));
}

/** Types `wall` (YYYY-MM-DDTHH:mm, the clinic's clock) into the day and time fields of the pair labelled `label` (DateTimeFields). */
export async function fillDateTimeFields(scope: Page | Locator, label: string, wall: string): Promise<void> {
  const [day, clock] = wall.split('T');
  const names = dateTimeLabels(label);
  await fillDateField(scope, names.date, day);
  await fillClockField(scope, names.time, clock.slice(0, 5));
}
