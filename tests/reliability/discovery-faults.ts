// Discovery's part of the kill -9 test (tests/reliability/faults-clinical.test.ts): prospects added by
// staff, enquiries from the website form, stage moves (new → contacted) and calls logged on one
// prospect, hundreds in flight, SIGKILL, restart on the same data. Every acknowledged prospect and
// enquiry is there exactly once as sent, every acknowledged move and call once; nothing is
// half-written (a prospect without its first stage entry, a stage that its history does not end in).
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const WRITES = 300;

/** The website's form is public and limited per sender address, so each enquiry comes from its own (behind the proxy). */
async function enquire(baseUrl: string, i: number, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/api/v1/discovery/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export async function killDuringDiscoveryWrites(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const email = (kind: string, i: number) => `fault.${kind}.${i}.${stamp}@test.clinic`;
  const shared = ok(
    await call(server.baseUrl, token, 'POST', '/discovery/prospects', {
      first_name: 'Fault',
      last_name: `Shared ${stamp}`,
      email: email('shared', 0),
      source: 'event',
    }),
    'shared prospect',
  ).id as number;
  // The prospects the burst moves on, one move each (new → contacted is one step of the chart).
  const toMove: number[] = [];
  for (let i = 0; i < WRITES / 4; i++)
    toMove.push(
      ok(
        await call(server.baseUrl, token, 'POST', '/discovery/prospects', {
          first_name: 'Fault',
          last_name: `Mover ${stamp} ${i}`,
          email: email('mover', i),
          source: 'walk_in',
        }),
        'mover',
      ).id,
    );

  const created = new Map<number, number>();
  const enquiries = new Set<number>();
  const moved = new Set<number>();
  const calls = new Set<string>();
  const target = server;
  const t0 = token;
  await killMidWrites(
    target,
    WRITES,
    async (i) => {
      const n = Math.floor(i / 4);
      switch (i % 4) {
        case 0:
          return call(target.baseUrl, t0, 'POST', '/discovery/prospects', {
            first_name: 'Fault',
            last_name: `Prospect ${stamp} ${i}`,
            email: email('prospect', i),
            source: 'referral',
            referred_by: `ref ${i}`,
            notes: `notes ${i}`,
            interests: ['weight'],
          });
        case 1:
          return enquire(target.baseUrl, i, {
            name: `Fault Enquiry ${stamp} ${i}`,
            email: email('enquiry', i),
            message: `message ${i}`,
            consent_to_contact: true,
          });
        case 2: {
          // A move answers 200; counted as acknowledged like the creations' 201.
          const res = await call(target.baseUrl, t0, 'POST', `/discovery/prospects/${toMove[n]}/transitions`, { to: 'contacted' });
          return res.status === 200 ? { ...res, status: 201 } : res;
        }
        default:
          return call(target.baseUrl, t0, 'POST', `/discovery/prospects/${shared}/calls`, { summary: `call ${stamp} ${i}` });
      }
    },
    (i, body) => {
      if (i % 4 === 0) created.set(body.id, i);
      else if (i % 4 === 1) enquiries.add(i);
      else if (i % 4 === 2) moved.add(toMove[Math.floor(i / 4)]);
      else calls.add(`call ${stamp} ${i}`);
    },
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const detail = (id: number) => call(server.baseUrl, token, 'GET', `/discovery/prospects/${id}`);
  /** Whole: its history starts with `new` and ends in the stage it shows. */
  const whole = (p: any) =>
    p.history.length >= 1 && p.history[0].from === null && p.history[0].to === 'new' && p.history.at(-1).to === p.stage && p.client_status === 'prospective';

  for (const [id, i] of created) {
    const res = await detail(id);
    if (res.status === 404) {
      lost += 1;
      continue;
    }
    const p = ok(res, 'prospect');
    if (
      !whole(p) ||
      p.stage !== 'new' ||
      p.last_name !== `Prospect ${stamp} ${i}` ||
      p.email !== email('prospect', i) ||
      p.referred_by !== `ref ${i}` ||
      p.notes !== `notes ${i}`
    )
      broken += 1;
  }
  for (const i of enquiries) {
    const page = ok(await call(server.baseUrl, token, 'GET', `/discovery/prospects?search=${encodeURIComponent(email('enquiry', i))}`), 'enquiry search');
    if (page.count === 0) {
      lost += 1;
      continue;
    }
    const p = ok(await detail(page.results[0].id), 'enquiry');
    if (page.count > 1 || !whole(p) || p.source !== 'website_form' || p.last_name !== `Enquiry ${stamp} ${i}` || p.questionnaire.message !== `message ${i}`)
      broken += 1;
  }
  for (const id of toMove) {
    const p = ok(await detail(id), 'mover');
    const moves = p.history.filter((h: { to: string }) => h.to === 'contacted').length;
    if (!whole(p) || moves > 1) broken += 1;
    else if (moved.has(id) && (moves !== 1 || p.stage !== 'contacted')) lost += 1;
  }
  // Nothing of this run half-written, acknowledged or not.
  for (let page = 1; ; page++) {
    const listed = ok(await call(server.baseUrl, token, 'GET', `/discovery/prospects?search=${stamp}&page_size=100&page=${page}`), 'list');
    for (const r of listed.results) if (!whole(ok(await detail(r.id), 'listed'))) broken += 1;
    if (!listed.next) break;
  }
  const thread = ok(await detail(shared), 'shared');
  const summaries = thread.calls.map((c: { summary: string }) => c.summary);
  for (const summary of calls) {
    const n = summaries.filter((s: string) => s === summary).length;
    if (n === 0) lost += 1;
    else if (n > 1) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: created.size + enquiries.size + moved.size + calls.size, lost, broken };
}
