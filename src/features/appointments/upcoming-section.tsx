// The portal home's appointments: upcoming visits with reschedule and cancel (or, inside the
// late-cancellation window, "Contact the clinic to cancel"), a video call's join link once the
// server gives it, and past visits. Renders the upcoming-visits chart; a SUPER_ADMIN reading the
// portal sees the list without any action.
import { Alert, Box, Button, Card, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import { getHref, isBuilt } from '../../app/port.ts';
import { useUpcoming } from './portal-booking-hooks.ts';
import { BOOKING_TEXT as T } from './portal-booking-texts.ts';
import { formatWhen } from './booking-when.ts';

export function UpcomingSection({ clientId }: { clientId: string }) {
  const v = useUpcoming(clientId);
  const [reason, setReason] = useState<string>(T.defaultReason);
  return (
    <Card sx={{ mt: 2 }} data-card="appointments">
      <CardContent>
        <Typography variant="h6" component="h2">
          {T.upcomingTitle}
        </Typography>
        {v.mode === 'failed' && (
          <Alert severity="error" action={<Button onClick={v.retry}>{T.retry}</Button>}>
            {v.message}
          </Alert>
        )}
        {v.notice && (
          <Alert severity="success" sx={{ my: 1 }}>
            {v.notice === 'cancelled' ? T.cancelled : T.rescheduled}
          </Alert>
        )}
        {v.message && v.mode === 'ready' && (
          <Alert severity="error" sx={{ my: 1 }}>
            {v.message}
          </Alert>
        )}
        {v.mode === 'loading' && <Typography aria-busy="true">…</Typography>}
        {v.mode === 'ready' && v.upcoming.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {T.upcomingEmpty}
          </Typography>
        )}
        <Stack spacing={1.5} sx={{ mt: 1 }} component="ul" aria-label={T.upcomingTitle} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {v.upcoming.map((a) => (
            <Box component="li" key={a.id} data-appointment={a.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{a.service_name}</Typography>
                  <Typography variant="body2" component="div">
                    {formatWhen(a.start, v.timeZone)} · {T.channel[a.channel]} · <Chip size="small" label={T.status[a.status] ?? a.status} />
                  </Typography>
                  {a.channel === 'video' && !a.join_url && a.join_opens_at && Date.parse(a.join_opens_at) > Date.now() && (
                    <Typography variant="body2" color="text.secondary">
                      {T.joinOpens(formatWhen(a.join_opens_at, v.timeZone))}
                    </Typography>
                  )}
                  {a.channel === 'video' && !a.join_url && a.join_opens_at && Date.parse(a.join_opens_at) <= Date.now() && (
                    <Typography variant="body2" color="text.secondary">
                      {T.noVideoLink}
                    </Typography>
                  )}
                  {a.change === 'contact' && (
                    <Typography variant="body2" color="text.secondary">
                      {T.lateHint(v.lateHours)}
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                  {a.join_url && (
                    <Button variant="contained" href={a.join_url} target="_blank" rel="noopener noreferrer">
                      {T.join}
                    </Button>
                  )}
                  {a.change === 'change' && (
                    <>
                      <Button variant="outlined" onClick={() => v.reschedule(a.id)} disabled={v.pending}>
                        {T.reschedule}
                      </Button>
                      <Button color="error" variant="outlined" onClick={() => v.cancel(a.id)} disabled={v.pending}>
                        {T.cancel}
                      </Button>
                    </>
                  )}
                  {a.change === 'contact' && (
                    <Button variant="outlined" disabled>
                      {T.contactToCancel}
                    </Button>
                  )}
                </Stack>
              </Stack>
            </Box>
          ))}
        </Stack>
        {!v.readOnly && v.mode === 'ready' && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {isBuilt('portalInClinic') && (
              <Button component={Link} href={getHref('portalInClinic', { clientId })}>
                {T.bookInClinic}
              </Button>
            )}
            {isBuilt('portalIntakeCall') && (
              <Button component={Link} href={getHref('portalIntakeCall', { clientId })}>
                {T.bookCall}
              </Button>
            )}
          </Stack>
        )}
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          {T.pastTitle}
        </Typography>
        {v.mode === 'ready' && v.past.length === 0 && <Typography variant="body2">{T.pastEmpty}</Typography>}
        <Stack spacing={0.5} sx={{ mt: 1 }} component="ul" aria-label={T.pastTitle} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {v.past.map((a) => (
            <Typography component="li" variant="body2" key={a.id} data-past={a.id}>
              {formatWhen(a.start, v.timeZone)} · {a.service_name} · {T.status[a.status] ?? a.status}
            </Typography>
          ))}
        </Stack>
      </CardContent>
      <Dialog open={v.confirmingCancel} onClose={v.back} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{T.cancelTitle}</DialogTitle>
        <DialogContent>
          {v.chosen && (
            <Typography sx={{ mb: 2 }}>
              {v.chosen.service_name} · {formatWhen(v.chosen.start, v.timeZone)}
            </Typography>
          )}
          <TextField label={T.cancelReason} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth required />
        </DialogContent>
        <DialogActions>
          <Button onClick={v.back} disabled={v.pending}>
            {T.keep}
          </Button>
          <Button color="error" variant="contained" onClick={() => v.confirmCancel(reason.trim() || T.defaultReason)} disabled={v.pending}>
            {T.confirmCancel}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={v.choosingStart} onClose={v.back} aria-labelledby="reschedule-title" fullWidth>
        <DialogTitle id="reschedule-title">{T.rescheduleTitle}</DialogTitle>
        <DialogContent>
          {v.message && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {v.message}
            </Alert>
          )}
          {!v.pending && v.starts.length === 0 && <Typography>{T.noStarts}</Typography>}
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, maxHeight: 320, overflow: 'auto' }}>
            {v.starts.slice(0, 60).map((s) => (
              <Button key={s} variant="outlined" size="small" onClick={() => v.pickStart(s)} disabled={v.pending}>
                {formatWhen(s, v.timeZone)}
              </Button>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={v.back} disabled={v.pending}>
            {T.back}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
