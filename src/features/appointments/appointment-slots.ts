// What other domains show on the appointment panel, composed in by the route module
// (src/app/routes/appointments.tsx): billing's balance and "Bill this visit" (issue 34). The
// appointments domain names the slot and what it passes; it imports no other domain.
import { type ComponentType, createContext } from 'react';

export type AppointmentBillingView = ComponentType<{ appointment: { id: number; client: number; status: string } }>;

export const AppointmentBillingSlot = createContext<AppointmentBillingView | null>(null);
