// Which screen each route shows. A route without an entry here is not built yet: it renders the
// not-available page and stays out of the navigation. Adding a real page is one line here.
import type { ComponentType } from 'react';
import { NotAvailablePage } from './pages/not-available-page';
import type { RouteKey } from './paths';
import { ClientsPage } from '../features/clients/clients-page';
import { ClientDetailsPage } from '../features/client-details/client-details-page';
import { UsersPage } from '../features/users/users-page';
import { BackofficePage } from '../features/backoffice/backoffice-page';
import { PortalHomePage } from '../features/portal/home-page';
import { ThriveCheckPage } from '../features/portal/thrive-check-page';
import { OnboardingPage } from '../features/portal/onboarding-page';
import { ProfilePage } from '../features/portal/profile-page';

export const pages: Partial<Record<RouteKey, ComponentType>> = {
  clients: ClientsPage,
  clientDetails: ClientDetailsPage,
  users: UsersPage,
  backoffice: BackofficePage,
  portalHome: PortalHomePage,
  portalThriveCheck: ThriveCheckPage,
  portalOnboard: OnboardingPage,
  portalProfile: ProfilePage,
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export function isBuilt(key: RouteKey): boolean {
  return pages[key] !== undefined;
}
