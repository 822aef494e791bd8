// The booking chart (machines/appointments/booking-machine.ts) as the portal shows it: the free
// times of the next two weeks by day, the chosen time to confirm, and a conflict or failure with
// what to do next. Which day's times are listed is only a view choice.
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bookingMachine } from '../../../machines/appointments/booking-machine.ts';
import { useBookingStep } from './portal-booking-hooks.ts';
import { BOOKING_TEXT as T } from './portal-booking-texts.ts';
import { formatDay, formatTime, formatWhen } from './booking-when.ts';

export function BookingStep({ bookingRef, serviceName, timeZone }: { bookingRef: ActorRefFrom<typeof bookingMachine>; serviceName: string; timeZone: string }) {
  const b = useBookingStep(bookingRef);
  const days = useMemo(() => {
    const byDay = new Map<string, string[]>();
    for (const o of b.offers) {
      const day = formatDay(o.start, timeZone);
      byDay.set(day, [...(byDay.get(day) ?? []), o.start]);
    }
    return [...byDay.entries()];
  }, [b.offers, timeZone]);
  const [day, setDay] = useState<string | null>(null);
  const shownDay = days.find(([d]) => d === day) ?? days[0];

  if (b.step === 'slots') {
    return (
      <Box data-step="slots">
        <Typography variant="h6" component="h2">
          {T.slotsTitle}
        </Typography>
        {b.pending && <CircularProgress size={24} aria-label={T.slotsTitle} />}
        {b.error && <Alert severity="error">{b.error}</Alert>}
        {!b.pending && days.length === 0 && <Typography>{T.noSlots}</Typography>}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }} role="group" aria-label="Days">
          {days.map(([d]) => (
            <Chip key={d} label={d} color={shownDay?.[0] === d ? 'primary' : 'default'} onClick={() => setDay(d)} aria-pressed={shownDay?.[0] === d} />
          ))}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label={T.slotsTitle}>
          {shownDay?.[1].map((start) => (
            <Button key={start} variant="outlined" size="small" onClick={() => b.pick({ start })}>
              {formatTime(start, timeZone)}
            </Button>
          ))}
        </Stack>
        <Button sx={{ mt: 2 }} onClick={b.cancel}>
          {T.back}
        </Button>
      </Box>
    );
  }
  if (b.step === 'details' || b.step === 'confirm' || b.step === 'booking') {
    return (
      <Box data-step="confirm">
        <Typography variant="h6" component="h2">
          {T.confirmTitle}
        </Typography>
        <Typography sx={{ my: 1 }}>
          {serviceName} · {b.slot ? formatWhen(b.slot.start, timeZone) : ''}
        </Typography>
        {b.error && <Alert severity="error">{b.error}</Alert>}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button onClick={b.back} disabled={b.pending}>
            {T.back}
          </Button>
          {b.step === 'details' ? (
            <Button variant="contained" onClick={b.next} disabled={!b.canContinue}>
              {T.next}
            </Button>
          ) : (
            <Button variant="contained" onClick={b.submit} disabled={b.pending}>
              {T.book}
            </Button>
          )}
        </Stack>
      </Box>
    );
  }
  if (b.step === 'conflict' || b.step === 'failed') {
    return (
      <Box data-step={b.step}>
        <Alert severity="error" sx={{ mb: 1 }}>
          {b.step === 'conflict' ? T.conflict : b.error}
        </Alert>
        <Stack direction="row" spacing={1}>
          <Button onClick={b.back}>{T.back}</Button>
          {b.step === 'failed' && (
            <Button variant="contained" onClick={b.retry}>
              {T.retry}
            </Button>
          )}
        </Stack>
      </Box>
    );
  }
  return null;
}
