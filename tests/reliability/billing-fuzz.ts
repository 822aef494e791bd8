// What the fuzzer needs for billing (issue 34): the clinic's tax settings saved (so drafts, issues
// and payments get past "not set up" into their own checks), and a draft and an issued document
// for each of a few clients, whose ids the billing operations' paths aim at, and an advance each
// for the refund vouchers' path.
import type { Actor } from '../integration/api/support.ts';
import type { TestApp } from '../support/test-app.ts';
import { SETTINGS } from '../integration/api/billing/fixtures.ts';
import { localTime } from '../../machines/appointments/scheduling-rules.ts';

async function call(t: TestApp, actor: Actor, method: 'POST' | 'PUT', url: string, payload: object): Promise<{ status: number; body: { id?: number } }> {
  const res = await t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${actor.accessToken}` }, payload });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

/** Saves the settings and makes a draft and an issued document per client; the documents' ids. */
export async function billingFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<number[]> {
  const admin = actors.find((a) => a.role === 'ADMIN')!;
  const desk = actors.find((a) => a.role === 'RECEPTION')!;
  const saved = await call(t, admin, 'PUT', '/billing/settings', SETTINGS);
  if (saved.status !== 200) throw new Error(`billing settings: ${saved.status}`);
  const ids: number[] = [];
  for (const client of clients) {
    for (const issue of [false, true]) {
      const draft = await call(t, desk, 'POST', '/billing/documents', {
        from: 'manual',
        client,
        lines: [{ description: 'Hydrafacial', code: '999722', unit_price_paise: 250000, gst_rate_bp: 1800 }],
      });
      if (draft.status !== 201) throw new Error(`billing draft: ${draft.status}`);
      if (issue && (await call(t, desk, 'POST', `/billing/documents/${draft.body.id}/issue`, {})).status !== 200) throw new Error('billing issue');
      ids.push(draft.body.id!);
    }
  }
  return ids;
}

/** An advance (a receipt voucher) per client, for the refund operation's path ids; their ids. */
export async function billingAdvanceFixtures(t: TestApp, actors: Actor[], clients: number[]): Promise<number[]> {
  const desk = actors.find((a) => a.role === 'RECEPTION')!;
  const ids: number[] = [];
  for (const client of clients) {
    const taken = await call(t, desk, 'POST', '/billing/advances', { client, amount_paise: 1_180_000, method: 'cash' });
    if (taken.status !== 201) throw new Error(`billing advance: ${taken.status}`);
    ids.push(taken.body.id!);
  }
  return ids;
}

/** Two tills besides the first (issue 35), for the day's close paths: a fuzzed close never locks the first till the other operations pay at. */
export async function billingTillFixtures(t: TestApp, actors: Actor[]): Promise<number[]> {
  const admin = actors.find((a) => a.role === 'ADMIN')!;
  const ids: number[] = [];
  for (const name of ['Fuzz counter', 'Fuzz spa desk']) {
    const made = await call(t, admin, 'POST', '/billing/tills', { name });
    if (made.status !== 201) throw new Error(`billing till: ${made.status}`);
    ids.push(made.body.id!);
  }
  return ids;
}

/** The business days a till's day path aims at: today and yesterday in the clinic (Asia/Kolkata by default), and a date that is no day. */
export function fuzzBusinessDays(): string[] {
  const day = (offsetDays: number) => localTime('Asia/Kolkata', Date.now() + offsetDays * 86_400_000).date;
  return [day(0), day(-1), '2026-02-30'];
}
