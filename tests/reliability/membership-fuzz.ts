// What the fuzzer needs for memberships (issue 35): a plan or two (billing's settings are saved by
// billingFixtures first), and per client one membership awaiting payment and one active, whose ids
// the membership operations' paths aim at.
import type { Actor } from '../integration/api/support.ts';
import type { TestApp } from '../support/test-app.ts';

async function call(t: TestApp, actor: Actor, method: 'GET' | 'POST', url: string, payload?: object): Promise<{ status: number; body: any }> {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${actor.accessToken}` }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Plans and memberships for the fuzzer's path ids; call after billingFixtures (billing set up). */
export async function membershipFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<{ plans: number[]; memberships: number[] }> {
  const admin = actors.find((a) => a.role === 'ADMIN')!;
  const desk = actors.find((a) => a.role === 'RECEPTION')!;
  const plans: number[] = [];
  for (const [i, period] of (['monthly', 'yearly'] as const).entries()) {
    const plan = await call(t, admin, 'POST', '/memberships/plans', {
      name: `Fuzz membership ${i}`,
      fee_paise: 200000,
      period,
      gst_rate_bp: 1800,
      benefits: [{ kind: 'discount', percent: 10 }],
    });
    if (plan.status !== 201) throw new Error(`membership plan: ${plan.status}`);
    plans.push(plan.body.id);
  }
  const memberships: number[] = [];
  for (const client of clients) {
    for (const [i, plan] of plans.entries()) {
      const sold = await call(t, desk, 'POST', '/memberships', { client, plan });
      if (sold.status !== 201) throw new Error(`membership sale: ${sold.status}`);
      memberships.push(sold.body.id);
      if (i === 0) continue;
      const invoice = await call(t, desk, 'GET', `/billing/documents/${sold.body.invoice}`);
      const paid = await call(t, desk, 'POST', `/billing/documents/${sold.body.invoice}/payments`, {
        method: 'cash',
        amount_paise: invoice.body.issued.totals.totalPaise,
      });
      if (paid.status !== 201) throw new Error(`membership payment: ${paid.status}`);
    }
  }
  return { plans, memberships };
}
