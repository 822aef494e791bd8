// What the app shell takes from the appointments domain eagerly, kept apart from index.ts so the first
// download does not carry the domain's pages (lint allows only index.ts and shell.ts from outside).
export { PortalBookingsBadge, PortalBookingsProvider } from './portal-bookings.tsx';
