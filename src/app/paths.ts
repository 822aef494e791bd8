// The route table (spec §2): every path the app knows, who may open it, and how to build a link
// to it. Links always come from `getHref`, never from strings assembled elsewhere.
import { ADMIN_ROLES, type Role, STAFF_ROLES } from '../../machines/guard/roles.ts';
import type { Therapy } from '../../machines/visits/therapy-fields.ts';
import { BILLING_ROLES } from '../../machines/billing/billing-roles.ts';

type Params = Record<string, string | number>;

export interface RouteDef {
  /** wouter pattern */
  path: string;
  /** Roles the guard lets through (SUPER_ADMIN always passes). */
  roles: readonly Role[];
  /** Navigation label; the page shows in the navigation only once it is built (routes.tsx). */
  label?: string;
  /**
   * A portal page a SUPER_ADMIN may open in a client's portal: it only reads, or its machines start
   * read-only there and offer no write (profile, onboarding, thrive check). The others would write
   * as the client and are refused to anyone else.
   */
  readsOnly?: true;
  /** For a page with no navigation entry of its own: the entry it sits under (a record under Clients). */
  section?: string;
}

const CLIENT: readonly Role[] = ['CLIENT'];

export const staffRoutes = {
  clients: { path: '/clients', roles: STAFF_ROLES, label: 'Clients' },
  thriveDashboard: { path: '/thrive-dashboard', roles: STAFF_ROLES, label: 'Thrive dashboard' },
  thriveDashboardUser: { path: '/thrive-dashboard/:id', roles: STAFF_ROLES, section: 'thriveDashboard' },
  appointments: { path: '/appointments', roles: STAFF_ROLES, label: 'Appointments' },
  discovery: { path: '/discovery', roles: STAFF_ROLES, label: 'Discovery' },
  clientDiscovery: { path: '/client/discovery/:clientId', roles: STAFF_ROLES, section: 'discovery' },
  clientDiscoveryVisit: { path: '/client/discovery/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'discovery' },
  clientDetails: { path: '/client/:clientId/details', roles: STAFF_ROLES, section: 'clients' },
  ivVisit: { path: '/client/iv/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'clients' },
  hbotVisit: { path: '/client/hbot/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'clients' },
  petVisit: { path: '/client/pet/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'clients' },
  redLightVisit: { path: '/client/red_light/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'clients' },
  firVisit: { path: '/client/fir/:clientId/visit/:visitId', roles: STAFF_ROLES, section: 'clients' },
  support: { path: '/support', roles: STAFF_ROLES, label: 'Support' },
  labDesk: { path: '/labs', roles: STAFF_ROLES, label: 'Lab desk' },
  // Billing (issue 34): RECEPTION and ADMIN bill and take payments; SUPER_ADMIN passes and reads.
  billing: { path: '/billing', roles: BILLING_ROLES, label: 'Billing' },
  billingDocument: { path: '/billing/documents/:id', roles: BILLING_ROLES, section: 'billing' },
  backoffice: { path: '/backoffice', roles: ADMIN_ROLES, label: 'Back office' },
  users: { path: '/users', roles: ADMIN_ROLES, label: 'Users' },
  // A staff member's own account (issue 39: their passkeys), reached from the user menu rather than the navigation.
  staffProfile: { path: '/profile', roles: STAFF_ROLES },
} as const satisfies Record<string, RouteDef>;

export const portalRoutes = {
  portalHome: { path: '/user/home/:clientId', roles: CLIENT, label: 'Home', readsOnly: true },
  portalReports: { path: '/user/reports/:clientId', roles: CLIENT, label: 'Reports', readsOnly: true },
  portalProfile: { path: '/user/profile/:clientId', roles: CLIENT, label: 'Profile', readsOnly: true },
  portalOnboard: { path: '/user/thrive-onboard/:clientId', roles: CLIENT, label: 'Onboarding', readsOnly: true },
  portalBookTest: { path: '/user/book-test/:clientId', roles: CLIENT, label: 'Book a test' },
  portalThriveCheck: { path: '/user/thrive-check/:clientId', roles: CLIENT, label: 'Thrive check', readsOnly: true },
  portalCognitive: { path: '/user/cognitive-assessment/:clientId', roles: CLIENT, label: 'Cognitive assessment' },
  portalIntakeCall: { path: '/user/intake-call/:clientId', roles: CLIENT, label: 'Intake call' },
  portalInClinic: { path: '/user/in-clinic/:clientId', roles: CLIENT, label: 'In clinic' },
  portalSupport: { path: '/user/support/:clientId', roles: CLIENT, label: 'Support' },
  // The client's billing documents (issue 34); a SUPER_ADMIN reads them, the page offers no payment.
  portalInvoices: { path: '/user/invoices/:clientId', roles: CLIENT, label: 'My invoices', readsOnly: true },
  // The client's packages (issue 35); a SUPER_ADMIN reads them, the page offers no payment.
  portalPackages: { path: '/user/packages/:clientId', roles: CLIENT, label: 'My packages', readsOnly: true },
} as const satisfies Record<string, RouteDef>;

export const otherRoutes = {
  home: { path: '/', roles: [] },
  login: { path: '/login', roles: [] },
  unauthorized: { path: '/unauthorized', roles: [] },
} as const satisfies Record<string, RouteDef>;

export const paths = { ...staffRoutes, ...portalRoutes, ...otherRoutes };
export type RouteKey = keyof typeof paths;

/** The link to a route: `getHref('clientDetails', { clientId: 7 })` -> `/client/7/details`. */
export function getHref(key: RouteKey, params: Params = {}, query?: Record<string, string>): string {
  const href = paths[key].path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`getHref(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${href}?${search}` : href;
}

/** Each therapy's visit chart route (spec §2: /client/{therapy}/{clientId}/visit/{visitId}). */
const VISIT_CHART_ROUTES = { iv: 'ivVisit', hbot: 'hbotVisit', pet: 'petVisit', red_light: 'redLightVisit', fir: 'firVisit' } as const satisfies Record<
  Therapy,
  RouteKey
>;

/** Where a visit's chart lives, from the visit's therapy, client and id. */
export function visitChartHref(visit: { therapy: Therapy; client: number; id: number }): string {
  return getHref(VISIT_CHART_ROUTES[visit.therapy], { clientId: visit.client, visitId: visit.id });
}

/** The staff navigation entry a location belongs to: its own route's, or the entry its page sits
 *  under (a client's record and visit charts under Clients, a prospect under Discovery). */
export function staffSectionOf(location: string): string | null {
  for (const [key, route] of Object.entries(staffRoutes) as Array<[string, RouteDef]>) {
    if (new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`).test(location)) return route.section ?? key;
  }
  return null;
}

/** Where sign-in returns to: only a same-site path (never `//host` or a full URL), and never back to /login. */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login/')) return '/';
  return from;
}
