// Therapy visits' part of the kill -9 test (tests/reliability/faults-clinical.test.ts): a nurse charting in
// flight (PET notes and vitals saved, IV visits completed, which takes each dose from its lot,
// screens recorded), SIGKILL, restart on the same data. Every acknowledged write is there as sent;
// none is half-written: the lot holds exactly what the completed IV visits left, and each write has
// its audit entry and no entry is without its write.
import type { ServerProcess } from '../support/server-process.ts';
import { call, killMidWrites, ok } from './fault-support.ts';
import { clientToken } from './portal-seen-faults.ts';

const PER_KIND = 100;
const DOSE = 2;
const STOCK = 1000;
const VITALS = { systolic: 120, diastolic: 80, heart_rate: 70 };

export async function killDuringVisitWrites(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number }> {
  let server = await options.start();
  let admin = await options.token(server.baseUrl);
  const base = server.baseUrl;
  const stamp = Date.now().toString(36);
  const email = `visit.nurse.${stamp}@test.clinic`;
  ok(await call(base, admin, 'POST', '/users/users', { email, first_name: 'Fault', last_name: 'Nurse', role: 'NURSE' }), 'nurse');
  const nurse = await clientToken(base, email);
  const clients: number[] = [];
  for (let i = 0; i < 5; i++)
    clients.push(
      ok(
        await call(base, admin, 'POST', '/users/users', {
          email: `visit.fault.${i}.${stamp}@test.clinic`,
          first_name: 'Fault',
          last_name: `Visit${i}`,
          role: 'CLIENT',
        }),
        'client',
      ).id,
    );
  const clientOf = (i: number) => clients[i % clients.length];
  const item = `Glutathione ${stamp}`;
  const lot = ok(
    await call(base, admin, 'POST', '/visits/stock-lots', { item, lot_number: 'GL-1', expires_on: '2099-12-31', quantity: STOCK, unit: 'g' }),
    'lot',
  ).id as number;
  const recipe = ok(
    await call(base, admin, 'POST', '/visits/iv-recipes', {
      name: `Glow ${stamp}`,
      base_fluid: 'Normal saline',
      bag_volume: 100,
      ingredients: [{ item, dose: DOSE, unit: 'g' }],
    }),
    'recipe',
  ).id as number;
  const iv = {
    recipe,
    base_fluid: 'Normal saline',
    bag_volume: 100,
    prescriber: 'Dr Rao',
    insertion_time: '09:00',
    catheter_type: 'peripheral_iv',
    gauge: 22,
    vein: 'Median cubital',
    attempts: 1,
    inserter: 'Fault Nurse',
    delivery: 'pump',
    rate: 200,
    infusion_start: '09:05',
    infusion_stop: '09:40',
    volume_given: 100,
    complication: 'none',
    catheter_intact: true,
    site_condition: 'Clean',
    ingredients: [{ item, dose: DOSE, unit: 'g', lot }],
  };
  for (const client of clients)
    for (const therapy of ['iv', 'pet']) ok(await call(base, nurse, 'POST', '/visits/contraindication-screens', { client, therapy, answers: {} }), 'screen');

  // Prepared before the burst: IV visits ready to complete, PET drafts ready to chart.
  const ivVisits: number[] = [];
  const petVisits: number[] = [];
  for (let i = 0; i < PER_KIND; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const client = clientOf(i + j);
        const v = ok(await call(base, nurse, 'POST', '/visits/therapy-visits', { client, therapy: 'iv' }), 'iv visit');
        ok(
          await call(base, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, {
            version: v.version,
            parameters: iv,
            vitals_before: VITALS,
            vitals_after: VITALS,
          }),
          'iv chart',
        );
        ok(await call(base, nurse, 'POST', `/visits/therapy-visits/${v.id}/transitions`, { to: 'in_progress' }), 'iv start');
        ivVisits[i + j] = v.id;
        petVisits[i + j] = ok(await call(base, nurse, 'POST', '/visits/therapy-visits', { client, therapy: 'pet' }), 'pet visit').id;
      }),
    );
  }

  const completed = new Set<number>();
  const charted = new Map<number, string>();
  const screened = new Map<number, number>();
  const note = (i: number) => `Session note ${i}: client relaxed, no events.`;
  const target = server;
  await killMidWrites(
    target,
    PER_KIND * 3,
    (i) => {
      const k = Math.floor(i / 3);
      if (i % 3 === 0) return call(target.baseUrl, nurse, 'POST', `/visits/therapy-visits/${ivVisits[k]}/transitions`, { to: 'completed' });
      if (i % 3 === 1)
        return call(target.baseUrl, nurse, 'PATCH', `/visits/therapy-visits/${petVisits[k]}`, { version: 1, notes: note(k), vitals_before: VITALS });
      return call(target.baseUrl, nurse, 'POST', '/visits/contraindication-screens', {
        client: clientOf(k),
        therapy: 'hbot',
        answers: { claustrophobia: k % 2 === 0 },
      });
    },
    (i, body) => {
      const k = Math.floor(i / 3);
      if (i % 3 === 0) completed.add(ivVisits[k]);
      else if (i % 3 === 1) charted.set(petVisits[k], note(k));
      else screened.set(body.id, clientOf(k));
    },
  );

  server = await options.start();
  admin = await options.token(server.baseUrl);
  const reader = admin;
  let lost = 0;
  let broken = 0;
  let completedStored = 0;
  for (const client of clients) {
    const visits = ok(await call(server.baseUrl, reader, 'GET', `/visits/therapy-visits?client=${client}`), 'visits') as Array<{
      id: number;
      therapy: string;
      status: string;
    }>;
    completedStored += visits.filter((v) => v.therapy === 'iv' && v.status === 'completed').length;
    const screens = ok(await call(server.baseUrl, reader, 'GET', `/visits/contraindication-screens?client=${client}&therapy=hbot`), 'screens') as Array<{
      id: number;
    }>;
    for (const [id, owner] of screened) if (owner === client && !screens.some((s) => s.id === id)) lost += 1;
  }
  for (const id of completed) {
    const v = ok(await call(server.baseUrl, reader, 'GET', `/visits/therapy-visits/${id}`), 'iv visit');
    if (v.status !== 'completed') lost += 1;
  }
  for (const [id, sent] of charted) {
    const v = ok(await call(server.baseUrl, reader, 'GET', `/visits/therapy-visits/${id}`), 'pet visit');
    if (v.version === 1) lost += 1;
    else if (v.notes !== sent || v.vitals_before.systolic !== VITALS.systolic) broken += 1;
  }
  // The stock moved exactly as far as the completions that committed.
  const stored = (
    ok(await call(server.baseUrl, reader, 'GET', `/visits/stock-lots?item=${encodeURIComponent(item)}`), 'lots') as Array<{ id: number; quantity: number }>
  ).find((l) => l.id === lot)!;
  if (stored.quantity !== STOCK - DOSE * completedStored) broken += 1;
  // Each committed write has its audit entry, and no entry is without its write.
  const audited = async (action: string) =>
    ok(await call(server.baseUrl, reader, 'GET', `/audit/events?action=${action}&page=1&page_size=1`), 'audit').count as number;
  if ((await audited('visit.transition')) !== PER_KIND + completedStored) broken += 1;
  await server.stop('SIGTERM');
  return { acknowledged: completed.size + charted.size + screened.size, lost, broken };
}

