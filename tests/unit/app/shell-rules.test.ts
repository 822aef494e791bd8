// The shell's pure rules: links from the route table, where sign-in may return to, the §8
// banner texts, the placeholder profile and the inactivity settings.
import { describe, expect, it } from 'vitest';
import { INACTIVITY_TIMEOUT_MS } from '../../../machines/inactivity/inactivity-machine.ts';
import { placeholderProfile } from '../../../machines/app/app-machine.ts';
import { roleIsAllowed } from '../../../machines/guard/roles.ts';
import { getHref, paths, portalRoutes, safeReturnPath, staffRoutes, staffSectionOf } from '../../../src/app/paths.ts';
import { genderLabel, profileErrorText } from '../../../src/app/shell/profile-errors.ts';
import { inactivitySettings } from '../../../src/app/shell/inactivity-settings.ts';
import * as text from '../../../src/app/shell-text.ts';

describe('the staff navigation entry a page sits under', () => {
  it("is the page's own entry, or Clients for a record and its visit charts, Discovery for a prospect", () => {
    expect(staffSectionOf('/clients')).toBe('clients');
    expect(staffSectionOf('/client/7/details')).toBe('clients');
    expect(staffSectionOf('/client/hbot/7/visit/3')).toBe('clients');
    expect(staffSectionOf('/client/red_light/7/visit/3')).toBe('clients');
    expect(staffSectionOf('/client/discovery/7')).toBe('discovery');
    expect(staffSectionOf('/client/discovery/7/visit/2')).toBe('discovery');
    expect(staffSectionOf('/thrive-dashboard/7')).toBe('thriveDashboard');
    expect(staffSectionOf('/backoffice')).toBe('backoffice');
    expect(staffSectionOf('/user/home/7')).toBeNull();
  });

  it('names only entries that exist in the navigation', () => {
    for (const route of Object.values(staffRoutes) as Array<{ section?: string }>) {
      if (route.section) expect(staffRoutes).toHaveProperty(route.section);
    }
  });
});

