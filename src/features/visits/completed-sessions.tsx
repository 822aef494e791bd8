// /user/home/{clientId}: the client's completed therapy sessions: which therapy (the clinic's
// display name), the date, how long and with whom. Nothing of the chart reaches the portal: the
// server's answer has no vitals, parameters or notes to show.
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useShell } from '../../app/port.ts';
import { formatDate } from '../../lib/format.ts';
import { useRecord } from '../../lib/staff/hooks.ts';
import { type CompletedSession, loadCompletedSessions } from './visits-api.ts';
import { SESSIONS_TEXT as T } from './sessions-texts.ts';

function line(s: CompletedSession): string {
  return [
    s.therapy_name,
    formatDate(s.date),
    s.duration_minutes !== null ? T.minutes(s.duration_minutes) : null,
    s.staff_first_name ? T.with(s.staff_first_name) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

export function CompletedSessionsSection({ clientId }: { clientId: string }) {
  const { api } = useShell();
  const sessions = useRecord(() => loadCompletedSessions(api, Number(clientId)));
  return (
    <Card sx={{ mt: 2 }} data-card="completed-sessions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {T.title}
        </Typography>
        {sessions.failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={sessions.retry}>
                {T.retry}
              </Button>
            }
          >
            {T.loadFailed}
          </Alert>
        )}
        {sessions.loading && !sessions.data && <Typography aria-busy="true">…</Typography>}
        {sessions.data && sessions.data.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.empty}
          </Typography>
        )}
        {sessions.data && sessions.data.length > 0 && (
          <Stack spacing={0.5} sx={{ mt: 1 }} component="ul" aria-label={T.title} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sessions.data.map((s) => (
              <Typography component="li" variant="body2" key={s.id} data-session={s.id}>
                {line(s)}
              </Typography>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