const ADJUSTMENTS = 300;
const LOT_STOCK = 1000;
/** Each third of the burst: a delivery, a waste, an expiry (never enough taken to reach zero). */
const adjustmentOf = (i: number) => {
  const kind = (['received', 'wasted', 'expired'] as const)[i % 3];
  return { kind, quantity: kind === 'received' ? 5 : kind === 'wasted' ? 2 : 1.5, reason: `Adjustment ${i}: ${kind}` };
};

/**
 * Stock adjustments of one lot in flight, SIGKILL, restart: every acknowledged adjustment is in the
 * lot's history as sent, none is there twice or half-written, the balances chain from the lot's
 * arrival without a gap, the lot holds the sum of its movements, and each adjustment has its audit
 * entry and no entry is without its adjustment.
 */
export async function killDuringStockAdjustments(options: {
  start: () => Promise<ServerProcess>;
  token: (baseUrl: string) => Promise<string>;
}): Promise<{ acknowledged: number; lost: number; broken: number; problems: string[] }> {
  let server = await options.start();
  let admin = await options.token(server.baseUrl);
  const stamp = Date.now().toString(36);
  const lot = ok(
    await call(server.baseUrl, admin, 'POST', '/visits/stock-lots', {
      item: `Vitamin C ${stamp}`,
      lot_number: 'VC-ADJ',
      expires_on: '2099-12-31',
      quantity: LOT_STOCK,
      unit: 'g',
    }),
    'lot',
  ).id as number;
  const acknowledged = new Map<string, { id: number; kind: string; quantity: number }>();
  const target = server;
  await killMidWrites(
    target,
    ADJUSTMENTS,
    (i) => call(target.baseUrl, admin, 'POST', `/visits/stock-lots/${lot}/adjustments`, adjustmentOf(i)),
    (i, body) => acknowledged.set(adjustmentOf(i).reason, { id: body.id, kind: body.kind, quantity: body.quantity }),
  );

  server = await options.start();
  admin = await options.token(server.baseUrl);
  const problems: string[] = [];
  let lost = 0;
  let broken = 0;
  const history = (
    ok(await call(server.baseUrl, admin, 'GET', `/visits/stock-lots/${lot}/adjustments`), 'history') as Array<{
      id: number;
      kind: string;
      quantity: number;
      balance: number;
      reason: string;
    }>
  ).reverse();
  const byReason = new Map<string, typeof history>();
  for (const m of history) byReason.set(m.reason, [...(byReason.get(m.reason) ?? []), m]);
  for (const [reason, sent] of acknowledged) {
    const stored = byReason.get(reason) ?? [];
    if (stored.length === 0) {
      lost += 1;
      problems.push(`lost: ${reason}`);
    } else if (stored.length > 1 || stored[0].id !== sent.id || stored[0].kind !== sent.kind || stored[0].quantity !== sent.quantity) {
      broken += 1;
      problems.push(`changed: ${reason} ${JSON.stringify(stored)}`);
    }
  }
  // From the arrival on, each balance is the one before plus the movement; the lot holds the last.
  let balance = 0;
  for (const m of history) {
    balance = Math.round((balance + m.quantity) * 1e6) / 1e6;
    if (m.balance !== balance) {
      broken += 1;
      problems.push(`balance of movement ${m.id}: ${m.balance}, expected ${balance}`);
    }
  }
  const stored = (
    ok(await call(server.baseUrl, admin, 'GET', `/visits/stock-lots?item=${encodeURIComponent(`Vitamin C ${stamp}`)}`), 'lots') as Array<{
      id: number;
      quantity: number;
    }>
  ).find((l) => l.id === lot)!;
  if (stored.quantity !== balance) {
    broken += 1;
    problems.push(`lot holds ${stored.quantity}, its movements add up to ${balance}`);
  }
  const audits = ok(await call(server.baseUrl, admin, 'GET', '/audit/events?action=visit.stock.adjust&page=1&page_size=1'), 'audit').count as number;
  if (audits !== history.length - 1) {
    broken += 1;
    problems.push(`${audits} audit entries for ${history.length - 1} adjustments`);
  }
  await server.stop('SIGTERM');
  return { acknowledged: acknowledged.size, lost, broken, problems };
}
