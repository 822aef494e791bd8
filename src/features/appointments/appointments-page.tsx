// /appointments: the front desk's screen. A toolbar (days, view, columns, filters), then the
// calendar (from 768 px) or the day's agenda list (below), the booking dialog for an empty time and
// the side panel of an appointment. The clinic's settings load first: the calendar runs on the
// clinic's time zone and opening hours.
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import type { Slot } from '../../../machines/appointments/booking-machine.ts';
import { stepDate } from '../../../machines/appointments/calendar-machine.ts';
import { visibleAppointments } from '../../../machines/appointments/selectors.ts';
import { clinicToday, formatWeekdayDate } from '../../lib/format.ts';
import { AgendaList } from './agenda-list.tsx';
import { AppointmentPanel } from './appointment-panel.tsx';
import type { SchedulingSetup } from './appointments-api.ts';
import { useCalendar, useSchedulingSetup } from './appointments-hooks.ts';
import { BookingDialog } from './booking-dialog.tsx';
import { CalendarView } from './calendar-view.tsx';
import { offsetIso } from './clinic-time.ts';
import { ConflictLines } from './conflict-lines.tsx';
import { NewPortalBookings } from './portal-bookings.tsx';
import { nextOpeningStart, zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import {
  ANY,
  APPOINTMENTS_TITLE,
  BY_RESOURCE,
  BY_STAFF,
  COLUMNS_LABEL,
  DAY,
  DISMISS,
  FILTER_RESOURCE_KIND,
  FILTER_SERVICE,
  FILTER_STAFF,
  FILTER_STATUS,
  LOAD_FAILED,
  MOVE_REFUSED,
  NEW_APPOINTMENT,
  NEXT,
  PREVIOUS,
  RETRY,
  STATUS_LABELS,
  TODAY,
  VIEW_LABEL,
  WEEK,
} from './texts.ts';

function Filter({ label, value, options, onChange }: { label: string; value: string; options: Array<[string, string]>; onChange: (value: string) => void }) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 150 }}>
      <MenuItem value="">{ANY}</MenuItem>
      {options.map(([v, l]) => (
        <MenuItem key={v} value={v}>
          {l}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Screen({ setup }: { setup: SchedulingSetup }) {
  const theme = useTheme();
  const agenda = useMediaQuery(theme.breakpoints.down('md'));
  const zone = setup.hours.time_zone;
  const today = clinicToday(Date.now(), zone);
  const calendar = useCalendar(zone, today);
  const [bookingSlot, setBookingSlot] = useState<Slot | null>(null);
  const kindOf = useMemo(() => new Map(setup.resources.map((r) => [r.id, r.kind])), [setup.resources]);
  const shown = useMemo(
    () => visibleAppointments({ appointments: calendar.appointments, filters: calendar.filters, pending: calendar.pending }, (id) => kindOf.get(id)),
    [calendar.appointments, calendar.filters, calendar.pending, kindOf],
  );
  // The agenda is one day (of the days loaded): a narrow screen steps a day at a time.
  const view = agenda ? 'day' : calendar.view;
  const dateLabel = formatWeekdayDate(calendar.date, 'long');
  const { filters } = calendar;
  const newAppointmentSlot = (): Slot => {
    // The clinic's next opening start on its grid from the day shown (from now, when that is today or
    // past): after closing time it is the next day's opening, never "now" in a closed clinic.
    const now = Date.now();
    const from = Math.max(now, zonedInstant(zone, calendar.date, 0));
    const step = setup.hours.slot_minutes * 60_000;
    const holidays = new Set(setup.hours.holidays.map((h) => h.day));
    const next = nextOpeningStart(zone, setup.hours.clinic_hours, holidays, from, setup.hours.slot_minutes) ?? Math.ceil(from / step) * step;
    return { start: offsetIso(next, zone), staff: filters.staff };
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-page="appointments">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {APPOINTMENTS_TITLE}
        </Typography>
        <Button variant="contained" onClick={() => setBookingSlot(newAppointmentSlot())}>
          {NEW_APPOINTMENT}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Button onClick={() => calendar.setDate(stepDate(view, calendar.date, -1))}>{PREVIOUS}</Button>
        <Button onClick={() => calendar.setDate(today)}>{TODAY}</Button>
        <Button onClick={() => calendar.setDate(stepDate(view, calendar.date, 1))}>{NEXT}</Button>
        <Typography component="p" aria-live="polite" data-testid="calendar-date" sx={{ fontWeight: 600, mx: 1 }}>
          {dateLabel}
        </Typography>
        {!agenda && (
          <>
            <ToggleButtonGroup size="small" exclusive aria-label={VIEW_LABEL} value={calendar.view} onChange={(_e, v) => v && calendar.setView(v)}>
              <ToggleButton value="day">{DAY}</ToggleButton>
              <ToggleButton value="week">{WEEK}</ToggleButton>
            </ToggleButtonGroup>
            <ToggleButtonGroup size="small" exclusive aria-label={COLUMNS_LABEL} value={calendar.columns} onChange={(_e, v) => v && calendar.setColumns(v)}>
              <ToggleButton value="staff">{BY_STAFF}</ToggleButton>
              <ToggleButton value="resource">{BY_RESOURCE}</ToggleButton>
            </ToggleButtonGroup>
          </>
        )}
        {(calendar.loading || calendar.saving) && <CircularProgress size={20} aria-label="Loading" />}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Filter
          label={FILTER_STAFF}
          value={filters.staff === null ? '' : String(filters.staff)}
          options={setup.staff.map((s) => [String(s.id), s.name])}
          onChange={(v) => calendar.setFilter('staff', v === '' ? null : Number(v))}
        />
        <Filter
          label={FILTER_RESOURCE_KIND}
          value={filters.resourceKind ?? ''}
          options={setup.kinds.map((k) => [k.kind, k.label])}
          onChange={(v) => calendar.setFilter('resourceKind', v || null)}
        />
        <Filter
          label={FILTER_SERVICE}
          value={filters.service === null ? '' : String(filters.service)}
          options={setup.services.map((s) => [String(s.id), s.name])}
          onChange={(v) => calendar.setFilter('service', v === '' ? null : Number(v))}
        />
        <Filter
          label={FILTER_STATUS}
          value={filters.status ?? ''}
          options={Object.entries(STATUS_LABELS)}
          onChange={(v) => calendar.setFilter('status', v || null)}
        />
      </Stack>
      <NewPortalBookings zone={zone} onOpen={calendar.select} />
      {calendar.refusal && (
        <Alert severity="error" role="alert" data-testid="move-refused" action={<Button onClick={calendar.dismiss}>{DISMISS}</Button>} sx={{ mb: 1 }}>
          {MOVE_REFUSED} {calendar.refusal.message}
          <ConflictLines setup={setup} conflicts={calendar.refusal.conflicts} />
        </Alert>
      )}
      {calendar.failure && (
        <Alert severity="error" action={<Button onClick={calendar.retry}>{RETRY}</Button>} sx={{ mb: 1 }}>
          {LOAD_FAILED} {calendar.failure}
        </Alert>
      )}
      {agenda ? (
        <AgendaList setup={setup} calendar={calendar} appointments={shown.filter((a) => a.start && calendar.date === clinicToday(Date.parse(a.start), zone))} />
      ) : (
        <CalendarView setup={setup} calendar={calendar} appointments={shown} onSlot={setBookingSlot} />
      )}
      {bookingSlot && (
        <BookingDialog
          key={bookingSlot.start}
          setup={setup}
          slot={bookingSlot}
          onClose={() => setBookingSlot(null)}
          onBooked={() => {
            setBookingSlot(null);
            calendar.reload();
          }}
        />
      )}
      {calendar.selected !== null && (
        <AppointmentPanel
          key={calendar.selected}
          setup={setup}
          id={calendar.selected}
          onClose={() => calendar.select(null)}
          onChanged={calendar.reload}
          onReschedule={(start) => calendar.reschedule(calendar.selected!, start)}
        />
      )}
    </Box>
  );
}

export function AppointmentsPage() {
  const setup = useSchedulingSetup();
  if (setup.failed)
    return (
      <Alert severity="error" action={<Button onClick={setup.retry}>{RETRY}</Button>} sx={{ m: 2 }}>
        {LOAD_FAILED} {setup.error}
      </Alert>
    );
  if (!setup.data) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  return <Screen setup={setup.data} />;
}
