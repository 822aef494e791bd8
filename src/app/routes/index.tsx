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
  clients: onDemand(async () => (await import('../../features/clients')).ClientsPage),
  // The record composes the support domain's staff queue into its Support tab (issue 32).
  clientDetails: onDemand(async () => {
    const [{ ClientDetailsPage }, { SupportQueueSection }] = await Promise.all([import('./client-record/client-details-page'), import('../../features/support')]);
    return function ClientDetailsScreen() {
      return <ClientDetailsPage supportQueue={SupportQueueSection} />;
    };
  }),
  users: onDemand(async () => (await import('../../features/clients')).UsersPage),
  appointments: onDemand(async () => (await import('../../features/appointments')).AppointmentsPage),
  backoffice: onDemand(async () => (await import('./backoffice/backoffice-page')).BackofficePage),
  support: onDemand(async () => (await import('../../features/support')).StaffSupportPage),
  labDesk: onDemand(async () => (await import('../../features/labs')).LabDeskPage),
  thriveDashboard: onDemand(async () => (await import('../../features/thrive')).ThriveDashboardPage),
  thriveDashboardUser: onDemand(async () => (await import('../../features/thrive')).ThriveClientPage),
  discovery: onDemand(async () => (await import('../../features/discovery')).DiscoveryPage),
  clientDiscovery: onDemand(async () => (await import('../../features/discovery')).ProspectPage),
  clientDiscoveryVisit: onDemand(async () => (await import('../../features/discovery')).VisitPage),
  ivVisit: onDemand(async () => (await import('../../features/visits')).IvVisitPage),
  hbotVisit: onDemand(async () => (await import('../../features/visits')).HbotVisitPage),
  petVisit: onDemand(async () => (await import('../../features/visits')).PetVisitPage),
  redLightVisit: onDemand(async () => (await import('../../features/visits')).RedLightVisitPage),
  firVisit: onDemand(async () => (await import('../../features/visits')).FirVisitPage),
  portalHome: onDemand(async () => (await import('./portal-home-page')).PortalHomePage),
  portalThriveCheck: onDemand(async () => (await import('../../features/clients')).ThriveCheckPage),
  portalOnboard: onDemand(async () => (await import('../../features/clients')).OnboardingPage),
  portalProfile: onDemand(async () => (await import('../../features/clients')).ProfilePage),
  portalCognitive: onDemand(async () => (await import('../../features/cognitive')).CognitivePage),
  portalSupport: onDemand(async () => (await import('../../features/support')).SupportPage),
  portalInClinic: onDemand(async () => (await import('../../features/appointments')).InClinicPage),
  portalIntakeCall: onDemand(async () => (await import('../../features/appointments')).IntakeCallPage),
  portalBookTest: onDemand(async () => (await import('../../features/labs')).BookTestPage),
  portalReports: onDemand(async () => (await import('../../features/labs')).ReportsPage),
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export { isBuilt } from '../built-routes';
