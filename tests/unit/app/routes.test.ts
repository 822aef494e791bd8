// The route table's helpers: which routes are built (asked through the port, without importing
// the pages), and which route a location is for the app machine's guard.
import { describe, expect, it } from 'vitest';
import { ROLES, STAFF_ROLES } from '../../../machines/guard/roles.ts';
import { BUILT_ROUTES } from '../../../src/app/built-routes.ts';
import { isBuilt } from '../../../src/app/port.ts';
import { pages } from '../../../src/app/routes/index.tsx';
import { routeInfo } from '../../../src/app/shell/route-info.ts';

describe('built routes', () => {
  it('names exactly the routes that have a page', () => {
    expect([...BUILT_ROUTES].sort()).toEqual(Object.keys(pages).sort());
    expect(isBuilt('clients')).toBe(true);
    expect(isBuilt('appointments')).toBe(true);
    // The portal's lab pages are real (issue 20), and so are the five therapy visit charts (issue 17).
    expect(isBuilt('portalBookTest')).toBe(true);
    expect(isBuilt('portalReports')).toBe(true);
    for (const key of ['ivVisit', 'hbotVisit', 'petVisit', 'redLightVisit', 'firVisit'] as const) expect(isBuilt(key)).toBe(true);
  });
});

describe('route info', () => {
  it('opens /login and /unauthorized to anyone, guards the table pages, and needs a role elsewhere', () => {
    expect(routeInfo('/login', '?from=%2F')).toEqual({ key: 'login', origin: '/login?from=%2F', roles: null });
    expect(routeInfo('/unauthorized', '')).toEqual({ key: 'unauthorized', origin: '/unauthorized', roles: null });
    expect(routeInfo('/clients', '?page=2')).toEqual({ key: 'clients', origin: '/clients?page=2', roles: STAFF_ROLES });
    expect(routeInfo('/client/7/details', '')).toMatchObject({ key: 'clientDetails' });
    expect(routeInfo('/user/home/7', '')).toMatchObject({ key: 'portalHome', roles: ['CLIENT'] });
    expect(routeInfo('/users', '').roles).toEqual(['ADMIN', 'SUPER_ADMIN']);
    expect(routeInfo('/', '')).toEqual({ key: 'home', origin: '/', roles: ROLES });
    expect(routeInfo('/no/such/page', '')).toMatchObject({ key: 'other', roles: ROLES });
  });
});
