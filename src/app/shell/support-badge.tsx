// The back office's nav item carries the number of support tickets waiting on the clinic (new or
// open), so the queue is noticed without opening it. When to count again is the queue count
// chart's (machines/support/queue-count-machine.ts); the view gives it the count and the
// browser's navigation events.
import { Badge } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import type { ReactNode } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { type QueueCountEvent, queueCountMachine } from '../../../machines/support/queue-count-machine.ts';
import { queueCountSelectors } from '../../../machines/support/selectors.ts';
import { countTicketsNeedingStaff } from '../../features/support/shell.ts';
import { LOCATION_EVENTS } from './app-api.ts';
import { useShell } from './shell-context.tsx';

export function SupportQueueBadge({ children }: { children: ReactNode }) {
  const { api } = useShell();
  const ref = usePageActor(
    queueCountMachine.provide({
      actors: {
        countTickets: fromPromise(() => countTicketsNeedingStaff(api)),
        watchNavigation: fromCallback<QueueCountEvent>(({ sendBack }) => {
          const emit = () => sendBack({ type: 'queue.navigated', place: window.location.pathname });
          for (const type of LOCATION_EVENTS) window.addEventListener(type, emit);
          return () => {
            for (const type of LOCATION_EVENTS) window.removeEventListener(type, emit);
          };
        }),
      },
    }),
    { input: { place: window.location.pathname } },
  );
  const waiting = useSelector(ref, queueCountSelectors.waiting);
  return (
    <Badge color="error" badgeContent={waiting} max={99} data-testid="support-queue-count" sx={{ '& .MuiBadge-badge': { right: -14 } }}>
      {children}
    </Badge>
  );
}
