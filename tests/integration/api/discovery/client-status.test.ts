// The clients hub's status (issue 18): every client row carries its status (prospective, active,
// inactive, archived) and GET users/users?status= filters on the server, so a prospect added
// through discovery is listed as prospective until converted and a deactivated sign-in stays apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addTarget, addUser, api } from '../support.ts';
import { addProspect } from './fixtures.ts';

describe.each(engines)('client status on %s', (engine) => {
  let t: TestApp;
  let reception: Actor;
  const ids = {} as Record<'prospective' | 'active' | 'inactive' | 'archived', number>;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    reception = await addUser(t, 'RECEPTION');
    ids.prospective = (await addProspect(t, reception, undefined, { last_name: 'Statustest' })).id;
    ids.active = (await addTarget(t, 'CLIENT', { first_name: 'Kiran', last_name: 'Statustest' })).id;
    ids.inactive = (await addTarget(t, 'CLIENT', { first_name: 'Nisha', last_name: 'Statustest' })).id;
    ids.archived = (await addTarget(t, 'CLIENT', { first_name: 'Vikram', last_name: 'Statustest' })).id;
    await t.database.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', ids.inactive).execute();
    await t.database.db.updateTable('users').set({ status: 'archived' }).where('id', '=', ids.archived).execute();
  }, 120_000);
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await api(t, reception, 'GET', `/users/users?role=CLIENT&search=statustest${query}`);
    expect(res.status).toBe(200);
    return res.body.results as Array<{ id: number; status: string }>;
  };

  it('shows each client row with its status', async () => {
    const rows = await list('');
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [ids.prospective]: 'prospective',
      [ids.active]: 'active',
      [ids.inactive]: 'inactive',
      [ids.archived]: 'archived',
    });
  });

  it('filters by each status on the server', async () => {
    for (const status of ['prospective', 'active', 'inactive', 'archived'] as const) {
      const rows = await list(`&status=${status}`);
      expect(rows.map((r) => r.id)).toEqual([ids[status]]);
      expect(rows[0].status).toBe(status);
    }
  });

  it('counts only the filtered status (the page count is the server\'s)', async () => {
    const res = await api(t, reception, 'GET', '/users/users?role=CLIENT&search=statustest&status=prospective&page_size=1');
    expect(res.body.count).toBe(1);
  });

  it('refuses a status that does not exist, naming the field', async () => {
    const res = await api(t, reception, 'GET', '/users/users?role=CLIENT&status=dormant');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('status');
  });
});
