// The clients hub's status column (issue 18): every client row carries its status (prospective,
// active, inactive, archived), and a prospect added through discovery is listed as prospective.
// The filter itself, status by status, is tests/integration/api/users/status-filter.test.ts.
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

  it('lists a prospect added through discovery under prospective, counted by the server', async () => {
    const res = await api(t, reception, 'GET', '/users/users?role=CLIENT&search=statustest&status=prospective&page_size=1');
    expect(res.body.count).toBe(1);
    expect(res.body.results).toEqual([expect.objectContaining({ id: ids.prospective, status: 'prospective' })]);
  });
});
