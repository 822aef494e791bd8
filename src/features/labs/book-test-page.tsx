// /user/book-test/{clientId}: pincode → tests → slot (held 15 minutes) → people and address →
// review (pay at collection) → confirmation. Renders the booking chart (machines/labs/book-test-machine.ts).
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link, useParams } from 'wouter';
import { getHref } from '../../app/port.ts';
import { formatDate, formatDateTime, formatTime } from '../../lib/format.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { useBookTest } from './labs-hooks.ts';
import { MyOrders } from './my-orders.tsx';
import { LABS_TEXT as T } from './texts.ts';

export function BookTestPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const b = useBookTest(clientId);
  const c = b.context;
  const page = 'portal-book-test';
  if (b.failed) {
    return (
      <PageFrame title={T.bookTitle} page={page}>
        <LoadFailed onRetry={() => b.send({ type: 'book.retry' })} />
      </PageFrame>
    );
  }
  if (b.loading) {
    return (
      <PageFrame title={T.bookTitle} page={page}>
        <CircularProgress aria-label={T.bookTitle} />
      </PageFrame>
    );
  }
  const busy = b.busy;
  return (
    <PageFrame title={T.bookTitle} page={page}>
      {c.message && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {c.message}
        </Alert>
      )}
      {b.asksPincode && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            b.send({ type: 'book.checkPincode' });
          }}
        >
          <Typography sx={{ mb: 2 }}>{T.pincodeIntro}</Typography>
          <Stack direction="row" spacing={2}>
            <TextField
              label={T.pincode}
              value={c.pincode}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              onChange={(e) => b.send({ type: 'book.pincode', value: e.target.value })}
            />
            <Button type="submit" variant="contained" disabled={busy}>
              {T.check}
            </Button>
          </Stack>
        </Box>
      )}
      {b.picksTests && (
        <>
          <Typography sx={{ mb: 1 }}>{T.served(c.pincode)}</Typography>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {T.chooseTests}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
            {c.catalogue.map((item) => (
              <Card key={item.id} sx={{ flex: '1 1 260px' }} data-item={item.code}>
                <CardContent>
                  <FormControlLabel
                    control={<Checkbox checked={c.chosen.includes(item.id)} onChange={() => b.send({ type: 'book.toggle', id: item.id })} />}
                    label={
                      <Typography variant="h6" component="span">
                        {item.name}
                      </Typography>
                    }
                  />
                  <Typography>{T.price(item.price_inr)}</Typography>
                  {item.description && <Typography variant="body2">{item.description}</Typography>}
                  <Typography variant="body2">
                    {item.fasting_hours > 0 ? T.fasting(item.fasting_hours) : T.noFasting} · {T.sample(item.sample_type)} · {T.reportIn(item.report_hours)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {T.includes}: {item.markers.map((m) => m.name).join(', ')}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Stack>
          <Stack direction="row" spacing={2}>
            <Button onClick={() => b.send({ type: 'book.back' })}>{T.back}</Button>
            <Button variant="contained" disabled={c.chosen.length === 0} onClick={() => b.send({ type: 'book.toSlots' })}>
              {T.toSlots}
            </Button>
          </Stack>
        </>
      )}
      {busy && <CircularProgress aria-label={T.bookTitle} />}
      {b.picksSlot && (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {T.chooseSlot}
          </Typography>
          {b.fasting >= 10 && <Typography sx={{ mb: 1 }}>{T.fastingMorning}</Typography>}
          {c.slots.length === 0 && <Typography>{T.noSlots}</Typography>}
          {[...new Set(c.slots.map((s) => formatDate(s.start)))].map((day) => (
            <Box key={day} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {day}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {c.slots
                  .filter((s) => formatDate(s.start) === day)
                  .map((s) => (
                    <Button
                      key={s.start}
                      variant="outlined"
                      disabled={s.places_left === 0}
                      data-slot={s.start}
                      onClick={() => b.send({ type: 'book.pick', start: s.start })}
                      aria-label={`${formatDateTime(s.start)}, ${s.places_left === 0 ? T.full : T.placesLeft(s.places_left)}`}
                    >
                      {formatTime(s.start)}
                    </Button>
                  ))}
              </Stack>
            </Box>
          ))}
          <Button onClick={() => b.send({ type: 'book.back' })}>{T.back}</Button>
        </>
      )}
      {b.holdsSlot && c.hold && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {formatDateTime(c.hold.start)}. {T.heldUntil(formatTime(c.hold.expires_at))}
        </Alert>
      )}
      {b.asksPeople && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            b.send({ type: 'book.review' });
          }}
        >
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {T.people}
          </Typography>
          <Stack spacing={2} sx={{ mb: 2 }}>
            {c.people.map((p, index) =>
              p.self ? (
                <Stack key="self" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography>{T.self}</Typography>
                  {c.people.length > 1 && <Button onClick={() => b.send({ type: 'book.removePerson', index })}>{T.remove}</Button>}
                </Stack>
              ) : (
                <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2} data-person={index}>
                  <TextField label={T.name} value={p.name} onChange={(e) => b.send({ type: 'book.person', index, field: 'name', value: e.target.value })} />
                  <TextField
                    label={T.age}
                    value={p.age}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                    onChange={(e) => b.send({ type: 'book.person', index, field: 'age', value: e.target.value })}
                  />
                  <TextField
                    select
                    label={T.sex}
                    value={p.sex}
                    sx={{ minWidth: 120 }}
                    onChange={(e) => b.send({ type: 'book.person', index, field: 'sex', value: e.target.value })}
                  >
                    <MenuItem value="F">{T.female}</MenuItem>
                    <MenuItem value="M">{T.male}</MenuItem>
                  </TextField>
                  <Button onClick={() => b.send({ type: 'book.removePerson', index })}>{T.remove}</Button>
                </Stack>
              ),
            )}
          </Stack>
          <Button onClick={() => b.send({ type: 'book.addPerson' })} sx={{ mb: 2 }}>
            {T.addPerson}
          </Button>
          <TextField
            label={T.address}
            value={c.address}
            fullWidth
            multiline
            minRows={2}
            sx={{ mb: 2 }}
            onChange={(e) => b.send({ type: 'book.address', value: e.target.value })}
          />
          <Stack direction="row" spacing={2}>
            <Button onClick={() => b.send({ type: 'book.back' })}>{T.back}</Button>
            <Button type="submit" variant="contained">
              {T.review}
            </Button>
          </Stack>
        </Box>
      )}
      {b.reviews && (
        <Card>
          <CardContent>
            <Typography variant="h5" component="h2">
              {T.review}
            </Typography>
            <Typography>{b.chosenItems.map((i) => i.name).join(', ')}</Typography>
            <Typography>{c.people.map((p) => (p.self ? T.self : p.name)).join(', ')}</Typography>
            <Typography>{c.address}</Typography>
            <Typography variant="h6" component="p" sx={{ mt: 1 }}>
              {T.total(b.total)}
            </Typography>
            <Alert severity="info" sx={{ mt: 1 }} data-field="payment">
              {T.payment}
            </Alert>
          </CardContent>
          <CardActions>
            <Button onClick={() => b.send({ type: 'book.back' })} disabled={busy}>
              {T.back}
            </Button>
            <Button variant="contained" onClick={() => b.send({ type: 'book.confirm' })} disabled={busy}>
              {T.confirm}
            </Button>
          </CardActions>
        </Card>
      )}
      {b.done && c.order && (
        <Box>
          <Alert severity="success" sx={{ mb: 2 }} role="status" data-booked={c.order.id}>
            {T.booked(c.order.id)}
          </Alert>
          <Typography sx={{ mb: 2 }}>
            {formatDateTime(c.order.start)} · {T.total(c.order.total_inr)}
          </Typography>
          <Typography sx={{ mb: 2 }}>{T.payment}</Typography>
          <Stack direction="row" spacing={2}>
            <Button onClick={() => b.send({ type: 'book.again' })}>{T.bookAnother}</Button>
            <Button component={Link} href={getHref('portalReports', { clientId })}>
              {T.seeReports}
            </Button>
          </Stack>
        </Box>
      )}
      {/* A new booking remounts the list so it shows the order just made. */}
      <MyOrders key={c.order?.id ?? 0} clientId={clientId} />
    </PageFrame>
  );
}
