// Below 768 px the screen is one day as a list: each appointment with its time, client, service,
// staff and status, opening the same side panel (the same actions) as the calendar.
import { Box, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { CalendarAppointment } from '../../../machines/appointments/calendar-machine.ts';
import type { SchedulingSetup } from './appointments-api.ts';
import type { CalendarHandle } from './appointments-hooks.ts';
import { clockOf } from './clinic-time.ts';
import { serviceColour } from './service-colours.ts';
import { AGENDA_LABEL, NO_APPOINTMENTS_DAY, STATUS_LABELS, STATUS_MARKS } from './texts.ts';

export function AgendaList({ setup, calendar, appointments }: { setup: SchedulingSetup; calendar: CalendarHandle; appointments: CalendarAppointment[] }) {
  const zone = setup.hours.time_zone;
  const staffName = new Map(setup.staff.map((s) => [s.id, s.name]));
  const serviceName = new Map(setup.services.map((s) => [s.id, s.name]));
  const day = appointments.filter((a) => a.start.length > 0).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (!day.length) return <Typography sx={{ p: 2 }}>{NO_APPOINTMENTS_DAY}</Typography>;
  return (
    <List aria-label={AGENDA_LABEL} data-testid="appointments-agenda">
      {day.map((a) => (
        // A list holds list items only (assistive tech counts them); the button sits inside one.
        <ListItem key={a.id} disablePadding>
          <ListItemButton onClick={() => calendar.select(a.id)} data-appointment={a.id} sx={{ borderLeft: `6px solid ${serviceColour(a.service)}`, mb: 0.5 }}>
            <ListItemText
              primary={`${clockOf(a.start, zone)}–${clockOf(a.end, zone)} · ${calendar.clientName(a.client) ?? `Client ${a.client}`}`}
              secondary={
                <Box component="span">
                  {serviceName.get(a.service) ?? ''} · {staffName.get(a.staff) ?? ''} · <span aria-hidden>{STATUS_MARKS[a.status]} </span>
                  {STATUS_LABELS[a.status] ?? a.status}
                </Box>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
