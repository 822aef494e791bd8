// The lab catalogue's part of the kill -9 test (tests/reliability/faults-clinical.test.ts): hundreds of
// catalogue edits at once (a test's name, price, active flag and both markers' ranges, each edit on
// its own test), SIGKILL, restart on the same data. Every acknowledged edit is there whole; an edit
// that was not acknowledged is there whole or not at all: no test is half edited.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';

const EDITS = 150;

interface Item {
  id: number;
  name: string;
  price_inr: number;
  active: boolean;
  markers: { code: string; name: string; unit: string; ranges: { low: number; high: number }[] }[];
}

const range = (low: number) => ({ sex: null, age_min: 0, age_max: 120, low, high: low + 10 });
const edit = (i: number) => ({
  name: `Edited test ${i}`,
  price_inr: 1000 + i,
  active: i % 2 === 0,
  markers: [
    { code: 'A', name: 'Marker A', unit: 'g/dL', ranges: [range(i)] },
    { code: 'B', name: 'Marker B', unit: 'mg/dL', ranges: [range(i + 1), { ...range(i + 2), sex: 'F' }] },
  ],
});

/** 'new' when the whole edit is there, 'old' when none of it is, 'half' otherwise. */
function stateOf(item: Item, i: number): 'new' | 'old' | 'half' {
  const e = edit(i);
  const edited =
    item.name === e.name &&
    item.price_inr === e.price_inr &&
    item.active === e.active &&
    item.markers[0]?.ranges.length === 1 &&
    item.markers[0].ranges[0].low === i &&
    item.markers[1]?.ranges.length === 2 &&
    item.markers[1].ranges[0].low === i + 1;
  if (edited) return 'new';
  const old =
    item.name === `Fault test ${i}` && item.price_inr === 100 && item.active && item.markers.every((m) => m.ranges.length === 1 && m.ranges[0].low === 1);
  return old ? 'old' : 'half';
}

export async function killDuringLabCatalogueEdits(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let token = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36).toUpperCase();
  const ids: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const created = ok(
      await call(server.baseUrl, token, 'POST', '/labs/catalogue', {
        code: `EDIT-${stamp}-${i}`,
        name: `Fault test ${i}`,
        kind: 'test',
        price_inr: 100,
        sample_type: 'Blood',
        report_hours: 12,
        markers: [
          { code: 'A', name: 'Marker A', unit: 'g/dL', ranges: [range(1)] },
          { code: 'B', name: 'Marker B', unit: 'mg/dL', ranges: [range(1)] },
        ],
      }),
      'catalogue item',
    );
    ids.push(created.id);
  }

  const acknowledged = new Set<number>();
  const target = server;
  await killMidWrites(
    target,
    EDITS,
    (i) => call(target.baseUrl, token, 'PATCH', `/labs/catalogue/${ids[i]}`, edit(i)),
    (i) => acknowledged.add(i),
  );

  server = await options.start();
  token = await options.token(server.baseUrl);
  const items = new Map((ok(await call(server.baseUrl, token, 'GET', '/labs/catalogue?all=true'), 'catalogue') as Item[]).map((item) => [item.id, item]));
  let lost = 0;
  let broken = 0;
  ids.forEach((id, i) => {
    const item = items.get(id);
    if (!item) {
      broken += 1;
      return;
    }
    const state = stateOf(item, i);
    if (state === 'half') broken += 1;
    else if (state === 'old' && acknowledged.has(i)) lost += 1;
  });
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken };
}
