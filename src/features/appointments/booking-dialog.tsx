// The booking dialog opened by a click on an empty time (or the New appointment button): it renders
// the booking chart's steps. Details: the time (editable from the keyboard), client search, service,
// the staff who deliver it (those with no working hours listed as such, not left out), the free
// times of the day for that service and staff member (or the next free day's when the day is full)
// and the free units at the time chosen, a series option and notes; then a
// summary to confirm; then booked (the dialog closes), or the conflicts named with nothing saved.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type BookingResult, type Offer, type Slot, staffChoicesFor } from '../../../machines/appointments/booking-machine.ts';
import { localTime, SERIES_OCCURRENCES, withoutWorkingHours, zonedInstant } from '../../../machines/appointments/scheduling-rules.ts';
import { formatWeekdayDate } from '../../lib/format.ts';
import { DateTimeFields } from '../../lib/date-field.tsx';
import { ClientSearchField } from '../../lib/staff/client-search-field.tsx';
import type { SchedulingSetup } from './appointments-api.ts';
import { type BookingHandle, useBooking } from './appointments-hooks.ts';
import { clockOf, dayAndClock, offsetIso } from './clinic-time.ts';
import { ConflictLines } from './conflict-lines.tsx';
import {
  ANY_STAFF,
  BACK,
  BOOK,
  BOOKING_CONFLICT,
  CANCEL,
  CHECKING,
  CLIENT_SEARCH,
  CONTINUE,
  FREE_UNITS,
  freeTimesOn,
  NEW_APPOINTMENT,
  NO_FREE_TIMES_AHEAD,
  nextFreeDayOn,
  noFreeTimesOn,
  NO_CLIENTS,
  NOTES,
  NOTHING_FREE,
  RETRY,
  SERIES,
  SERIES_COUNT,
  SERIES_DAYS,
  SERVICE,
  STAFF,
  staffHasNoHours,
  staffWithoutHours,
  WEEKDAY_SHORT,
} from './texts.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The slot's start on the clinic's clock, `YYYY-MM-DDTHH:mm`, as DateTimeFields holds it. */
function localValue(iso: string, zone: string): string {
  const t = localTime(zone, Date.parse(iso));
  return `${t.date}T${pad(Math.floor(t.minutes / 60))}:${pad(t.minutes % 60)}`;
}

/** The free times of one day as buttons: the one chosen pressed, any other picks it. */
function TimeButtons({
  label,
  offers,
  zone,
  chosen,
  onPick,
}: {
  label: string;
  offers: Offer[];
  zone: string;
  chosen: string | null;
  onPick: (start: string) => void;
}) {
  const at = chosen ? Date.parse(chosen) : NaN;
  return (
    <Box role="group" aria-label={label} data-testid="free-times" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {offers.map((o) => {
        const pressed = Date.parse(o.start) === at;
        return (
          <Button key={o.start} size="small" variant={pressed ? 'contained' : 'outlined'} aria-pressed={pressed} onClick={() => onPick(o.start)}>
            {clockOf(o.start, zone)}
          </Button>
        );
      })}
    </Box>
  );
}

/** The free times of the chosen day for the service and staff member, or the next day that has some. */
function FreeTimes({ booking, zone, staffName }: { booking: BookingHandle; zone: string; staffName: string | null }) {
  const { day, freeTimes, nextFreeDay, send } = booking;
  if (!day || booking.service === null || booking.checking) return null;
  const pick = (start: string) => send({ type: 'booking.pickSlot', slot: { start, staff: booking.staff } });
  const dayLabel = formatWeekdayDate(day);
  if (freeTimes.length > 0) {
    return (
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {freeTimesOn(dayLabel)}
        </Typography>
        <TimeButtons label={freeTimesOn(dayLabel)} offers={freeTimes} zone={zone} chosen={booking.slot?.start ?? null} onPick={pick} />
      </Box>
    );
  }
  if (staffName !== null) return <Alert severity="warning">{staffHasNoHours(staffName)}</Alert>;
  if (!nextFreeDay)
    return (
      <Alert severity="info">
        {noFreeTimesOn(dayLabel)} {NO_FREE_TIMES_AHEAD}
      </Alert>
    );
  const nextLabel = formatWeekdayDate(nextFreeDay.day);
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 1 }}>
        {noFreeTimesOn(dayLabel)} {nextFreeDayOn(nextLabel)}
      </Alert>
      <TimeButtons label={freeTimesOn(nextLabel)} offers={nextFreeDay.offers} zone={zone} chosen={null} onPick={pick} />
    </Box>
  );
}

