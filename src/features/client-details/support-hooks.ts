// The Support section's record of the client's tickets, on the staff record machine.
import { useShell } from '../../app/port';
import { useRecord } from '../../lib/staff/hooks';
import { clientTickets } from './support-api';

export function useClientTickets(clientId: number) {
  const { api } = useShell();
  return useRecord(() => clientTickets(api, clientId));
}
