// The one date input, its clock-time sibling, and the pair of them for a date with a time: MUI X
// pickers in the clinic's locale (dd/mm/yyyy and 10:30 am for India) instead of the browser's own
// mm/dd/yyyy and 10:30 AM boxes. They hold what the API and the browser's inputs held: a calendar
// day `YYYY-MM-DD`, a clock time `HH:mm`, a wall clock on a day `YYYY-MM-DDTHH:mm` ('' for none).
// They bring their own LocalizationProvider so the pickers load only with the screens that ask for
// a date; a provider in the app root would put them in the sign-in page's bundle.
import { Box, FormHelperText } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-in';
import { useId, useState } from 'react';
import { DATE_WINDOW } from '../../machines/rules/calendar-dates.ts';
import { clinicDatePattern, clinicFormat, clinicTimePattern } from './format.ts';
import { dateTimeLabels } from './labels.ts';

/** What both fields take: a string value in the API's form, '' for none or not yet whole. */
interface PickerFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
}

/** `value` and `onChange` carry `YYYY-MM-DD` ('' while empty or not yet a whole date). */
export interface DateFieldProps extends PickerFieldProps {
  disableFuture?: boolean;
  /** `YYYY-MM-DD` */
  minDate?: string;
  /** `YYYY-MM-DD`: the last day the calendar offers (the clinic's today, say, where the browser's could differ). */
  maxDate?: string;
}

const DAY = 'YYYY-MM-DD';
// A day outside the API's date window is not a value yet: typing a year passes through ones such
// as 0202 on its way to 2026, and the form would act on each (a request the API refuses).
const toDay = (value: Dayjs | null) => {
  const day = value && value.isValid() ? value.format(DAY) : '';
  return day && day >= DATE_WINDOW.first && day <= DATE_WINDOW.last ? day : '';
};
const fromDay = (value: string) => (value ? dayjs(value) : null);

// dayjs names India's locale en-in; other clinic locales fall back to its English, since the field's
// pattern (below) comes from the clinic locale itself.
const adapterLocale = () => (clinicFormat().locale.toLowerCase() === 'en-in' ? 'en-in' : 'en');

/** What the field shows while the form holds `value`. A half-typed entry is not a value yet (the
 *  form holds ''), so the field keeps it; the field starts again from the form's value only when
 *  the form holds something other than the field last gave it (a reset, or a change it refused). */
function useDraft(value: string, read: (value: string) => Dayjs | null, write: (value: Dayjs | null) => string) {
  const [state, setState] = useState(() => ({ value, draft: read(value) }));
  if (state.value !== value) setState({ value, draft: read(value) });
  const change = (draft: Dayjs | null) => {
    const next = write(draft);
    setState({ value: next, draft });
    return next;
  };
  return [state.value === value ? state.draft : read(value), change] as const;
}

export function DateField({
  label,
  value,
  onChange,
  name,
  error,
  helperText,
  required,
  fullWidth,
  size,
  disabled,
  disableFuture,
  minDate,
  maxDate,
}: DateFieldProps) {
  const [draft, setDraft] = useDraft(value, fromDay, toDay);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale()}>
      <DatePicker
        label={label}
        value={draft}
        format={clinicDatePattern()}
        disabled={disabled}
        disableFuture={disableFuture}
        // The API's date window (issue 42) unless the form narrows it.
        minDate={fromDay(minDate ?? DATE_WINDOW.first) ?? undefined}
        maxDate={fromDay(maxDate ?? DATE_WINDOW.last) ?? undefined}
        onChange={(next) => {
          onChange(setDraft(next));
        }}
        slotProps={{ textField: { name, error, helperText, required, fullWidth, size } }}
      />
    </LocalizationProvider>
  );
}

const CLOCK = 'HH:mm';
const toClock = (value: Dayjs | null) => (value && value.isValid() ? value.format(CLOCK) : '');
const fromClock = (value: string) => (value ? dayjs(`2000-01-01T${value}`) : null);
const twelveHour = () => /a/i.test(clinicTimePattern());

/** `value` and `onChange` carry `HH:mm` (what a time input held), or ''. */
export type ClockFieldProps = PickerFieldProps;

/** A time of day with no date (opening hours, shifts): 9:00 am in the clinic's way. */
export function ClockField({ label, value, onChange, name, error, helperText, required, fullWidth, size, disabled }: ClockFieldProps) {
  const [draft, setDraft] = useDraft(value, fromClock, toClock);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale()}>
      <TimeField
        label={label}
        value={draft}
        format={clinicTimePattern()}
        ampm={twelveHour()}
        disabled={disabled}
        onChange={(next) => {
          onChange(setDraft(next));
        }}
        name={name}
        error={error}
        helperText={helperText}
        required={required}
        fullWidth={fullWidth}
        size={size}
      />
    </LocalizationProvider>
  );
}

/** `value` and `onChange` carry `YYYY-MM-DDTHH:mm` (what a datetime-local input held), '' while
 *  empty or not yet whole. */
export type DateTimeFieldsProps = Omit<PickerFieldProps, 'name'>;

// A year typed digit by digit is a whole date at each step (0002, 0020, 0202, 2026); only the last
// is a day anyone means, and a form that reads the others (the booking dialog's slot) would move to
// 1902 and back while the year is typed.
const wallClock = (day: string, clock: string) => (/^[1-9]\d{3}-/.test(day) && clock ? `${day}T${clock}` : '');
const dayAndClock = (value: string) => {
  const [day = '', clock = ''] = value.split('T');
  return { day, clock: clock.slice(0, 5) };
};

/** The day and the time of the pair. Unlike useDraft, it starts again from `value` only when the
 *  form's value moves to something the pair did not give: the booking dialog ignores a start that
 *  is not whole and keeps the slot it had, and that must not wipe the day being typed. */
function useWallClock(value: string) {
  const [state, setState] = useState(() => ({ value, given: value, ...dayAndClock(value) }));
  if (state.value !== value) setState(value === state.given ? { ...state, value } : { value, given: value, ...dayAndClock(value) });
  const change = (part: { day: string } | { clock: string }) => {
    const next = { ...state, ...part };
    const given = wallClock(next.day, next.clock);
    setState({ ...next, given });
    return given;
  };
  return [state, change] as const;
}

/** A day and a time on the clinic's clock, typed apart (23/11/2026, 10:30 am) and side by side,
 *  one above the other where they do not fit. Their error and help text show once, under both. */
export function DateTimeFields({ label, value, onChange, error, helperText, required, fullWidth, size, disabled }: DateTimeFieldsProps) {
  const [parts, change] = useWallClock(value);
  const names = dateTimeLabels(label);
  const helperId = useId();
  // Left undefined without the form's error, so each field still shows its own (sections half typed when it loses focus).
  const shared = { error: error || undefined, required, size, disabled, fullWidth: true };
  return (
    <Box role="group" aria-label={label} aria-describedby={helperText ? helperId : undefined} sx={{ width: fullWidth ? '100%' : undefined, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Box sx={{ flex: '1 1 11rem', minWidth: 0 }}>
          <DateField {...shared} label={names.date} value={parts.day} onChange={(day) => onChange(change({ day }))} />
        </Box>
        <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
          <ClockField {...shared} label={names.time} value={parts.clock} onChange={(clock) => onChange(change({ clock }))} />
        </Box>
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={error} sx={{ mx: 1.75 }}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
