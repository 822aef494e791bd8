// The booking rules: minimum notice for online bookings, how far ahead bookings open, the late-cancellation window, the
// reminder times and channel, the start-time grid, the video link template of intake calls, and whether a
// no-show or late client cancellation uses up the package credit.
// None of these moves a booked appointment, so they save without an impact check.
import { Alert, Button, Checkbox, FormControlLabel, FormHelperText, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useShell } from '../../../app/port.ts';
import { NumberField } from '../../../lib/number-field.tsx';
import { useAction } from '../../../lib/staff/hooks.ts';
import { type HoursPatch, patchHours, type SchedulingHours } from '../appointments-api.ts';
import { useHours } from './scheduling-hooks.ts';
import { FORFEIT_CREDIT_HINT, FORFEIT_CREDIT_LABEL, RULES_SAVED } from './texts.ts';

function Rules({ hours, reload }: { hours: SchedulingHours; reload: () => void }) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const [v, setV] = useState({
    min_notice_minutes: String(hours.min_notice_minutes),
    booking_horizon_days: String(hours.booking_horizon_days),
    late_cancel_hours: String(hours.late_cancel_hours),
    check_in_window_hours: String(hours.check_in_window_hours),
    reminder_hours: hours.reminder_hours.join(', '),
    reminder_channel: hours.reminder_channel,
    slot_minutes: String(hours.slot_minutes),
    video_link_template: hours.video_link_template,
    late_cancel_forfeits_credit: hours.late_cancel_forfeits_credit,
  });
  const save = useAction<null>(
    (_s, body) => patchHours(api, body as HoursPatch),
    () => {
      enqueueSnackbar(RULES_SAVED, { variant: 'success' });
      reload();
    },
  );
  const err = (f: string) =>
    save.fieldErrors[f]?.join(' ') ??
    Object.entries(save.fieldErrors)
      .find(([k]) => k.startsWith(`${f}.`))?.[1]
      .join(' ');
  const submit = () =>
    save.save({
      min_notice_minutes: Number(v.min_notice_minutes),
      booking_horizon_days: Number(v.booking_horizon_days),
      late_cancel_hours: Number(v.late_cancel_hours),
      check_in_window_hours: Number(v.check_in_window_hours),
      reminder_hours: v.reminder_hours
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean)
        .map(Number),
      reminder_channel: v.reminder_channel,
      slot_minutes: Number(v.slot_minutes),
      video_link_template: v.video_link_template.trim(),
      late_cancel_forfeits_credit: v.late_cancel_forfeits_credit,
    });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        {save.error && <Alert severity="error">{save.error}</Alert>}
        <NumberField
          size="small"
          label="Minimum notice for online bookings (minutes)"
          value={v.min_notice_minutes}
          onChange={(min_notice_minutes) => setV({ ...v, min_notice_minutes })}
          error={err('min_notice_minutes')}
        />
        <NumberField
          size="small"
          label="Bookings open ahead (days)"
          value={v.booking_horizon_days}
          onChange={(booking_horizon_days) => setV({ ...v, booking_horizon_days })}
          error={err('booking_horizon_days')}
          hint="How far ahead staff and clients may book; 730 is two years."
        />
        <NumberField
          size="small"
          label="Late-cancellation window (hours)"
          value={v.late_cancel_hours}
          onChange={(late_cancel_hours) => setV({ ...v, late_cancel_hours })}
          error={err('late_cancel_hours')}
        />
        <NumberField
          size="small"
          label="Check-in opens (hours before the start)"
          value={v.check_in_window_hours}
          onChange={(check_in_window_hours) => setV({ ...v, check_in_window_hours })}
          error={err('check_in_window_hours')}
          hint="Until the end of the appointment’s day"
        />
        <div>
          <FormControlLabel
            control={<Checkbox checked={v.late_cancel_forfeits_credit} onChange={(e) => setV({ ...v, late_cancel_forfeits_credit: e.target.checked })} />}
            label={FORFEIT_CREDIT_LABEL}
          />
          <FormHelperText error={!!err('late_cancel_forfeits_credit')}>{err('late_cancel_forfeits_credit') ?? FORFEIT_CREDIT_HINT}</FormHelperText>
        </div>
        <TextField
          size="small"
          label="Reminders (hours before, comma-separated)"
          value={v.reminder_hours}
          onChange={(e) => setV({ ...v, reminder_hours: e.target.value })}
          error={!!err('reminder_hours')}
          helperText={err('reminder_hours') ?? 'e.g. 24, 2'}
        />
        <TextField
          select
          size="small"
          label="Reminders by"
          value={v.reminder_channel}
          onChange={(e) => setV({ ...v, reminder_channel: e.target.value as 'email' | 'sms' })}
        >
          <MenuItem value="email">Email</MenuItem>
          <MenuItem value="sms">SMS</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Start times every (minutes)"
          value={v.slot_minutes}
          onChange={(e) => setV({ ...v, slot_minutes: e.target.value })}
        >
          {[5, 10, 15, 20, 30, 60].map((m) => (
            <MenuItem key={m} value={String(m)}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Video link template"
          value={v.video_link_template}
          onChange={(e) => setV({ ...v, video_link_template: e.target.value })}
          error={!!err('video_link_template')}
          helperText={err('video_link_template') ?? 'An https link; {appointment} becomes the appointment number. Empty: no video link.'}
        />
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save booking rules'}
        </Button>
      </Stack>
    </form>
  );
}

export function BookingRulesTab() {
  const hours = useHours();
  if (hours.failed) return <Alert severity="error">{hours.error}</Alert>;
  if (!hours.data) return null;
  return <Rules key={JSON.stringify(hours.data)} hours={hours.data} reload={hours.reload} />;
}
