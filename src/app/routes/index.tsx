// Which screen each route shows. A route without an entry here is not built yet: it renders the
// not-available page and stays out of the navigation. Adding a real page is one line here.
// Pages load on demand (one chunk each), so /login and each page download only what they use:
// each route's module here (src/app/routes/<route>.tsx) takes its page from a domain's public
// entry, and the build keeps of that entry only what the route uses (vite.config.ts).
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
  clients: onDemand(async () => (await import('./clients.ts')).ClientsPage),
  // The record composes the support domain's staff queue into its Support tab (issue 32).
  clientDetails: onDemand(async () => {
    const [{ ClientDetailsPage }, { SupportQueueSection }] = await Promise.all([
      import('./client-record/client-details-page.tsx'),
      import('./client-record/support-queue.ts'),
    ]);
    return function ClientDetailsScreen() {
      return <ClientDetailsPage supportQueue={SupportQueueSection} />;
    };
  }),
  users: onDemand(async () => (await import('./users.tsx')).UsersPage),
  staffProfile: onDemand(async () => (await import('./staff-profile.ts')).StaffProfilePage),
  appointments: onDemand(async () => (await import('./appointments.tsx')).AppointmentsPage),
  backoffice: onDemand(async () => (await import('./backoffice/backoffice-page.tsx')).BackofficePage),
  support: onDemand(async () => (await import('./support.ts')).StaffSupportPage),
  labDesk: onDemand(async () => (await import('./lab-desk.ts')).LabDeskPage),
  billing: onDemand(async () => (await import('./billing.ts')).BillingDeskPage),
  billingDocument: onDemand(async () => (await import('./billing-document.ts')).BillingDocumentPage),
  thriveDashboard: onDemand(async () => (await import('./thrive-dashboard.ts')).ThriveDashboardPage),
  thriveDashboardUser: onDemand(async () => (await import('./thrive-dashboard-user.ts')).ThriveClientPage),
  discovery: onDemand(async () => (await import('./discovery.ts')).DiscoveryPage),
  clientDiscovery: onDemand(async () => (await import('./client-discovery.ts')).ProspectPage),
  clientDiscoveryVisit: onDemand(async () => (await import('./client-discovery-visit.ts')).VisitPage),
  ivVisit: onDemand(async () => (await import('./visit-charts.ts')).IvVisitPage),
  hbotVisit: onDemand(async () => (await import('./visit-charts.ts')).HbotVisitPage),
  petVisit: onDemand(async () => (await import('./visit-charts.ts')).PetVisitPage),
  redLightVisit: onDemand(async () => (await import('./visit-charts.ts')).RedLightVisitPage),
  firVisit: onDemand(async () => (await import('./visit-charts.ts')).FirVisitPage),
  portalHome: onDemand(async () => (await import('./portal-home-page.tsx')).PortalHomePage),
  portalThriveCheck: onDemand(async () => (await import('./portal-thrive-check.ts')).ThriveCheckPage),
  portalOnboard: onDemand(async () => (await import('./portal-onboard.ts')).OnboardingPage),
  portalProfile: onDemand(async () => (await import('./portal-profile.tsx')).PortalProfilePage),
  portalCognitive: onDemand(async () => (await import('./portal-cognitive.ts')).CognitivePage),
  portalSupport: onDemand(async () => (await import('./portal-support.ts')).SupportPage),
  portalInClinic: onDemand(async () => (await import('./portal-visit-booking.ts')).InClinicPage),
  portalIntakeCall: onDemand(async () => (await import('./portal-visit-booking.ts')).IntakeCallPage),
  portalBookTest: onDemand(async () => (await import('./portal-book-test.ts')).BookTestPage),
  portalReports: onDemand(async () => (await import('./portal-reports.ts')).ReportsPage),
  portalInvoices: onDemand(async () => (await import('./portal-invoices.ts')).MyInvoicesPage),
  portalPackages: onDemand(async () => (await import('./portal-packages.tsx')).PortalPackagesPage),
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export { isBuilt } from '../built-routes.ts';
