// The back office's nav item carries the number of support tickets waiting on the clinic (new or
// open), so the queue is noticed without opening it. Counted again on every navigation.
import { Badge } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useRecord } from '../../lib/staff/hooks';
import { countTicketsNeedingStaff } from './app-api';
import { useShell } from './shell-context';

export function SupportQueueBadge({ children }: { children: ReactNode }) {
  const { api } = useShell();
  const [location] = useLocation();
  const count = useRecord(() => countTicketsNeedingStaff(api));
  const seen = useRef(location);
  const { reload } = count;
  useEffect(() => {
    if (seen.current === location) return;
    seen.current = location;
    reload();
  }, [location, reload]);
  const waiting = count.data ?? 0;
  return (
    <Badge color="error" badgeContent={waiting} max={99} data-testid="support-queue-count" sx={{ '& .MuiBadge-badge': { right: -14 } }}>
      {children}
    </Badge>
  );
}
