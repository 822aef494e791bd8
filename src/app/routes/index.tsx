// Which screen each route shows. A route without an entry here is not built yet: it renders the
// not-available page and stays out of the navigation. Adding a real page is one line here.
// Pages load on demand (one chunk each), so /login and each page download only what they use.
import type { ComponentType } from 'react';
import { deferred } from '../deferred';
import { LoadingPage } from '../pages/loading-page';
import { NotAvailablePage } from '../pages/not-available-page';
import type { RouteKey } from '../paths';

/** A page whose code downloads when its route is first shown (src/app/deferred.tsx). */
function onDemand(load: () => Promise<ComponentType>): ComponentType {
  return deferred(load, <LoadingPage />) as ComponentType;
}

export const pages: Partial<Record<RouteKey, ComponentType>> = {
  clients: onDemand(async () => (await import('../../features/clients/clients-page')).ClientsPage),
  // The record composes the support domain's staff queue into its Support tab (issue 32).
  clientDetails: onDemand(async () => {
    const [{ ClientDetailsPage }, { SupportQueueSection }] = await Promise.all([import('./client-record/client-details-page'), import('../../features/support/support-queue')]);
    return function ClientDetailsScreen() {
      return <ClientDetailsPage supportQueue={SupportQueueSection} />;
    };
  }),
  users: onDemand(async () => (await import('../../features/clients/users-page')).UsersPage),
  appointments: onDemand(async () => (await import('../../features/appointments/appointments-page')).AppointmentsPage),
  backoffice: onDemand(async () => (await import('./backoffice/backoffice-page')).BackofficePage),
  support: onDemand(async () => (await import('../../features/support/staff-support-page')).StaffSupportPage),
  labDesk: onDemand(async () => (await import('../../features/labs/lab-desk-page')).LabDeskPage),
  thriveDashboard: onDemand(async () => (await import('../../features/thrive/thrive-dashboard-page')).ThriveDashboardPage),
  thriveDashboardUser: onDemand(async () => (await import('../../features/thrive/thrive-client-page')).ThriveClientPage),
  discovery: onDemand(async () => (await import('../../features/discovery/discovery-page')).DiscoveryPage),
  clientDiscovery: onDemand(async () => (await import('../../features/discovery/prospect-page')).ProspectPage),
  clientDiscoveryVisit: onDemand(async () => (await import('../../features/discovery/visit-page')).VisitPage),
  ivVisit: onDemand(async () => (await import('../../features/visits/visit-page')).IvVisitPage),
  hbotVisit: onDemand(async () => (await import('../../features/visits/visit-page')).HbotVisitPage),
  petVisit: onDemand(async () => (await import('../../features/visits/visit-page')).PetVisitPage),
  redLightVisit: onDemand(async () => (await import('../../features/visits/visit-page')).RedLightVisitPage),
  firVisit: onDemand(async () => (await import('../../features/visits/visit-page')).FirVisitPage),
  portalHome: onDemand(async () => (await import('./portal-home-page')).PortalHomePage),
  portalThriveCheck: onDemand(async () => (await import('../../features/clients/portal/thrive-check-page')).ThriveCheckPage),
  portalOnboard: onDemand(async () => (await import('../../features/clients/portal/onboarding-page')).OnboardingPage),
  portalProfile: onDemand(async () => (await import('../../features/clients/portal/profile-page')).ProfilePage),
  portalCognitive: onDemand(async () => (await import('../../features/cognitive/cognitive-page')).CognitivePage),
  portalSupport: onDemand(async () => (await import('../../features/support/support-page')).SupportPage),
  portalInClinic: onDemand(async () => (await import('../../features/appointments/visit-booking-page')).InClinicPage),
  portalIntakeCall: onDemand(async () => (await import('../../features/appointments/visit-booking-page')).IntakeCallPage),
  portalBookTest: onDemand(async () => (await import('../../features/labs/book-test-page')).BookTestPage),
  portalReports: onDemand(async () => (await import('../../features/labs/reports-page')).ReportsPage),
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export { isBuilt } from '../built-routes';
