// Portal bookings shown to staff until seen: one chart per signed-in staff session
// (machines/appointments/portal-bookings-machine.ts) shared by the navigation's count, the toast
// and the list on /appointments. The provider runs it; the views only render its snapshot.
import { Alert, Badge, Button, List, ListItem, ListItemText } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useSnackbar } from 'notistack';
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { type Actor, fromPromise } from 'xstate';
import { portalBookingsMachine } from '../../../machines/appointments/portal-bookings-machine.ts';
import { portalBookingsSelectors } from '../../../machines/appointments/selectors.ts';
import { useShell } from '../../app/port.ts';
import { ClientNames, keepToldBookings, loadUnseenPortalBookings, markPortalBookingsSeen, readToldBookings } from './appointments-api.ts';
import { dayAndClock } from './clinic-time.ts';
import { MARK_SEEN, NEW_PORTAL_BOOKINGS, portalBookingsToast } from './texts.ts';

type PortalBookingsRef = Actor<typeof portalBookingsMachine>;

const PortalBookingsContext = createContext<PortalBookingsRef | null>(null);

export function PortalBookingsProvider({ children }: { children: ReactNode }) {
  const { api, auth } = useShell();
  // Told once per booking for each staff member: what this user was told of is kept in the browser per user.
  const user = auth.user?.sub ?? null;
  const { enqueueSnackbar } = useSnackbar();
  const names = useRef(new ClientNames()).current;
  const latest = useRef({ api, enqueueSnackbar });
  latest.current = { api, enqueueSnackbar };
  const ref = usePageActor(
    portalBookingsMachine.provide({
      actors: {
        loadUnseen: fromPromise(() => loadUnseenPortalBookings(latest.current.api, names)),
        markSeen: fromPromise(({ input }) => markPortalBookingsSeen(latest.current.api, names, input.ids)),
      },
      actions: {
        announce: (_, params) => latest.current.enqueueSnackbar(portalBookingsToast(params.count), { variant: 'info' }),
        keepAnnounced: (_, params) => keepToldBookings(user, params.announced),
      },
    }),
    { input: { announced: readToldBookings(user) } },
  );
  return <PortalBookingsContext.Provider value={ref}>{children}</PortalBookingsContext.Provider>;
}

function usePortalBookingsRef(): PortalBookingsRef {
  const ref = useContext(PortalBookingsContext);
  if (!ref) throw new Error('usePortalBookings outside PortalBookingsProvider');
  return ref;
}

/** The Appointments link's count of portal bookings this staff member has not seen. */
export function PortalBookingsBadge({ children }: { children: ReactNode }) {
  const count = useSelector(usePortalBookingsRef(), portalBookingsSelectors.count);
  return (
    <Badge color="error" badgeContent={count} max={99} data-testid="portal-bookings-count" sx={{ '& .MuiBadge-badge': { right: -14 } }}>
      {children}
    </Badge>
  );
}

/** On /appointments: the unseen portal bookings, each opening its appointment, and "Mark as seen". */
export function NewPortalBookings({ zone, onOpen }: { zone: string; onOpen: (id: number) => void }) {
  const ref = usePortalBookingsRef();
  const count = useSelector(ref, portalBookingsSelectors.count);
  const bookings = useSelector(ref, portalBookingsSelectors.bookings);
  const canMark = useSelector(ref, portalBookingsSelectors.canMarkSeen);
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      data-testid="new-portal-bookings"
      sx={{ mb: 1, '& .MuiAlert-message': { width: '100%' } }}
      action={
        <Button color="inherit" disabled={!canMark} onClick={() => ref.send({ type: 'portalBookings.markAllSeen' })}>
          {MARK_SEEN}
        </Button>
      }
    >
      {NEW_PORTAL_BOOKINGS(count)}
      <List dense disablePadding>
        {bookings.map((b) => (
          <ListItem key={b.id} disableGutters>
            <ListItemText>
              <Button size="small" color="inherit" sx={{ textTransform: 'none', p: 0 }} onClick={() => onOpen(b.id)} data-appointment={b.id}>
                {`${dayAndClock(b.start, zone)} · ${b.service_name} · ${b.client_name ?? `Client ${b.client}`}`}
              </Button>
            </ListItemText>
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
