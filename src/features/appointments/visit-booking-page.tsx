// /user/in-clinic/{clientId} and /user/intake-call/{clientId}: choose a therapy (with the package
// balance, or why it cannot be booked online) or a call; read which credit it uses, how to prepare and answer the
// screening questions (or the pre-call form, phone or video); pick a free time and book. Renders
// the visit-booking chart and the booking chart it invokes.
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link, useParams } from 'wouter';
import type { VisitKind } from '../../../machines/clients/visit-booking-machine.ts';
import { getHref } from '../../app/port.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { useVisitBooking } from './portal-booking-hooks.ts';
import { BookingStep } from './booking-step.tsx';
import { BOOKING_TEXT as T } from './portal-booking-texts.ts';
import { formatWhen } from './booking-when.ts';
import { formatDate } from '../../lib/format.ts';
import { words } from '../../../machines/rules/words.ts';

/** Which package credit the session will use, said before the client picks a time and while they do. */
function CreditLine({ credit }: { credit: { left: number; therapy: string; expires_on: string | null } | null }) {
  if (!credit) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-field="uses-credit">
      {T.usesCredit(credit.left, words(credit.therapy), credit.expires_on ? formatDate(credit.expires_on) : null)}
    </Alert>
  );
}

export function InClinicPage() {
  return <VisitBookingPage kind="in_clinic" />;
}

export function IntakeCallPage() {
  return <VisitBookingPage kind="call" />;
}

function VisitBookingPage({ kind }: { kind: VisitKind }) {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const v = useVisitBooking(clientId, kind);
  const title = kind === 'in_clinic' ? T.inClinicTitle : T.intakeTitle;
  const page = kind === 'in_clinic' ? 'portal-in-clinic' : 'portal-intake-call';

  if (v.view === 'failed') {
    return (
      <PageFrame title={title} page={page}>
        <LoadFailed onRetry={v.retry} />
      </PageFrame>
    );
  }
  if (v.view === 'loading') {
    return (
      <PageFrame title={title} page={page}>
        <CircularProgress aria-label={title} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} page={page}>
      {v.view === 'choosing' && (
        <>
          <Typography sx={{ mb: 2 }}>{kind === 'in_clinic' ? T.inClinicIntro : T.intakeIntro}</Typography>
          {v.noCredit && (
            <Alert severity="warning" sx={{ mb: 2 }} role="alert">
              {T.noCredit}
            </Alert>
          )}
          {v.services.length === 0 && <Typography>{T.noServices}</Typography>}
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ flexWrap: 'wrap', gap: 2 }}>
            {v.services.map(({ service, balance, bookable }) => (
              <Card key={service.id} sx={{ flex: '1 1 260px' }} data-service={service.id}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {service.name}
                  </Typography>
                  {service.duration_minutes && <Typography variant="body2">{service.duration_minutes} min</Typography>}
                  {balance !== null && (
                    <Typography variant="body2" color={bookable ? 'text.secondary' : 'warning.main'} data-field="balance">
                      {bookable ? T.balance(balance) : T.noCredit}
                    </Typography>
                  )}
                </CardContent>
                <CardActions>
                  <Button variant="contained" onClick={() => v.select(service.id)} aria-label={`${T.choose} ${service.name}`}>
                    {T.choose}
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Stack>
        </>
      )}
      {v.view === 'preparing' && v.service && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            v.next();
          }}
          aria-label={v.service.name}
        >
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {v.service.name}
          </Typography>
          <CreditLine credit={v.credit} />
          {v.preparation && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="h6" component="h3">
                {T.prepTitle}
              </Typography>
              <ul data-field="preparation">
                {v.preparation.steps.map((s) => (
                  <li key={s}>
                    <Typography variant="body2">{s}</Typography>
                  </li>
                ))}
              </ul>
            </Box>
          )}
          {kind === 'call' && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="h6" component="h3" id="channel-label">
                {T.howTitle}
              </Typography>
              <RadioGroup row aria-labelledby="channel-label" value={v.channel} onChange={(e) => v.setChannel(e.target.value as 'phone' | 'video')}>
                <FormControlLabel value="phone" control={<Radio />} label={T.phone} />
                <FormControlLabel value="video" control={<Radio />} label={T.video} />
              </RadioGroup>
            </Box>
          )}
          <Typography variant="h6" component="h3">
            {kind === 'call' ? T.preCallTitle : T.screeningTitle}
          </Typography>
          {kind === 'in_clinic' && (
            <Typography variant="body2" color="text.secondary">
              {T.answerNote}
            </Typography>
          )}
          <Stack spacing={2} sx={{ mt: 1 }}>
            {v.questions.map((q) =>
              kind === 'in_clinic' ? (
                <Box key={q.key}>
                  <Typography id={`q-${q.key}`}>{q.text}</Typography>
                  <RadioGroup row aria-labelledby={`q-${q.key}`} value={v.answers[q.key] ?? ''} onChange={(e) => v.answer(q.key, e.target.value)}>
                    <FormControlLabel value="yes" control={<Radio />} label={T.yes} />
                    <FormControlLabel value="no" control={<Radio />} label={T.no} />
                  </RadioGroup>
                </Box>
              ) : (
                <TextField
                  key={q.key}
                  label={q.text}
                  value={v.answers[q.key] ?? ''}
                  onChange={(e) => v.answer(q.key, e.target.value)}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                />
              ),
            )}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button onClick={v.back}>{T.back}</Button>
            <Button type="submit" variant="contained" disabled={!v.canContinue}>
              {T.toTimes}
            </Button>
          </Stack>
        </Box>
      )}
      {v.view === 'booking' && <CreditLine credit={v.credit} />}
      {v.view === 'booking' && v.bookingRef && v.service && <BookingStep bookingRef={v.bookingRef} serviceName={v.service.name} timeZone={v.timeZone} />}
      {v.view === 'booked' && v.booked && (
        <Box data-step="booked">
          <Alert severity="success" sx={{ mb: 2 }}>
            {T.booked(v.service?.name ?? '', formatWhen(v.booked.start, v.timeZone))}
          </Alert>
          <Stack direction="row" spacing={1}>
            <Button component={Link} href={getHref('portalHome', { clientId })} variant="contained">
              {T.goHome}
            </Button>
            <Button onClick={v.again}>{T.bookAnother}</Button>
          </Stack>
        </Box>
      )}
    </PageFrame>
  );
}
