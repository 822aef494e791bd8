// The day's close in the kill -9 test (tests/reliability/faults.test.ts), issue 35: a till's day
// counted on 60 tills at once, SIGKILL, restart: every acknowledged count is there with its cash
// and reason, and a count not acknowledged is either whole or absent. Then the 60 days closed at
// once, SIGKILL, restart: every acknowledged close holds, and no day is anything but counted or
// closed.
import { localTime } from '../../machines/appointments/scheduling-rules.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { signInAgain } from './home-view-faults.ts';
import { clientToken } from './portal-seen-faults.ts';

const TILLS = 60;

export async function killDuringDayClose(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  const root = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const email = `till.admin.${stamp}@test.clinic`;
  ok(await call(server.baseUrl, root, 'POST', '/users/users', { email, first_name: 'Till', last_name: 'Admin', role: 'ADMIN' }), 'admin');
  let desk = await clientToken(server.baseUrl, email);
  const day = localTime('Asia/Kolkata', Date.now()).date;
  const tills: number[] = [];
  for (let i = 0; i < TILLS; i++) tills.push(ok(await call(server.baseUrl, desk, 'POST', '/billing/tills', { name: `Till ${i} ${stamp}` }), 'till').id);
  const cashOf = (i: number) => 100 * (i + 1);
  const reasonOf = (i: number) => `Float of ${cashOf(i)} paise left in`;
  const dayOf = (i: number) => `/billing/tills/${tills[i]}/days/${day}`;

  // Round 1: counts.
  const counted = new Set<number>();
  let target = server;
  await killMidWrites(
    target,
    TILLS,
    (i) => call(target.baseUrl, desk, 'POST', `${dayOf(i)}/count`, { counted_cash_paise: cashOf(i), reason: reasonOf(i) }),
    (i) => counted.add(i),
  );
  server = await options.start();
  let reader = await options.token(server.baseUrl);
  let lost = 0;
  let broken = 0;
  const countedNow: number[] = [];
  for (let i = 0; i < TILLS; i++) {
    const d = ok(await call(server.baseUrl, reader, 'GET', dayOf(i)), 'day');
    const whole = d.status === 'counted' && d.counted_cash_paise === cashOf(i) && d.reason === reasonOf(i) && d.difference_paise === cashOf(i);
    if (counted.has(i) && !whole) lost += 1;
    if (!whole && (d.status !== 'open' || d.counted_cash_paise !== null)) broken += 1;
    if (whole) countedNow.push(i);
  }

  // Round 2: closes of every counted day, all at once.
  const closed = new Set<number>();
  target = server;
  desk = await signInAgain(server.baseUrl, email);
  await killMidWrites(
    target,
    countedNow.length,
    (k) => call(target.baseUrl, desk, 'POST', `${dayOf(countedNow[k])}/close`),
    (k) => closed.add(countedNow[k]),
  );
  server = await options.start();
  reader = await options.token(server.baseUrl);
  for (const i of countedNow) {
    const d = ok(await call(server.baseUrl, reader, 'GET', dayOf(i)), 'day');
    if (closed.has(i) && (d.status !== 'closed' || !d.closed_at)) lost += 1;
    if (!['counted', 'closed'].includes(d.status) || d.counted_cash_paise !== cashOf(i)) broken += 1;
  }
  await server.stop('SIGTERM');
  return { acknowledged: counted.size + closed.size, lost, broken };
}
