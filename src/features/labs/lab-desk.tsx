// The lab desk: the queue of open lab orders (all of them, or one client's), each with the chart's
// next step for staff (a collector to choose before assigning) and, once processing, a value per
// marker and person. Renders the lab desk chart (machines/labs/lab-desk-machine.ts).
import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { type DeskOrder, deskCanCancel, deskMoves, labDeskMachine, orderMarkers } from '../../../machines/labs/lab-desk-machine.ts';
import { labDeskSelectors } from '../../../machines/labs/lab-selectors.ts';
import { rescheduleMachine } from '../../../machines/labs/reschedule-machine.ts';
import { useShell } from '../../app/port.ts';
import { formatDateTime } from '../../lib/format.ts';
import { NewSlotPicker, useReschedule } from './lab-reschedule.tsx';
import { LabCatalogue } from './lab-catalogue.tsx';
import { deskAct, loadDesk, loadSlots, moveOrder } from './labs-api.ts';
import { LAB_DESK_TEXT as T } from './desk-texts.ts';

function useLabDesk(client: number | null) {
  const { api } = useShell();
  const ref = usePageActor(
    labDeskMachine.provide({
      actors: {
        loadDesk: fromPromise(({ input }) => loadDesk(api, input.client)),
        act: fromPromise(({ input }) => deskAct(api, input)),
        reschedule: rescheduleMachine.provide({
          actors: {
            loadSlots: fromPromise(({ input }) => loadSlots(api, input)),
            moveOrder: fromPromise(({ input }) => moveOrder(api, { ...input, client: input.client! })),
          },
        }),
      },
    }),
    { input: { client } },
  );
  return {
    loading: useSelector(ref, labDeskSelectors.isLoading),
    failed: useSelector(ref, labDeskSelectors.isFailed),
    busy: useSelector(ref, labDeskSelectors.isBusy),
    context: useSelector(ref, (s) => s.context),
    send: ref.send,
    reschedule: useReschedule(ref),
  };
}

