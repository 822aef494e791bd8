// Which screen each route shows. A route without an entry here is not built yet: it renders the
// not-available page and stays out of the navigation. Adding a real page is one line here.
import type { ComponentType } from 'react';
import { NotAvailablePage } from './pages/not-available-page';
import type { RouteKey } from './paths';

export const pages: Partial<Record<RouteKey, ComponentType>> = {
  // clients: ClientsHubPage,
};

export function pageFor(key: RouteKey): ComponentType {
  return pages[key] ?? NotAvailablePage;
}

export function isBuilt(key: RouteKey): boolean {
  return pages[key] !== undefined;
}
