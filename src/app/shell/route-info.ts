// Which route a location is and who may open it, for the app machine's `route.changed`: /login
// and /unauthorized are open to anyone (roles null); a page of the route table needs its roles;
// / and unknown paths need a role (the router then sends each role home).
import { ROLES } from '../../../machines/guard/roles.ts';
import type { RouteInfo } from '../../../machines/app/app-machine.ts';
import { otherRoutes, portalRoutes, staffRoutes } from '../paths.ts';

function matches(pattern: string, pathname: string): boolean {
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+');
  return new RegExp(`^${source}/?$`).test(pathname);
}

export function routeInfo(pathname: string, search: string): RouteInfo {
  const origin = `${pathname}${search}`;
  if (matches(otherRoutes.login.path, pathname)) return { key: 'login', origin, roles: null };
  if (matches(otherRoutes.unauthorized.path, pathname)) return { key: 'unauthorized', origin, roles: null };
  for (const [key, def] of Object.entries({ ...staffRoutes, ...portalRoutes })) {
    if (matches(def.path, pathname)) return { key, origin, roles: def.roles };
  }
  return { key: pathname === '/' ? 'home' : 'other', origin, roles: ROLES };
}