function OrderCard({ order, desk }: { order: DeskOrder; desk: ReturnType<typeof useLabDesk> }) {
  const [collector, setCollector] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const busy = desk.busy;
  const markers = orderMarkers(order, desk.context.catalogue);
  const entering = ['processing', 'partial', 'ready'].includes(order.status);
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-order={order.id} data-status={order.status} data-start={order.start}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          #{order.id} · {order.client_name} · {formatDateTime(order.start)} · {T.status[order.status]}
        </Typography>
        <Typography variant="body2">
          {order.items.map((i) => i.name).join(', ')} · {order.people.map((p) => p.name).join(', ')} · {order.address} ({order.pincode})
        </Typography>
        {order.collector_name && (
          <Typography variant="body2">
            {T.collector}: {order.collector_name}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {deskMoves(order.status).map((to) =>
            to === 'collector_assigned' ? (
              <Stack key={to} direction="row" spacing={1}>
                <TextField select size="small" label={T.collector} value={collector} onChange={(e) => setCollector(e.target.value)} sx={{ minWidth: 180 }}>
                  {desk.context.collectors.map((c) => (
                    <MenuItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  variant="contained"
                  disabled={busy || !collector}
                  onClick={() => desk.send({ type: 'desk.act', act: { kind: 'move', order: order.id, to, collector: Number(collector) } })}
                >
                  {T.move[to]}
                </Button>
              </Stack>
            ) : (
              <Button key={to} variant="outlined" disabled={busy} onClick={() => desk.send({ type: 'desk.act', act: { kind: 'move', order: order.id, to } })}>
                {T.move[to]}
              </Button>
            ),
          )}
          {deskCanCancel(order.status) && (
            <>
              <Button disabled={busy} onClick={() => desk.send({ type: 'desk.reschedule', order: order.id })}>
                {T.reschedule}
              </Button>
              <Button color="error" disabled={busy} onClick={() => desk.send({ type: 'desk.act', act: { kind: 'move', order: order.id, to: 'cancelled' } })}>
                {T.cancel}
              </Button>
            </>
          )}
        </Stack>
        {desk.context.moving?.id === order.id && desk.reschedule.open && <NewSlot order={order} desk={desk} />}
        {entering && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h4">
              {T.results}
            </Typography>
            {order.people.map((person) => (
              // Each person's markers under their name: the field shows the marker and its unit
              // whole, and tells a screen reader whose result it is.
              <Box key={person.id} role="group" aria-label={T.resultsFor(person.name)} sx={{ mt: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {person.name}
                </Typography>
                {markers.map((m) => {
                  const key = `${person.id}-${m.id}`;
                  const label = T.value(m.name, m.unit, person.name);
                  return (
                    <Stack
                      key={key}
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={{ mt: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}
                      component="form"
                      onSubmit={(e) => {
                        e.preventDefault();
                        desk.send({ type: 'desk.act', act: { kind: 'result', order: order.id, person: person.id, marker: m.id, value: Number(values[key]) } });
                      }}
                    >
                      <TextField
                        size="small"
                        label={T.marker(m.name, m.unit)}
                        value={values[key] ?? ''}
                        onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                        sx={{ flexGrow: 1, width: { xs: '100%', sm: 'auto' }, maxWidth: { sm: 360 } }}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': label } }}
                      />
                      <Button type="submit" disabled={busy || !/^-?\d+(\.\d+)?$/.test(values[key] ?? '')} aria-label={`${T.save} ${label}`}>
                        {T.save}
                      </Button>
                    </Stack>
                  );
                })}
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function NewSlot({ order, desk }: { order: DeskOrder; desk: ReturnType<typeof useLabDesk> }) {
  return (
    <NewSlotPicker
      order={order}
      view={desk.reschedule}
      title={T.chooseNewSlot(order.id)}
      noSlots={T.noSlots}
      back={T.back}
      slotLabel={(s) => formatDateTime(s.start)}
      onPick={(start) => desk.send({ type: 'desk.pick', start })}
      onBack={() => desk.send({ type: 'desk.back' })}
    />
  );
}

/** What the desk says of the act the server took last: a result saved, an order moved. */
function doneText(desk: ReturnType<typeof useLabDesk>): string | null {
  const done = desk.context.done;
  if (!done) return null;
  const order = desk.context.orders.find((o) => o.id === ('order' in done ? done.order : -1));
  if (done.kind === 'result') {
    const marker = order ? orderMarkers(order, desk.context.catalogue).find((m) => m.id === done.marker) : undefined;
    const person = order?.people.find((p) => p.id === done.person);
    return T.saved(marker?.name ?? '', done.value, marker?.unit ?? '', person?.name ?? '');
  }
  if (done.kind === 'move') return T.moved(done.order, T.status[done.to]);
  return null;
}

/** The lab desk's queue; `client` narrows it to one client's orders; `catalogue` adds the catalogue and pincodes (back office). */
export function LabDesk({ client = null, catalogue = client === null }: { client?: number | null; catalogue?: boolean }) {
  const desk = useLabDesk(client);
  const saved = doneText(desk);
  if (desk.failed)
    return (
      <Alert severity="error" action={<Button onClick={() => desk.send({ type: 'desk.retry' })}>Retry</Button>}>
        The lab orders could not be loaded.
      </Alert>
    );
  // The catalogue forms stay mounted while the queue is read again, so a half-typed item survives a save elsewhere.
  const firstLoad = desk.loading && desk.context.orders.length === 0;
  return (
    <Box data-lab-desk>
      {(desk.context.message ?? desk.reschedule.message) && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {desk.context.message ?? desk.reschedule.message}
        </Alert>
      )}
      {saved && (
        <Alert severity="success" role="status" data-testid="lab-desk-done" sx={{ mb: 2 }}>
          {saved}
        </Alert>
      )}
      {client === null && (
        <Typography variant="h6" component="h2">
          {T.title}
        </Typography>
      )}
      {firstLoad && <CircularProgress aria-label={T.title} />}
      {!firstLoad && desk.context.orders.length === 0 && <Typography>{T.empty}</Typography>}
      {desk.context.orders.map((order) => (
        <OrderCard key={order.id} order={order} desk={desk} />
      ))}
      {catalogue && <LabCatalogue desk={desk} />}
    </Box>
  );
}
