// The client record's Support section: the staff support queue narrowed to this client (the
// tickets of the categories the signed-in role answers), worked here as on /support (answer,
// assign, move along the ticket chart), with a ticket opened for the client (issue 32). The queue
// is the support domain's; the route composes it in (src/app/routes/index.tsx), as the architecture
// has screens compose domains.
import { type ComponentType, createContext, useContext } from 'react';

export type SupportQueueView = ComponentType<{ client: number }>;

export const SupportQueueSlot = createContext<SupportQueueView | null>(null);

export function SupportSection({ clientId }: { clientId: number }) {
  const Queue = useContext(SupportQueueSlot);
  return Queue ? <Queue client={clientId} /> : null;
}
