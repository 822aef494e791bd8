// The clinic's logo (issue 24): an administrator uploads a PNG, JPEG or WebP of at most 1 MB, its
// type read from its bytes; the sign-in page finds it through /config.json before anyone signs in,
// served as the checked type with nosniff and cached by version; staff below ADMIN cannot change it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoUrl } from '../../../../machines/rules/clinic-logo.ts';
import { LOGO_ERRORS } from '../../../../server/api/clinic/texts.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
const b64 = (bytes: Buffer) => bytes.toString('base64');

describe.each(engines)('clinic logo on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
  }, 120_000);
  afterAll(() => t.close());

  const config = async () => JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body);

  it('is none at first; an upload shows in the settings and /config.json and is served to anyone with its checked type', async () => {
    expect((await config()).clinicLogo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/clinic-logo' })).statusCode).toBe(404);

    const uploaded = await api(t, admin, 'PUT', '/clinic/logo', { content_base64: b64(PNG) });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.logo_url).toMatch(/^\/clinic-logo\?v=[0-9a-f]{16}$/);
    expect((await api(t, nurse, 'GET', '/clinic/settings')).body.logo_url).toBe(uploaded.body.logo_url);
    expect((await config()).clinicLogo).toBe(uploaded.body.logo_url);

    // Before sign-in: no bearer token.
    const served = await t.app.inject({ method: 'GET', url: uploaded.body.logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    // An old or missing version is not cached for good.
    expect((await t.app.inject({ method: 'GET', url: '/clinic-logo?v=0000000000000000' })).headers['cache-control']).toBe('no-cache');

    // A replacement is a new version.
    const replaced = await api(t, admin, 'PUT', '/clinic/logo', { content_base64: b64(JPEG) });
    expect(replaced.status).toBe(200);
    expect(replaced.body.logo_url).not.toBe(uploaded.body.logo_url);
    expect((await t.app.inject({ method: 'GET', url: replaced.body.logo_url })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, an empty or oversized file and bad base64, naming the field, and keeps the logo', async () => {
    const before = (await config()).clinicLogo;
    const cases: Array<[string, string]> = [
      [b64(SVG), LOGO_ERRORS.notAnImage],
      [b64(EXE), LOGO_ERRORS.notAnImage],
      ['not base64!', LOGO_ERRORS.notBase64],
      [b64(Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)])), LOGO_ERRORS.tooBig],
    ];
    for (const [content_base64, reason] of cases) {
      const refused = await api(t, admin, 'PUT', '/clinic/logo', { content_base64 });
      expect(refused.status, reason).toBe(400);
      expect(refused.body.errors.content_base64).toEqual([reason]);
    }
    expect((await config()).clinicLogo).toBe(before);
  });

  it('is changed only by ADMIN and SUPER_ADMIN, audited; removing it leaves the name alone and a second removal is 404', async () => {
    const refused = await api(t, nurse, 'PUT', '/clinic/logo', { content_base64: b64(PNG) });
    expect(refused.status).toBe(403);
    expect((await api(t, nurse, 'DELETE', '/clinic/logo')).status).toBe(403);

    const removed = await api(t, admin, 'DELETE', '/clinic/logo');
    expect(removed.status).toBe(200);
    expect(removed.body.logo_url).toBeNull();
    expect((await config()).clinicLogo).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/clinic-logo' })).statusCode).toBe(404);
    expect((await api(t, admin, 'DELETE', '/clinic/logo')).status).toBe(404);

    const trail = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'outcome'])
      .where('action', 'like', 'settings.logo.%')
      .orderBy('id')
      .execute();
    expect(trail.map((e) => [e.action, e.actor_id === admin.id ? 'admin' : 'nurse', e.outcome])).toEqual(
      expect.arrayContaining([
        ['settings.logo.upload', 'admin', 'success'],
        ['settings.logo.upload', 'nurse', 'denied'],
        ['settings.logo.remove', 'admin', 'success'],
      ]),
    );
    expect(logoUrl('a'.repeat(64))).toBe('/clinic-logo?v=aaaaaaaaaaaaaaaa');
  });
});
