// The support domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { clientTickets, type Ticket as ClientTicket } from './support-api.ts';
export { SupportQueueSlot, SupportSection, type SupportQueueView } from './client-support-section.tsx';
export { SECTION_SUPPORT } from './client-support-texts.ts';
export { StaffSupportPage } from './staff-support-page.tsx';
export { SupportPage } from './support-page.tsx';
export { SupportQueueSection } from './support-queue.tsx';
