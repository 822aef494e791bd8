// The clinic's opening hours, holidays and time zone, checked for the booked appointments they
// would leave outside before they are saved.
import { Alert, Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useShell } from '../../../app/port.ts';
import { DateField } from '../../../lib/date-field.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ImpactDialog } from './impact-dialog.tsx';
import { type HoursPatch, patchHours, previewHoursImpact, type SchedulingHours } from '../appointments-api.ts';
import { useHours, useImpactedChange } from './scheduling-hooks.ts';
import { hhmm, type Shift, ShiftRows } from '../../../lib/staff/shift-rows.tsx';
import { HOURS_SAVED } from './texts.ts';

function ClinicHours({ hours, reload }: { hours: SchedulingHours; reload: () => void }) {
  const { api } = useShell();
  const [zone, setZone] = useState(hours.time_zone);
  const [rows, setRows] = useState<Shift[]>(hours.clinic_hours.map((h) => ({ weekday: h.weekday, from: hhmm(h.opens), to: hhmm(h.closes) })));
  const [holidays, setHolidays] = useState(hours.holidays.map((h) => ({ day: h.day, name: h.name })));
  const change = useImpactedChange<HoursPatch>(
    (c) => previewHoursImpact(api, c),
    (c) => patchHours(api, c),
    () => HOURS_SAVED,
    reload,
  );
  const zoneError = change.fieldErrors.time_zone?.join(' ');
  const otherError = Object.entries(change.fieldErrors).find(([f]) => f !== 'time_zone');
  return (
    <Stack spacing={3}>
      {change.error && !zoneError && <Alert severity="error">{otherError ? `${otherError[0]}: ${otherError[1].join(' ')}` : change.error}</Alert>}
      <TextField
        size="small"
        label="Time zone"
        value={zone}
        onChange={(e) => setZone(e.target.value)}
        error={!!zoneError}
        helperText={zoneError ?? 'An IANA name, e.g. Asia/Kolkata'}
        sx={{ maxWidth: 360 }}
      />
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Opening hours
        </Typography>
        <ShiftRows label="Opening hours" rows={rows} onChange={setRows} />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Holidays
        </Typography>
        <Stack spacing={1}>
          {holidays.map((h, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <DateField size="small" label="Day" value={h.day} onChange={(day) => setHolidays(holidays.map((x, j) => (j === i ? { ...x, day } : x)))} />
              <TextField
                size="small"
                label="Name"
                value={h.name}
                onChange={(e) => setHolidays(holidays.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
              />
              <IconButton aria-label={`Remove holiday ${formatDate(h.day)}`} onClick={() => setHolidays(holidays.filter((_, j) => j !== i))}>
                ×
              </IconButton>
            </Stack>
          ))}
          <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setHolidays([...holidays, { day: '', name: '' }])}>
            Add holiday
          </Button>
        </Stack>
      </Box>
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={change.pending || holidays.some((h) => !h.day)}
        onClick={() =>
          change.save({
            ...(zone.trim() !== hours.time_zone ? { time_zone: zone.trim() } : {}),
            clinic_hours: rows.map((r) => ({ weekday: r.weekday, opens: r.from, closes: r.to })),
            holidays: holidays.map((h) => ({ day: h.day, name: h.name.trim() })),
          })
        }
      >
        {change.pending ? 'Checking…' : 'Save opening hours'}
      </Button>
      <ImpactDialog change={change} />
    </Stack>
  );
}

export function ClinicHoursTab() {
  const hours = useHours();
  if (hours.failed) return <Alert severity="error">{hours.error}</Alert>;
  if (!hours.data) return null;
  return <ClinicHours key={JSON.stringify([hours.data.time_zone, hours.data.clinic_hours, hours.data.holidays])} hours={hours.data} reload={hours.reload} />;
}