describe('route table', () => {
  it('has every route of spec §2, the staff queue and lab desk of issue 32, the billing desk and My invoices of issue 34, My packages of issue 35, and the staff profile of issue 39', () => {
    expect(
      Object.values(paths)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/',
        '/login',
        '/unauthorized',
        '/clients',
        '/thrive-dashboard',
        '/thrive-dashboard/:id',
        '/appointments',
        '/discovery',
        '/client/discovery/:clientId',
        '/client/discovery/:clientId/visit/:visitId',
        '/client/:clientId/details',
        '/client/iv/:clientId/visit/:visitId',
        '/client/hbot/:clientId/visit/:visitId',
        '/client/pet/:clientId/visit/:visitId',
        '/client/red_light/:clientId/visit/:visitId',
        '/client/fir/:clientId/visit/:visitId',
        '/backoffice',
        '/users',
        '/profile',
        '/support',
        '/labs',
        '/billing',
        '/billing/documents/:id',
        ...[
          'home',
          'reports',
          'profile',
          'thrive-onboard',
          'book-test',
          'thrive-check',
          'cognitive-assessment',
          'intake-call',
          'in-clinic',
          'support',
          'invoices',
          'packages',
        ].map((s) => `/user/${s}/:clientId`),
      ].sort(),
    );
  });

  it('builds links with encoded parameters and queries, and refuses missing parameters', () => {
    expect(getHref('clientDetails', { clientId: 7 })).toBe('/client/7/details');
    expect(getHref('redLightVisit', { clientId: 3, visitId: 9 })).toBe('/client/red_light/3/visit/9');
    expect(getHref('login', {}, { from: '/clients?page=2' })).toBe('/login?from=%2Fclients%3Fpage%3D2');
    expect(getHref('portalHome', { clientId: 'a/b' })).toBe('/user/home/a%2Fb');
    expect(() => getHref('portalHome')).toThrow(/clientId/);
  });

  it('lets staff (not clients) into staff pages, admins into /users and /backoffice, SUPER_ADMIN everywhere, clients into the portal', () => {
    for (const def of Object.values(staffRoutes)) {
      expect(roleIsAllowed('CLIENT', def.roles)).toBe(false);
      expect(roleIsAllowed('SUPER_ADMIN', def.roles)).toBe(true);
      expect(roleIsAllowed('ADMIN', def.roles)).toBe(true);
    }
    expect(roleIsAllowed('NURSE', staffRoutes.users.roles)).toBe(false);
    expect(roleIsAllowed('DOCTOR', staffRoutes.backoffice.roles)).toBe(false);
    expect(roleIsAllowed('NUTRITIONIST', staffRoutes.firVisit.roles)).toBe(true);
    for (const def of Object.values(portalRoutes)) expect(roleIsAllowed('CLIENT', def.roles)).toBe(true);
    expect(roleIsAllowed(null, staffRoutes.clients.roles)).toBe(false);
  });

  it('returns after sign-in only to a same-site path other than /login', () => {
    expect(safeReturnPath('/client/3/details?tab=visits')).toBe('/client/3/details?tab=visits');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/login', '/login?from=%2F']) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});

describe('profile load banner (spec §8) and placeholder (spec §3)', () => {
  it('maps each failure to its text', () => {
    expect(profileErrorText({ kind: 'network' })).toBe(text.PROFILE_ERROR_NETWORK);
    expect(profileErrorText({ kind: 'http', status: 401 })).toBe(text.PROFILE_ERROR_401);
    expect(profileErrorText({ kind: 'http', status: 403, message: 'no' })).toBe(text.PROFILE_ERROR_403);
    expect(profileErrorText({ kind: 'http', status: 503 })).toBe(text.PROFILE_ERROR_5XX);
    expect(profileErrorText({ kind: 'http', status: 500 })).toBe(text.PROFILE_ERROR_5XX);
    expect(profileErrorText({ kind: 'http', status: 404, message: 'No such user.' })).toBe('No such user.');
    expect(profileErrorText({ kind: 'other' })).toBe('An unknown error occurred');
    expect(text.PROFILE_ERROR_NETWORK).toBe('Network error: Unable to connect to the API server. Please check your internet connection or contact support.');
    expect(text.PROFILE_ERROR_403).toBe("Authorization error: You don't have permission to access this resource.");
  });

  it('uses the placeholder: name Unknown, gender Not specified, role client', () => {
    const p = placeholderProfile(null);
    expect(p.first_name).toBe(text.PLACEHOLDER_NAME);
    expect(genderLabel(p.gender)).toBe('Not specified');
    expect(p.role).toBe('client');
    expect([genderLabel('M'), genderLabel('F')]).toEqual(['Male', 'Female']);
  });
});

describe('spec strings', () => {
  it('are word for word', () => {
    expect(text.NEW_VERSION_AVAILABLE).toBe('A new version is available!');
    expect(text.REFRESH_NOW).toBe('Refresh Now');
    expect(text.SESSION_EXPIRED).toBe('Your session has expired. Please log in again.');
    expect(text.CONSENT_ACCEPT_LABEL).toBe('I Accept');
    expect(text.CONSENT_CONTINUE).toBe('Continue to the app');
    expect(text.CONSENT_PROCESSING).toBe('Processing...');
    expect(text.CONSENT_TICK_REQUIRED).toBe('Please accept the terms by checking the box');
    expect(text.CONSENT_SAVE_FAILED).toBe('Failed to record consent. Please try again.');
    expect(text.unauthorizedText('a@b.c')).toContain('a@b.c');
  });
});

describe('inactivity settings', () => {
  it('is 15 minutes with a one-minute warning; the stored value may only shorten it', () => {
    expect(inactivitySettings(null)).toEqual({ timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: 60_000 });
    expect(inactivitySettings('6000')).toEqual({ timeoutMs: 6000, warningMs: 1500 });
    expect(inactivitySettings(String(24 * 3600_000))).toEqual({ timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: 60_000 });
    expect(inactivitySettings('soon')).toEqual({ timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: 60_000 });
    expect(inactivitySettings('10')).toEqual({ timeoutMs: INACTIVITY_TIMEOUT_MS, warningMs: 60_000 });
  });
});
