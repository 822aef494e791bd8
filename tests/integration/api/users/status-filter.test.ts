// users/users?status=: the clients list filtered by a client's status (prospective, active,
// inactive, archived; migration 0800), alone and with the other filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addTarget, addUser, api } from '../support.ts';

const STATUSES = ['prospective', 'active', 'inactive', 'archived'] as const;

describe.each(engines)('users by client status on %s', (engine) => {
  let t: TestApp;
  let nurse: Actor;
  const byStatus = new Map<string, number>();
  beforeAll(async () => {
    t = await buildTestApp(engine);
    nurse = await addUser(t, 'NURSE', { first_name: 'Sunita', last_name: 'Reddy' });
    for (const status of STATUSES) {
      const { id } = await addTarget(t, 'CLIENT', { first_name: 'Status', last_name: `Client ${status}` });
      await t.database.db.updateTable('users').set({ status }).where('id', '=', id).execute();
      byStatus.set(status, id);
    }
  }, 180_000);
  afterAll(() => t.close());

  it.each(STATUSES)('status=%s lists only the clients with that status', async (status) => {
    const res = await api(t, nurse, 'GET', `/users/users?role=CLIENT&status=${status}&search=status`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((u: { id: number }) => u.id)).toEqual([byStatus.get(status)]);
    expect(res.body.count).toBe(1);
  });

  it('without status lists every status', async () => {
    const res = await api(t, nurse, 'GET', '/users/users?role=CLIENT&search=status');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(STATUSES.length);
  });
});
