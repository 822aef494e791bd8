// Rows of weekly hours (a weekday, from, to), several a day for a break: the shared editor of a
// staff member's shifts and the clinic's opening hours (back office), and of a new staff member's
// hours when they are invited (users).
import { Button, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import { ClockField } from '../date-field.tsx';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface Shift {
  weekday: number;
  from: string;
  to: string;
}

export function ShiftRows({ rows, onChange, label }: { rows: Shift[]; onChange: (rows: Shift[]) => void; label: string }) {
  const set = (i: number, patch: Partial<Shift>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1} role="group" aria-label={label}>
      {rows.map((r, i) => (
        // Wide enough for "Wednesday" whole; on a phone the row wraps rather than cut a day's name.
        <Stack key={i} direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField select size="small" label="Day" value={r.weekday} onChange={(e) => set(i, { weekday: Number(e.target.value) })} sx={{ minWidth: 190 }}>
            {WEEKDAYS.map((d, n) => (
              <MenuItem key={d} value={n + 1}>
                {d}
              </MenuItem>
            ))}
          </TextField>
          <ClockField size="small" label="From" value={r.from} onChange={(from) => set(i, { from })} />
          <ClockField size="small" label="To" value={r.to} onChange={(to) => set(i, { to })} />
          <IconButton aria-label={`Remove ${WEEKDAYS[r.weekday - 1]} ${r.from}–${r.to}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </IconButton>
        </Stack>
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => onChange([...rows, { weekday: 1, from: '09:00', to: '17:00' }])}>
        Add hours
      </Button>
    </Stack>
  );
}

export const hhmm = (v: string) => v.slice(0, 5);
