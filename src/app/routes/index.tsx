// Which screen each route shows. A route without an entry here is not built yet: it renders the
// not-available page and stays out of the navigation. Adding a real page is one line here.
// Pages load on demand (one chunk each), so /login and each page download only what they use.
import type { ComponentType } from 'react';
import { deferred } from '../deferred.tsx';
import { LoadingPage } from '../pages/loading-page.tsx';
import { NotAvailablePage } from '../pages/not-available-page.tsx';
import type { RouteKey } from '../paths.ts';

/** A page whose code downloads when its route is first shown (src/app/deferred.tsx). */
function onDemand(load: () => Promise<ComponentType>): ComponentType {
  return deferred(load, <LoadingPage />) as ComponentType;
}

export const pages: Partial<Record<RouteKey, ComponentType>> = {
  clients: onDemand(async () => (await import('../../features/clients/index.ts')).ClientsPage),
  // The record composes the support domain's staff queue into its Support tab (issue 32).
  clientDetails: onDemand(async () => {
    const [{ ClientDetailsPage }, { SupportQueueSection }] = await Promise.all([import('./client-record/client-details-page.tsx'), import('../../features/support/index.ts')]);
    return function ClientDetailsScreen() {
      return <ClientDetailsPage supportQueue={SupportQueueSection} />;
    };
  }),
  users: onDemand(async () => (await import('../../features/clients/index.ts')).UsersPage),
  appointments: onDemand(async () => (await import('../../features/appointments/index.ts')).AppointmentsPage),
  backoffice: onDemand(async () => (await import('./backoffice/backoffice-page.tsx')).BackofficePage),
  support: onDemand(async () => (await import('../../features/support/index.ts')).StaffSupportPage),
  labDesk: onDemand(async () => (await import('../../features/labs/index.ts')).LabDeskPage),
  thriveDashboard: onDemand(async () => (await import('../../features/thrive/index.ts')).ThriveDashboardPage),
  thriveDashboardUser: onDemand(async () => (await import('../../features/thrive/index.ts')).ThriveClientPage),
  discovery: onDemand(async () => (await import('../../features/discovery/index.ts')).DiscoveryPage),
  clientDiscovery: onDemand(async () => (await import('../../features/discovery/index.ts')).ProspectPage),
  clientDiscoveryVisit: onDemand(async () => (await import('../../features/discovery/index.ts')).VisitPage),
  ivVisit: onDemand(async () => (await import('../../features/visits/index.ts')).IvVisitPage),
  hbotVisit: onDemand(async () => (await import('../../features/visits/index.ts')).HbotVisitPage),
  petVisit: onDemand(async () => (await import('../../features/visits/index.ts')).PetVisitPage),
  redLightVisit: onDemand(async () => (await import('../../features/visits/index.ts')).RedLightVisitPage),
  firVisit: onDemand(async () => (await import('../../features/visits/index.ts')).FirVisitPage),
  portalHome: onDemand(async () => (await import('./portal-home-page.tsx')).PortalHomePage),
  portalThriveCheck: onDemand(async () => (await import('../../features/clients/index.ts')).ThriveCheckPage),
  portalOnboard: onDemand(async () => (await import('../../features/clients/index.ts')).OnboardingPage),
  portalProfile: onDemand(async () => (await import('../../features/clients/index.ts')).ProfilePage),
  portalCognitive: onDemand(async () => (await import('../../features/cognitive/index.ts')).CognitivePage),
  portalSupport: onDemand(async () => (await import('../../features/support/index.ts')).SupportPage),
  portalInClinic: onDemand(async () => (await import('../../features/appointments/index.ts')).InClinicPage),
  portalIntakeCall: onDemand(async () => (await import('../../features/appointments/index.ts')).IntakeCallPage),
  portalBookTest: onDemand(async () => (await import('../../features/labs/index.ts')).BookTestPage),
  portalReports: onDemand(async () => (await import('../../features/labs/index.ts')).ReportsPage),
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export { isBuilt } from '../built-routes.ts';
