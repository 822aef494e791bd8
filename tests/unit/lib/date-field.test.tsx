// @vitest-environment happy-dom
// DateTimeFields (src/lib/date-field.tsx), the day and time fields that replaced the browser's
// datetime-local input: the form gets what that input gave, `YYYY-MM-DDTHH:mm` once the day and the
// time are whole and '' before; a half-typed entry stays on screen, also when the form keeps its
// old value meanwhile (the booking dialog does); a value set from outside replaces it.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField, DateTimeFields } from '../../../src/lib/date-field.tsx';
import { clinicTimePattern, formatDate } from '../../../src/lib/format.ts';
import { dateTimeLabels } from '../../../src/lib/labels.ts';
import { dateInput, typeDay as putDay } from '../../support/date-field-view.ts';

afterEach(cleanup);

const LABEL = 'Start';
const names = dateTimeLabels(LABEL);

/** A field's own input (the time field's too): it holds what the field shows and takes it typed or pasted that way. */
const input = (label: string) => dateInput(screen, label);
const typeDay = (day: string) => putDay(input(names.date), day);
const shownClock = (clock: string) => dayjs(`2000-01-01T${clock}`).format(clinicTimePattern());
const typeClock = (clock: string) => fireEvent.change(input(names.time), { target: { value: shownClock(clock) } });
/** Types `keys` one at a time from the first section of the field labelled `label`, as a person does. */
function typeKeys(label: string, keys: string) {
  const field = screen.getByRole('group', { name: label });
  fireEvent.focus(within(field).getAllByRole('spinbutton')[0]);
  for (const key of keys) {
    const section = document.activeElement as HTMLElement;
    section.textContent = key;
    fireEvent.input(section);
  }
}
const sections = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');

/** A form holding the pair's value; `keepsWhole` refuses '' as the booking dialog does (its slot stays). */
function Form({ initial = '', keepsWhole = false, given }: { initial?: string; keepsWhole?: boolean; given: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeFields
        label={LABEL}
        value={value}
        onChange={(next) => {
          given.push(next);
          if (next || !keepsWhole) setValue(next);
        }}
        helperText="The start, on the clinic's clock"
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2026-12-01T09:15')}>
        Reset
      </button>
    </>
  );
}

describe('DateTimeFields', () => {
  it('gives YYYY-MM-DDTHH:mm once a day and a time are typed, and names both fields after the label', () => {
    const given: string[] = [];
    render(<Form given={given} />);
    expect(screen.getByRole('group', { name: LABEL })).toBeTruthy();
    expect(screen.getByRole('group', { name: names.date })).toBeTruthy();
    expect(screen.getByRole('group', { name: names.time })).toBeTruthy();
    typeDay('2026-11-27');
    typeClock('14:30');
    expect(given.at(-1)).toBe('2026-11-27T14:30');
    expect(screen.getByTestId('value').textContent).toBe('2026-11-27T14:30');
  });

  it('gives nothing for a day without a time, and keeps the day on screen', () => {
    const given: string[] = [];
    render(<Form given={given} />);
    typeDay('2026-11-27');
    expect(given).toEqual(['']);
    expect(input(names.date).value).toBe(formatDate('2026-11-27'));
    expect(input(names.time).value).toBe('');
  });

  it('keeps a day half typed on screen while the form holds nothing', () => {
    const given: string[] = [];
    render(<Form given={given} />);
    typeClock('14:30');
    typeKeys(names.date, '1511');
    expect(sections(names.date)).toBe('15/11/YYYY');
    expect(given).toEqual(['']);
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('gives nothing while the year is still being typed (0002, 0020, 0202), then the whole start', () => {
    const given: string[] = [];
    render(<Form given={given} />);
    typeClock('14:30');
    typeKeys(names.date, '1511202');
    expect(sections(names.date)).toBe('15/11/0202');
    expect(given.every((v) => v === '')).toBe(true);
    typeKeys(names.date, '15112026');
    expect(given.at(-1)).toBe('2026-11-15T14:30');
  });

  it('a day field alone gives nothing for a year outside the date window while it is typed (0202), then the day', () => {
    const given: string[] = [];
    function DayForm() {
      const [value, setValue] = useState('');
      return (
        <DateField
          label="Day"
          value={value}
          onChange={(v) => {
            given.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<DayForm />);
    typeKeys('Day', '1511202');
    expect(sections('Day')).toBe('15/11/0202');
    expect(given.every((v) => v === '')).toBe(true);
    typeKeys('Day', '15112026');
    expect(given.at(-1)).toBe('2026-11-15');
  });

  it('keeps a half-typed entry while the form keeps its old value, then gives the new one when whole', () => {
    const given: string[] = [];
    render(<Form initial="2026-11-27T10:00" keepsWhole given={given} />);
    expect(input(names.date).value).toBe(formatDate('2026-11-27'));
    expect(input(names.time).value).toBe(shownClock('10:00'));
    fireEvent.change(input(names.date), { target: { value: '' } });
    expect(given).toEqual(['']);
    expect(screen.getByTestId('value').textContent).toBe('2026-11-27T10:00');
    // The day stays cleared for the new one, the time as it was.
    expect(input(names.date).value).toBe('');
    expect(input(names.time).value).toBe(shownClock('10:00'));
    typeDay('2026-11-30');
    expect(given.at(-1)).toBe('2026-11-30T10:00');
    expect(screen.getByTestId('value').textContent).toBe('2026-11-30T10:00');
  });

  it('starts again from a value set from outside, over a half-typed entry', () => {
    const given: string[] = [];
    render(<Form given={given} />);
    typeKeys(names.date, '1511');
    typeKeys(names.time, '09');
    act(() => screen.getByRole('button', { name: 'Reset' }).click());
    expect(input(names.date).value).toBe(formatDate('2026-12-01'));
    expect(input(names.time).value).toBe(shownClock('09:15'));
    expect(given).toEqual([]);
  });

  it('shows the help text once, under both fields, and describes the pair with it', () => {
    render(<Form given={[]} />);
    const help = screen.getAllByText("The start, on the clinic's clock");
    expect(help).toHaveLength(1);
    expect(screen.getByRole('group', { name: LABEL }).getAttribute('aria-describedby')).toBe(help[0].id);
  });
});
