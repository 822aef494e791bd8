// "Download my data" on the portal's profile (issue 38, the right of access): the client's exports
// with their status (asked for, being prepared, ready until a date, expired, or could not be
// prepared, said with the invitation to ask again), a ready one's
// Download, and asking for a new one where the card's chart allows it (none under way; the
// client, not a SUPER_ADMIN reading the portal: machines/privacy/my-data-machine.ts).
import { Alert, Button, Card, CardContent, Chip, List, ListItem, Skeleton, Stack, Typography } from '@mui/material';
import { useParams } from 'wouter';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useMyData } from './privacy-hooks.ts';
import { EXPORT_STATUS, MY_DATA_TEXT as T } from './texts.ts';

export function MyDataCard() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const data = useMyData(Number(clientId));
  return (
    <Card variant="outlined" component="section" aria-label={T.title} sx={{ mt: 2 }} data-section="my-data">
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {T.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {T.intro}
        </Typography>
        {data.message && (
          <Alert severity={data.message === 'requested' ? 'success' : 'error'} sx={{ mb: 1 }} data-my-data-message>
            {T[data.message]}
          </Alert>
        )}
        {data.isFailed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => data.send({ type: 'data.retry' })}>
                {T.retry}
              </Button>
            }
          >
            {T.loadFailed}
          </Alert>
        ) : data.isLoading && data.rows.length === 0 ? (
          <Skeleton variant="rounded" height={48} aria-busy="true" />
        ) : (
          <>
            {data.rows.length === 0 && <Typography variant="body2">{T.none}</Typography>}
            <List dense disablePadding aria-label={T.title}>
              {data.rows.map((e) => (
                <ListItem key={e.id} disableGutters data-my-export={e.id} data-status={e.status} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Chip size="small" label={EXPORT_STATUS[e.status]} color={e.status === 'ready' ? 'success' : e.status === 'failed' ? 'error' : 'default'} />
                  <Typography variant="body2">{T.askedOn(formatDateTime(e.requested_at))}</Typography>
                  {e.status === 'failed' && (
                    <Typography variant="body2" color="error" data-failed={e.id}>
                      {T.failed}
                    </Typography>
                  )}
                  {e.status === 'ready' && e.expires_at && (
                    <>
                      <Typography variant="body2">{T.readyUntil(formatDate(e.expires_at))}</Typography>
                      <Button size="small" variant="outlined" onClick={() => data.download(e)} data-download={e.id}>
                        {T.download}
                      </Button>
                    </>
                  )}
                </ListItem>
              ))}
            </List>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              {(data.mayRequest || data.isRequesting) && (
                <Button variant="contained" size="small" disabled={data.isRequesting} onClick={() => data.send({ type: 'data.request' })}>
                  {data.isRequesting ? T.requesting : T.request}
                </Button>
              )}
              {data.mayRefresh && (
                <Button size="small" onClick={() => data.send({ type: 'data.refresh' })}>
                  {T.refresh}
                </Button>
              )}
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}
