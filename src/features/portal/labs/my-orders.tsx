// "My orders" on the booking page: each of the client's lab orders with its status and collector
// (phone masked by the server); while no sample is taken, cancel it or move it to another slot.
// Renders the chart in machines/labs/my-orders-machine.ts.
import { Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { orderChangeable } from '../../../../machines/labs/my-orders-machine';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { useMyOrders } from './labs-hooks';
import { LABS_TEXT as T } from './texts';

export function MyOrders({ clientId }: { clientId: string }) {
  const o = useMyOrders(clientId);
  const c = o.context;
  const busy = o.step !== 'ready';
  return (
    <Box component="section" aria-labelledby="my-lab-orders" sx={{ mt: 4 }} data-my-orders>
      <Typography id="my-lab-orders" variant="h5" component="h2" sx={{ mb: 1 }}>{T.myOrders}</Typography>
      {o.step === 'failed' && <Alert severity="error" action={<Button onClick={() => o.send({ type: 'orders.retry' })}>{T.retry}</Button>}>{T.ordersFailed}</Alert>}
      {o.step === 'loading' && c.orders.length === 0 && <CircularProgress aria-label={T.myOrders} />}
      {c.message && <Alert severity="warning" role="alert" sx={{ mb: 2 }}>{c.message}</Alert>}
      {o.step !== 'loading' && o.step !== 'failed' && c.orders.length === 0 && <Typography>{T.noOrders}</Typography>}
      {c.orders.map((order) => (
        <Card key={order.id} variant="outlined" sx={{ mb: 2 }} data-order={order.id} data-status={order.status} data-start={order.start}>
          <CardContent>
            <Typography variant="subtitle1" component="h3">{T.orderLine(order.id, formatDateTime(order.start), T.orderStatus[order.status] ?? order.status)}</Typography>
            <Typography variant="body2">{order.items.map((i) => i.name).join(', ')} · {order.people.map((p) => p.name).join(', ')} · {T.total(order.total_inr)}</Typography>
            {order.collector_name && <Typography variant="body2">{T.collectorLine(order.collector_name, order.collector_phone)}</Typography>}
          </CardContent>
          {orderChangeable(order.status) && (
            <CardActions>
              <Button disabled={busy} onClick={() => o.send({ type: 'orders.reschedule', order: order.id })}>{T.reschedule}</Button>
              <Button color="error" disabled={busy} onClick={() => o.send({ type: 'orders.cancel', order: order.id })}>{T.cancelOrder}</Button>
            </CardActions>
          )}
          {c.moving?.id === order.id && (o.step === 'choosing' || o.step === 'moving' || o.step === 'loadingSlots') && (
            <CardContent data-reschedule={order.id}>
              <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>{T.chooseNewSlot(order.id)}</Typography>
              {o.step === 'loadingSlots' && <CircularProgress aria-label={T.chooseNewSlot(order.id)} />}
              {o.step !== 'loadingSlots' && c.slots.length === 0 && <Typography>{T.noSlots}</Typography>}
              {[...new Set(c.slots.map((s) => formatDate(s.start)))].map((day) => (
                <Box key={day} sx={{ mb: 1 }}>
                  <Typography variant="body2">{day}</Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    {c.slots.filter((s) => formatDate(s.start) === day).map((s) => (
                      <Button key={s.start} size="small" variant="outlined" disabled={o.step !== 'choosing' || s.places_left === 0 || s.start === order.start} data-new-slot={s.start} onClick={() => o.send({ type: 'orders.pick', start: s.start })} aria-label={`${formatDateTime(s.start)}, ${s.places_left === 0 ? T.full : T.placesLeft(s.places_left)}`}>
                        {formatTime(s.start)}
                      </Button>
                    ))}
                  </Stack>
                </Box>
              ))}
              <Button disabled={o.step !== 'choosing'} onClick={() => o.send({ type: 'orders.back' })}>{T.back}</Button>
            </CardContent>
          )}
        </Card>
      ))}
    </Box>
  );
}