function Details({ setup, booking }: { setup: SchedulingSetup; booking: BookingHandle }) {
  const zone = setup.hours.time_zone;
  const { send, offer, slot } = booking;
  const withoutHours = withoutWorkingHours(
    setup.staff.map((s) => s.id),
    setup.hours.staff_hours,
    setup.hours.staff_exceptions,
    Date.now(),
  );
  const choices = staffChoicesFor(
    setup.services.find((s) => s.id === booking.service),
    setup.staff,
    withoutHours,
  );
  const chosenWithoutHours = choices.find((s) => s.id === booking.staff && s.noHours);
  const resourceName = (id: number) => setup.resources.find((r) => r.id === id)?.name ?? `#${id}`;
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <DateTimeFields
        label="Start"
        value={slot ? localValue(slot.start, zone) : ''}
        onChange={(start) => {
          const [date, clock] = start.split('T');
          if (!date || !clock) return;
          const minutes = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
          send({ type: 'booking.pickSlot', slot: { start: offsetIso(zonedInstant(zone, date, minutes), zone), staff: booking.staff } });
        }}
      />
      <ClientSearchField
        label={CLIENT_SEARCH}
        noOptionsText={NO_CLIENTS}
        options={booking.clientResults}
        value={booking.client}
        searching={booking.searching}
        onSearch={(text) => send({ type: 'booking.searchClients', text })}
        onPick={(client) => send({ type: 'booking.selectClient', client })}
      />
      <TextField
        select
        label={SERVICE}
        value={booking.service ?? ''}
        onChange={(e) => send({ type: 'booking.selectService', service: Number(e.target.value) })}
      >
        {setup.services.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {booking.checking && (
        <Typography role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={16} /> {CHECKING}
        </Typography>
      )}
      {booking.service !== null && (
        <TextField
          select
          label={STAFF}
          value={booking.staff ?? ''}
          onChange={(e) => send({ type: 'booking.selectStaff', staff: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <MenuItem value="">{ANY_STAFF}</MenuItem>
          {choices.map((s) => (
            <MenuItem key={s.id} value={s.id} disabled={s.noHours}>
              {s.noHours ? staffWithoutHours(s.name) : s.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FreeTimes booking={booking} zone={zone} staffName={chosenWithoutHours ? chosenWithoutHours.name : null} />
      {booking.service !== null && !booking.checking && !offer && !booking.series && !chosenWithoutHours && <Alert severity="warning">{NOTHING_FREE}</Alert>}
      {offer && (
        <>
          {Object.keys(offer.resources).length > 0 && (
            <Typography variant="body2" data-testid="free-units">
              {FREE_UNITS}:{' '}
              {Object.entries(offer.resources)
                .map(([kind, units]) => `${setup.kinds.find((k) => k.kind === kind)?.label ?? kind}: ${units.map(resourceName).join(', ')}`)
                .join('; ')}
            </Typography>
          )}
        </>
      )}
      <FormControlLabel
        control={
          <Checkbox
            checked={booking.series !== null}
            onChange={(e) =>
              send({
                type: 'booking.setSeries',
                series: e.target.checked ? { weekdays: [localTime(zone, Date.parse(slot?.start ?? new Date().toISOString())).weekday], count: 4 } : null,
              })
            }
          />
        }
        label={SERIES}
      />
      {booking.series && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            aria-label={SERIES_DAYS}
            size="small"
            value={booking.series.weekdays}
            onChange={(_e, weekdays: number[]) => weekdays.length && send({ type: 'booking.setSeries', series: { ...booking.series!, weekdays } })}
          >
            {WEEKDAY_SHORT.map((label, i) => (
              <ToggleButton key={label} value={i + 1} aria-label={label}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            label={SERIES_COUNT}
            type="number"
            size="small"
            sx={{ width: 110 }}
            value={booking.series.count}
            slotProps={{ htmlInput: { min: SERIES_OCCURRENCES.min, max: SERIES_OCCURRENCES.max } }}
            onChange={(e) => send({ type: 'booking.setSeries', series: { ...booking.series!, count: Number(e.target.value) } })}
          />
        </Box>
      )}
      <TextField label={NOTES} multiline minRows={2} value={booking.notes} onChange={(e) => send({ type: 'booking.setNotes', notes: e.target.value })} />
      {booking.error && <Alert severity="error">{booking.error}</Alert>}
    </Box>
  );
}

function Summary({ setup, booking }: { setup: SchedulingSetup; booking: BookingHandle }) {
  const zone = setup.hours.time_zone;
  const service = setup.services.find((s) => s.id === booking.service);
  const staff = setup.staff.find((s) => s.id === booking.staff);
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
    >
      <dt>Client</dt>
      <dd>{booking.client?.label}</dd>
      <dt>{SERVICE}</dt>
      <dd>{service?.name}</dd>
      <dt>Start</dt>
      <dd>{booking.slot ? dayAndClock(booking.slot.start, zone) : ''}</dd>
      <dt>{STAFF}</dt>
      <dd>{staff?.name ?? ANY_STAFF}</dd>
      {booking.series && (
        <>
          <dt>{SERIES}</dt>
          <dd>
            {booking.series.weekdays.map((d) => WEEKDAY_SHORT[d - 1]).join(', ')} × {booking.series.count}
          </dd>
        </>
      )}
    </Box>
  );
}

export function BookingDialog({
  setup,
  slot,
  onClose,
  onBooked,
}: {
  setup: SchedulingSetup;
  slot: Slot;
  onClose: () => void;
  onBooked: (result: BookingResult) => void;
}) {
  const booking = useBooking(setup.hours.time_zone, slot, onBooked);
  const { step, send } = booking;
  const cancel = () => {
    send({ type: 'booking.cancel' });
    onClose();
  };
  return (
    <Dialog open onClose={cancel} fullWidth maxWidth="sm" aria-labelledby="booking-title">
      <DialogTitle id="booking-title">{NEW_APPOINTMENT}</DialogTitle>
      <DialogContent>
        {(step === 'details' || step === 'slot') && <Details setup={setup} booking={booking} />}
        {(step === 'confirm' || step === 'booking' || step === 'failed') && <Summary setup={setup} booking={booking} />}
        {step === 'booking' && <CircularProgress size={24} aria-label="Booking" sx={{ mt: 2 }} />}
        {step === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {booking.error}
          </Alert>
        )}
        {step === 'conflict' && (
          <Alert severity="error" role="alert">
            {BOOKING_CONFLICT} {booking.error}
            <ConflictLines setup={setup} conflicts={booking.conflicts} />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{CANCEL}</Button>
        {(step === 'confirm' || step === 'conflict' || step === 'failed') && <Button onClick={() => send({ type: 'booking.back' })}>{BACK}</Button>}
        {step === 'failed' && <Button onClick={() => send({ type: 'booking.retry' })}>{RETRY}</Button>}
        {step === 'details' && (
          <Button variant="contained" disabled={!booking.canContinue} onClick={() => send({ type: 'booking.next' })}>
            {CONTINUE}
          </Button>
        )}
        {(step === 'confirm' || step === 'booking') && (
          <Button variant="contained" disabled={step === 'booking'} onClick={() => send({ type: 'booking.submit' })}>
            {BOOK}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
