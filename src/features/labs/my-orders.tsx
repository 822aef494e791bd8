// "My orders" on the booking page: each of the client's lab orders with its status and collector
// (phone masked by the server); while no sample is taken, cancel it or move it to another slot.
// Renders the chart in machines/labs/my-orders-machine.ts.
import { Alert, Box, Button, Card, CardActions, CardContent, CircularProgress, Typography } from '@mui/material';
import { orderChangeable } from '../../../machines/labs/my-orders-machine.ts';
import { formatDateTime } from '../../lib/format.ts';
import { NewSlotPicker } from './lab-reschedule.tsx';
import { useMyOrders } from './labs-hooks.ts';
import { LABS_TEXT as T } from './texts.ts';

export function MyOrders({ clientId }: { clientId: string }) {
  const o = useMyOrders(clientId);
  const c = o.context;
  const busy = o.busy;
  return (
    <Box component="section" aria-labelledby="my-lab-orders" sx={{ mt: 4 }} data-my-orders>
      <Typography id="my-lab-orders" variant="h5" component="h2" sx={{ mb: 1 }}>
        {T.myOrders}
      </Typography>
      {o.failed && (
        <Alert severity="error" action={<Button onClick={() => o.send({ type: 'orders.retry' })}>{T.retry}</Button>}>
          {T.ordersFailed}
        </Alert>
      )}
      {o.loading && c.orders.length === 0 && <CircularProgress aria-label={T.myOrders} />}
      {(c.message ?? o.reschedule.message) && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {c.message ?? o.reschedule.message}
        </Alert>
      )}
      {!o.loading && !o.failed && c.orders.length === 0 && <Typography>{T.noOrders}</Typography>}
      {c.orders.map((order) => (
        <Card key={order.id} variant="outlined" sx={{ mb: 2 }} data-order={order.id} data-status={order.status} data-start={order.start}>
          <CardContent>
            <Typography variant="subtitle1" component="h3">
              {T.orderLine(order.id, formatDateTime(order.start), T.orderStatus[order.status] ?? order.status)}
            </Typography>
            <Typography variant="body2">
              {order.items.map((i) => i.name).join(', ')} · {order.people.map((p) => p.name).join(', ')} · {T.total(order.total_inr)}
            </Typography>
            {order.collector_name && <Typography variant="body2">{T.collectorLine(order.collector_name, order.collector_phone)}</Typography>}
          </CardContent>
          {orderChangeable(order.status) && (
            <CardActions>
              <Button disabled={busy} onClick={() => o.send({ type: 'orders.reschedule', order: order.id })}>
                {T.reschedule}
              </Button>
              <Button color="error" disabled={busy} onClick={() => o.send({ type: 'orders.cancel', order: order.id })}>
                {T.cancelOrder}
              </Button>
            </CardActions>
          )}
          {c.moving?.id === order.id && o.reschedule.open && (
            <CardContent>
              <NewSlotPicker
                order={order}
                view={o.reschedule}
                title={T.chooseNewSlot(order.id)}
                noSlots={T.noSlots}
                back={T.back}
                slotLabel={(s) => `${formatDateTime(s.start)}, ${s.places_left === 0 ? T.full : T.placesLeft(s.places_left)}`}
                onPick={(start) => o.send({ type: 'orders.pick', start })}
                onBack={() => o.send({ type: 'orders.back' })}
              />
            </CardContent>
          )}
        </Card>
      ))}
    </Box>
  );
}
