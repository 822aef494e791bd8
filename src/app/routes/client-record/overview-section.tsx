// The record's first tab: what happened lately across the record (consent, programs, onboarding,
// appointments, therapy sessions and support), newest first.
import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useShell } from '../../port.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useRecord } from '../../../lib/staff/hooks.ts';
import { type ClientAppointment, clientAppointments } from '../../../features/appointments/index.ts';
import { type ConsentRecord, type Enrollment, OVERVIEW_EMPTY, type Profile, useConsentHistory, useEnrollmentList } from '../../../features/clients/index.ts';
import { TIMELINE } from './overview-texts.ts';
import { type ClientTicket, clientTickets } from '../../../features/support/index.ts';
import { timeline } from './timeline.ts';
import { loadClientVisits } from '../../../features/visits/index.ts';

export function OverviewSection({ profile }: { profile: Profile }) {
  const { api } = useShell();
  const client = profile.client_id;
  const consent = useConsentHistory(client);
  const enrollments = useEnrollmentList(client);
  const appointments = useRecord(() => clientAppointments(api, client));
  const visits = useRecord(() => loadClientVisits(api, client));
  const tickets = useRecord(() => clientTickets(api, client));
  const sources = [consent, enrollments, appointments, visits, tickets];
  const failed = sources.find((s) => s.failed && !s.data);
  if (failed) return <Alert severity="error">{failed.error}</Alert>;
  if (sources.some((s) => !s.data)) return null;
  const events = timeline({
    profile,
    consent: consent.data as ConsentRecord[],
    enrollments: enrollments.data as Enrollment[],
    appointments: appointments.data as ClientAppointment[],
    visits: visits.data!,
    tickets: (tickets.data?.results ?? []) as ClientTicket[],
  });
  if (!events.length) return <Typography color="text.secondary">{OVERVIEW_EMPTY}</Typography>;
  return (
    <List dense aria-label={TIMELINE.list} data-testid="record-timeline">
      {events.map((e, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText primary={e.text} secondary={e.day ? formatDate(e.at) : formatDateTime(e.at)} />
        </ListItem>
      ))}
    </List>
  );
}
