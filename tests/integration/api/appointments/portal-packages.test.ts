// Packages in the portal (issue 35): a client reads the catalogue's active plans without the
// staff's fields, and their own packages with the plan's name; another client's are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

describe.each(engines)('packages in the portal on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let client: Actor;
  let other: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    client = await addUser(t, 'CLIENT');
    other = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const plan = async (body: Record<string, unknown>) => {
    const created = await api(t, admin, 'POST', '/appointments/package-plans', body);
    expect(created.status).toBe(201);
    return created.body.id as number;
  };

  it('a client reads the active plans only, priced in paise, with nothing internal', async () => {
    const ten = await plan({ name: 'HBOT ten', therapy: 'hbot', sessions: 10, price_inr: 45000, validity_days: 180 });
    const five = await plan({ name: 'HBOT five', therapy: 'hbot', sessions: 5, price_inr: 24000, validity_days: 90 });
    const retired = await plan({ name: 'IV old', therapy: 'iv', sessions: 3, price_inr: 15000, active: false });
    const res = await api(t, client, 'GET', '/appointments/package-catalogue');
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(retired);
    // Cheapest first within a therapy.
    expect(ids.indexOf(five)).toBeLessThan(ids.indexOf(ten));
    expect(res.body.find((p: { id: number }) => p.id === ten)).toEqual({
      id: ten,
      name: 'HBOT ten',
      therapy: 'hbot',
      sessions: 10,
      price_paise: 4_500_000,
      // Billing is not set up here: no price with tax (nothing can be bought yet).
      total_paise: null,
      validity_days: 180,
    });
    // The staff's list stays staff-only.
    expect((await api(t, client, 'GET', '/appointments/package-plans')).status).toBe(403);
    // Retiring a plan takes it off the client's list.
    await api(t, admin, 'PATCH', `/appointments/package-plans/${ten}`, { active: false });
    const after = await api(t, client, 'GET', '/appointments/package-catalogue');
    expect(after.body.map((p: { id: number }) => p.id)).not.toContain(ten);
  });

  it("a client lists their own packages with the plan's name, and another client's are 404", async () => {
    // Priced at ₹0 so the sale needs no billing set-up: what is checked here is who reads which package.
    const id = await plan({ name: 'Red light twelve', therapy: 'red_light', sessions: 12, price_inr: 0, validity_days: 60 });
    const sold = await api(t, reception, 'POST', `/appointments/package-plans/${id}/sell`, { client: client.id });
    expect(sold.status).toBe(201);
    expect(sold.body.plan_name).toBe('Red light twelve');
    const byHand = await api(t, reception, 'POST', '/appointments/packages', { client: other.id, therapy: 'hbot', sessions_total: 2 });
    expect(byHand.body.plan_name).toBeNull();
    const mine = await api(t, client, 'GET', `/appointments/packages?client=${client.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.map((p: { id: number; plan_name: string }) => [p.id, p.plan_name])).toEqual([[sold.body.id, 'Red light twelve']]);
    expect((await api(t, client, 'GET', `/appointments/packages?client=${other.id}`)).status).toBe(404);
    // Without a client named, a client still reads only their own.
    const unnamed = await api(t, client, 'GET', '/appointments/packages');
    expect(unnamed.body.every((p: { client: number }) => p.client === client.id)).toBe(true);
  });
});
