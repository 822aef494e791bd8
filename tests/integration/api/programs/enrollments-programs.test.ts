// Programs and enrollments: the catalogue, enrolling, changing and ending an enrollment, and what
// a client sees of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_ERRORS } from '../../../../server/api/programs/enrollments-routes.ts';
import { PROGRAM_IN_USE, PROGRAM_NAME_TAKEN } from '../../../../server/api/programs/programs-routes.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('programs and enrollments on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let coach: Actor;
  let client: Actor;
  let other: Actor;
  let program: { id: number };
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    coach = await addUser(t, 'HEALTH_COACH');
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  it('keeps a catalogue with unique names', async () => {
    const created = await api(t, admin, 'POST', '/programs/programs', {
      name: 'Metabolic Reset',
      description: 'Twelve weeks',
      duration_weeks: 12,
      price_inr: 45000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Metabolic Reset', duration_weeks: 12, price_inr: 45000, active: true });
    program = created.body;
    const dup = await api(t, admin, 'POST', '/programs/programs', { name: 'metabolic reset', duration_weeks: 4, price_inr: 1 });
    expect(dup.status).toBe(400);
    expect(dup.body.errors).toEqual({ name: [PROGRAM_NAME_TAKEN] });
    const list = await api(t, client, 'GET', '/programs/programs');
    expect(list.body.map((p: { name: string }) => p.name)).toContain('Metabolic Reset');
  });

  it('enrolls a client, lists, changes and removes the enrollment, each audited', async () => {
    const created = await api(t, coach, 'POST', '/users/user-program-enrollments', {
      user: client.id,
      program: program.id,
      start_date: '2026-03-01',
      notes: 'Starts after Holi',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user: client.id,
      program: program.id,
      program_name: 'Metabolic Reset',
      status: 'active',
      start_date: '2026-03-01',
      end_date: null,
      notes: 'Starts after Holi',
    });
    await api(t, coach, 'POST', '/users/user-program-enrollments', { user: other.id, program: program.id, start_date: '2026-03-02' });

    // A client sees only their own, with or without ?user=.
    const own = await api(t, client, 'GET', '/users/user-program-enrollments');
    expect(own.body.map((e: { user: number }) => e.user)).toEqual([client.id]);
    expect((await api(t, client, 'GET', `/users/user-program-enrollments?user=${other.id}`)).status).toBe(404);
    const all = await api(t, coach, 'GET', '/users/user-program-enrollments');
    expect(all.body.length).toBe(2);
    const filtered = await api(t, coach, 'GET', `/users/user-program-enrollments?user=${other.id}`);
    expect(filtered.body.map((e: { user: number }) => e.user)).toEqual([other.id]);

    const patched = await api(t, coach, 'PATCH', `/users/user-program-enrollments/${created.body.id}`, { status: 'completed', end_date: '2026-05-24' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'completed', end_date: '2026-05-24', start_date: '2026-03-01' });
    const badEnd = await api(t, coach, 'PATCH', `/users/user-program-enrollments/${created.body.id}`, { start_date: '2026-06-01' });
    expect(badEnd.status).toBe(400);
    expect(badEnd.body.errors).toEqual({ end_date: [ENROLLMENT_ERRORS.endBeforeStart] });

    const inUse = await api(t, admin, 'DELETE', `/programs/programs/${program.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body).toEqual({ detail: PROGRAM_IN_USE });

    expect((await api(t, coach, 'DELETE', `/users/user-program-enrollments/${created.body.id}`)).status).toBe(204);
    expect((await api(t, coach, 'DELETE', `/users/user-program-enrollments/${created.body.id}`)).status).toBe(404);

    const events = await api(t, admin, 'GET', `/audit/events?client=${client.id}&actor=${coach.id}&page_size=100`);
    const actions = events.body.results.map((e: { action: string }) => e.action);
    for (const action of ['enrollment.create', 'enrollment.update', 'enrollment.delete']) expect(actions).toContain(action);
    const reads = await api(t, admin, 'GET', `/audit/events?client=${client.id}&actor=${client.id}&action=enrollment.list`);
    expect(reads.body.count).toBeGreaterThan(0);
  });

  it('refuses new enrollments in an inactive program', async () => {
    const retired = await api(t, admin, 'POST', '/programs/programs', { name: 'Old Detox', duration_weeks: 2, price_inr: 5000, active: false });
    const res = await api(t, coach, 'POST', '/users/user-program-enrollments', { user: client.id, program: retired.body.id, start_date: '2026-03-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ program: [ENROLLMENT_ERRORS.inactiveProgram] });
    expect((await api(t, client, 'GET', '/programs/programs?active=true')).body.map((p: { name: string }) => p.name)).not.toContain('Old Detox');
    expect((await api(t, admin, 'DELETE', `/programs/programs/${retired.body.id}`)).status).toBe(204);
    expect((await api(t, admin, 'GET', `/programs/programs/${retired.body.id}`)).status).toBe(404);
  });
});
