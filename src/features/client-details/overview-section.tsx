// The record's first tab: what happened lately — consent given or withdrawn, programs started
// and ended, onboarding steps completed — newest first.
import { Alert, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatDate, formatDateTime } from '../../lib/staff/format';
import type { ConsentRecord, Enrollment, Profile } from './details-api';
import { useConsentHistory, useEnrollmentList } from './details-hooks';
import { ONBOARDING_TITLES, OVERVIEW_EMPTY } from './texts';

export interface TimelineEvent {
  at: string;
  text: string;
  /** Whether `at` is a whole day (a date) rather than a moment. */
  day: boolean;
}

export function timeline(profile: Profile, consent: ConsentRecord[], enrollments: Enrollment[]): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const c of consent) events.push({ at: c.consented_at, day: false, text: c.decision === 'withdrawn' ? 'Withdrew consent' : `Gave consent (version ${c.version})` });
  for (const e of enrollments) {
    events.push({ at: e.start_date, day: true, text: `Started ${e.program_name}` });
    if (e.end_date) events.push({ at: e.end_date, day: true, text: `${e.program_name}: ${e.status}` });
  }
  for (const [key, title] of Object.entries(ONBOARDING_TITLES)) {
    const done = (profile[key as keyof Profile] as { completed_at?: string } | undefined)?.completed_at;
    if (done) events.push({ at: done, day: false, text: `Answered ${title.toLowerCase()}` });
  }
  return events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, 20);
}

export function OverviewSection({ profile }: { profile: Profile }) {
  const consent = useConsentHistory(profile.client_id);
  const enrollments = useEnrollmentList(profile.client_id);
  if (consent.failed || enrollments.failed) return <Alert severity="error">{consent.error ?? enrollments.error}</Alert>;
  if (!consent.data || !enrollments.data) return null;
  const events = timeline(profile, consent.data as ConsentRecord[], enrollments.data as Enrollment[]);
  if (!events.length) return <Typography color="text.secondary">{OVERVIEW_EMPTY}</Typography>;
  return (
    <List dense aria-label="Recent events" data-testid="record-timeline">
      {events.map((e, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText primary={e.text} secondary={e.day ? formatDate(e.at) : formatDateTime(e.at)} />
        </ListItem>
      ))}
    </List>
  );
}
