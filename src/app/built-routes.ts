// Which routes have a real screen. Kept apart from routes.tsx (which imports the pages) so a page
// can ask "is this route built?" through the port without importing itself back; a unit test
// checks that this list and routes.tsx's page table name the same routes.
import type { RouteKey } from './paths.ts';

export const BUILT_ROUTES: readonly RouteKey[] = [
  'clients',
  'clientDetails',
  'appointments',
  'users',
  'staffProfile',
  'backoffice',
  'labDesk',
  'billing',
  'billingDocument',
  'support',
  'thriveDashboard',
  'thriveDashboardUser',
  'discovery',
  'clientDiscovery',
  'clientDiscoveryVisit',
  'ivVisit',
  'hbotVisit',
  'petVisit',
  'redLightVisit',
  'firVisit',
  'portalHome',
  'portalThriveCheck',
  'portalOnboard',
  'portalProfile',
  'portalCognitive',
  'portalSupport',
  'portalInClinic',
  'portalIntakeCall',
  'portalBookTest',
  'portalReports',
  'portalInvoices',
  'portalPackages',
];

export function isBuilt(key: RouteKey): boolean {
  return BUILT_ROUTES.includes(key);
}
