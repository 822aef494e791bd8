// A staff member's weekly hours, leave and extra shifts. Every change is checked for the booked
// appointments it would leave outside their hours before it is saved.
import { Alert, Box, Button, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { zonedInstant } from '../../../../machines/appointments/scheduling-rules.ts';
import { useShell } from '../../../app/port.ts';
import { DateTimeFields } from '../../../lib/date-field.tsx';
import { formatDateTime, ROLE_LABELS } from '../../../lib/staff/format.ts';
import { ImpactDialog } from './impact-dialog.tsx';
import { type HoursPatch, patchHours, previewHoursImpact, type SchedulingHours, type StaffMember } from '../appointments-api.ts';
import { useHours, useImpactedChange, useStaff } from './scheduling-hooks.ts';
import { hhmm, type Shift, ShiftRows } from '../../../lib/staff/shift-rows.tsx';
import { STAFF_HOURS_SAVED } from './texts.ts';

/** A wall-clock time in the clinic's zone (`2026-03-02T10:00` from DateTimeFields) as an instant with its offset. */
function clinicInstant(zone: string, local: string): string {
  const [date, clock] = local.split('T');
  const [h, m] = clock.split(':').map(Number);
  return new Date(zonedInstant(zone, date, h * 60 + m)).toISOString();
}

export function StaffHours({ member, hours, reload }: { member: StaffMember; hours: SchedulingHours; reload: () => void }) {
  const { api } = useShell();
  const initial = hours.staff_hours.filter((h) => h.staff === member.id).map((h) => ({ weekday: h.weekday, from: hhmm(h.starts), to: hhmm(h.ends) }));
  const [rows, setRows] = useState<Shift[]>(initial);
  const [exception, setException] = useState({ kind: 'leave' as 'leave' | 'extra', start: '', end: '', note: '' });
  const change = useImpactedChange<HoursPatch>(
    (c) => previewHoursImpact(api, c),
    (c) => patchHours(api, c),
    () => STAFF_HOURS_SAVED(member.name),
    () => {
      setException({ kind: 'leave', start: '', end: '', note: '' });
      reload();
    },
  );
  const exceptions = hours.staff_exceptions.filter((e) => e.staff === member.id);
  const fieldError = Object.entries(change.fieldErrors).map(([f, r]) => `${f}: ${r.join(' ')}`)[0];
  return (
    <Stack spacing={3}>
      {change.error && <Alert severity="error">{fieldError ?? change.error}</Alert>}
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Weekly hours
        </Typography>
        <ShiftRows label={`${member.name}'s weekly hours`} rows={rows} onChange={setRows} />
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={change.pending}
          onClick={() => change.save({ staff_hours: [{ staff: member.id, weekly: rows.map((r) => ({ weekday: r.weekday, starts: r.from, ends: r.to })) }] })}
        >
          {change.pending ? 'Checking…' : 'Save weekly hours'}
        </Button>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Leave and extra shifts
        </Typography>
        {exceptions.length === 0 && <Typography color="text.secondary">None.</Typography>}
        <List dense>
          {exceptions.map((e) => (
            <ListItem
              key={e.id}
              disableGutters
              secondaryAction={
                <Button size="small" disabled={change.pending} onClick={() => change.save({ remove_exceptions: [e.id] })}>
                  Remove
                </Button>
              }
            >
              <ListItemText
                primary={`${e.kind === 'leave' ? 'Leave' : 'Extra shift'}: ${formatDateTime(e.start)} – ${formatDateTime(e.end)}`}
                secondary={e.note || undefined}
              />
            </ListItem>
          ))}
        </List>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Kind"
            value={exception.kind}
            onChange={(e) => setException({ ...exception, kind: e.target.value as 'leave' | 'extra' })}
            sx={{ minWidth: 130 }}
          >
            <MenuItem value="leave">Leave</MenuItem>
            <MenuItem value="extra">Extra shift</MenuItem>
          </TextField>
          <DateTimeFields size="small" label="From" value={exception.start} onChange={(start) => setException((x) => ({ ...x, start }))} />
          <DateTimeFields size="small" label="To" value={exception.end} onChange={(end) => setException((x) => ({ ...x, end }))} />
          <TextField size="small" label="Note" value={exception.note} onChange={(e) => setException({ ...exception, note: e.target.value })} />
          <Button
            variant="outlined"
            disabled={change.pending || !exception.start || !exception.end}
            onClick={() =>
              change.save({
                add_exceptions: [
                  {
                    staff: member.id,
                    kind: exception.kind,
                    start: clinicInstant(hours.time_zone, exception.start),
                    end: clinicInstant(hours.time_zone, exception.end),
                    note: exception.note.trim(),
                  },
                ],
              })
            }
          >
            Add
          </Button>
        </Stack>
      </Box>
      <ImpactDialog change={change} />
    </Stack>
  );
}

export function StaffHoursTab() {
  const staff = useStaff();
  const hours = useHours();
  const [chosen, setChosen] = useState<number | ''>('');
  if (staff.failed || hours.failed) return <Alert severity="error">{staff.error ?? hours.error}</Alert>;
  if (!staff.data || !hours.data) return null;
  const member = staff.data.find((s) => s.id === chosen);
  return (
    <Stack spacing={2}>
      <TextField select size="small" label="Staff member" value={chosen} onChange={(e) => setChosen(Number(e.target.value))} sx={{ maxWidth: 360 }}>
        {staff.data.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name} ({ROLE_LABELS[s.role] ?? s.role})
          </MenuItem>
        ))}
      </TextField>
      {member && <StaffHours key={`${member.id}-${JSON.stringify(hours.data.staff_hours)}`} member={member} hours={hours.data} reload={hours.reload} />}
    </Stack>
  );
}
