// The one date input: an MUI X date picker in the clinic's locale (dd/mm/yyyy for India) instead of
// the browser's own mm/dd/yyyy box. It holds a calendar day as the API does, `YYYY-MM-DD` ('' for
// none). It brings its own LocalizationProvider so the pickers load only with the screens that ask
// for a date; a provider in the app root would put them in the sign-in page's bundle.
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-in';
import { useState } from 'react';
import { clinicDatePattern, clinicFormat } from './format';

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  /** `YYYY-MM-DD`, or '' while the field is empty or not yet a whole date. */
  onChange: (value: string) => void;
  name?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  disabled?: boolean;
  disableFuture?: boolean;
  /** `YYYY-MM-DD` */
  minDate?: string;
}

const DAY = 'YYYY-MM-DD';
const toDay = (value: Dayjs | null) => (value && value.isValid() ? value.format(DAY) : '');
const fromDay = (value: string) => (value ? dayjs(value) : null);

// dayjs names India's locale en-in; other clinic locales fall back to its English, since the field's
// pattern (below) comes from the clinic locale itself.
const adapterLocale = () => (clinicFormat().locale.toLowerCase() === 'en-in' ? 'en-in' : 'en');

export function DateField({ label, value, onChange, name, error, helperText, required, fullWidth, size, disabled, disableFuture, minDate }: DateFieldProps) {
  // A half-typed date is not a day yet: the field keeps it while the form still holds ''.
  const [draft, setDraft] = useState<Dayjs | null>(() => fromDay(value));
  if (toDay(draft) !== value && !(value === '' && draft && !draft.isValid())) setDraft(fromDay(value));
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale()}>
      <DatePicker
        label={label}
        value={draft}
        format={clinicDatePattern()}
        disabled={disabled}
        disableFuture={disableFuture}
        minDate={minDate ? fromDay(minDate) ?? undefined : undefined}
        onChange={(next) => {
          setDraft(next);
          onChange(toDay(next));
        }}
        slotProps={{ textField: { name, error, helperText, required, fullWidth, size } }}
      />
    </LocalizationProvider>
  );
}
