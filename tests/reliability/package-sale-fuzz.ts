// What the fuzzer needs for packages sold through billing (issue 35): a ₹0 plan with a freeze
// allowance and a priced plan (billing is set up by billing-fuzz.ts first), and packages of each
// sold to a few clients, whose ids the package operations' paths aim at (freeze, unfreeze,
// transfer, refund), so they reach their own checks rather than a 404.
import type { Actor } from '../integration/api/support.ts';
import type { TestApp } from '../support/test-app.ts';

async function call(t: TestApp, actor: Actor, url: string, payload: object): Promise<{ status: number; body: { id?: number } }> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { authorization: `Bearer ${actor.accessToken}` }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** The two plans' ids and the packages sold from them to `clients`. */
export async function packageSaleFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<{ plans: number[]; packages: number[] }> {
  const admin = actors.find((a) => a.role === 'ADMIN')!;
  const plans: number[] = [];
  for (const price of [0, 3000]) {
    const plan = await call(t, admin, '/appointments/package-plans', {
      name: `Fuzz pack ${price}`,
      therapy: 'hbot',
      sessions: 6,
      price_inr: price,
      validity_days: 60,
      freeze_allowance_days: 20,
      shareable_in_family: true,
    });
    if (plan.status !== 201) throw new Error(`package plan: ${plan.status}`);
    plans.push(plan.body.id!);
  }
  const packages: number[] = [];
  for (const client of clients)
    for (const plan of plans) {
      const sold = await call(t, admin, `/appointments/package-plans/${plan}/sell`, { client });
      if (sold.status !== 201) throw new Error(`package sale: ${sold.status}`);
      packages.push(sold.body.id!);
    }
  return { plans, packages };
}
