// The parts of the shell only a signed-in user (or /unauthorized) sees: the staff and portal
// frames, the consent and inactivity dialogs, the profile banner and the read-only portal. One
// chunk, loaded on demand by app-shell.tsx, so /login's first paint downloads none of it (nor what
// the frames pull in: the navigation drawers, the user menu, the portal bookings badge).
export { UnauthorizedPage } from '../pages/unauthorized-page.tsx';
export { ConsentDialog } from './consent-dialog.tsx';
export { InactivityWarning } from './inactivity-warning.tsx';
export { PortalLayout } from './portal-layout.tsx';
export { PortalReadOnly } from './portal-read-only.tsx';
export { ProfileBanner } from './profile-banner.tsx';
export { StaffLayout } from './staff-layout.tsx';
