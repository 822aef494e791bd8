// The therapy back office over HTTP (issue 17): IV recipes edited, deactivated and reactivated (a
// deactivated one is not chosen for a visit that did not have it; a visit that has it keeps it),
// and stock lots adjusted (received, wasted, expired, counted) with a reason, each change a
// movement with the lot's balance after it; the history newest first with the visits' draws; never
// below zero, nothing written when refused; concurrent adjustments lose no count.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { VISIT_TEXTS } from '../../../../server/api/visits/texts.ts';
import { type Actor, addUser, api } from '../support.ts';
import { openVisit, screen, VITALS } from './fixtures.ts';

interface Movement {
  id: number;
  lot: number;
  kind: string;
  quantity: number;
  balance: number | null;
  reason: string | null;
  visit: number | null;
  by: number;
  by_name: string | null;
  at: string;
}

let n = 0;
const unique = () => `${Date.now().toString(36)}-${++n}`;

describe.each(engines)('IV recipes and stock adjustments on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  let client: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN', { first_name: 'Rohan', last_name: 'Mehta' });
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const newLot = async (quantity: number, item = `Vitamin C ${unique()}`) => {
    const res = await api(t, admin, 'POST', '/visits/stock-lots', {
      item,
      lot_number: `VC-${unique()}`,
      expires_on: '2099-01-01',
      quantity,
      unit: 'g',
      low_at: 5,
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; item: string; lot_number: string; quantity: number };
  };
  const adjust = (id: number, kind: string, quantity: number, reason = `${kind} ${quantity}`, by = admin) =>
    api(t, by, 'POST', `/visits/stock-lots/${id}/adjustments`, { kind, quantity, reason });
  const history = async (id: number, by = admin) => {
    const res = await api(t, by, 'GET', `/visits/stock-lots/${id}/adjustments`);
    expect(res.status).toBe(200);
    return res.body as Movement[];
  };
  const quantityOf = async (id: number) =>
    ((await api(t, nurse, 'GET', '/visits/stock-lots')).body as Array<{ id: number; quantity: number }>).find((l) => l.id === id)!.quantity;
  const audited = async (action: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from audit_events where action = ${action}`.execute(t.database.db)).rows[0].n);
  const newRecipe = async (item = 'Vitamin C') => {
    const res = await api(t, admin, 'POST', '/visits/iv-recipes', {
      name: `Myers ${unique()}`,
      base_fluid: 'Normal saline',
      bag_volume: 250,
      ingredients: [{ item, dose: 5, unit: 'g' }],
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string; active: boolean };
  };

  it('received adds, wasted and expired take away, a count sets the counted quantity; each says why, by whom, and the balance after', async () => {
    const lot = await newLot(20);
    const received = await adjust(lot.id, 'received', 10, 'Second box from the supplier');
    expect(received.status).toBe(201);
    expect(received.body).toMatchObject({
      lot: lot.id,
      kind: 'received',
      quantity: 10,
      balance: 30,
      reason: 'Second box from the supplier',
      visit: null,
      by: admin.id,
      by_name: 'Rohan Mehta',
    });
    expect((await adjust(lot.id, 'wasted', 3, '  Vial cracked  ')).body).toMatchObject({ kind: 'wasted', quantity: -3, balance: 27, reason: 'Vial cracked' });
    expect((await adjust(lot.id, 'expired', 2.5)).body).toMatchObject({ kind: 'expired', quantity: -2.5, balance: 24.5 });
    expect((await adjust(lot.id, 'count', 24, 'Monthly count')).body).toMatchObject({ kind: 'count', quantity: -0.5, balance: 24 });
    expect((await adjust(lot.id, 'count', 24, 'Recount: matches')).body).toMatchObject({ kind: 'count', quantity: 0, balance: 24 });
    expect(await quantityOf(lot.id)).toBe(24);
    // Decimals are counted to a millionth, never 0.19999999999999998.
    const small = await newLot(0.3);
    expect((await adjust(small.id, 'wasted', 0.1)).body.balance).toBe(0.2);
  });

  it('the history lists every movement newest first, from the lot’s arrival to a visit’s draw; each balance follows from the one before', async () => {
    const lot = await newLot(40);
    await adjust(lot.id, 'wasted', 4, 'Spilled while drawing up');
    // An IV visit completed with this lot draws its dose; the history names the visit.
    const recipe = await newRecipe(lot.item);
    await screen(t, nurse, client.id, 'iv');
    let v = await openVisit(t, nurse, { client: client.id, therapy: 'iv' });
    const iv = {
      recipe: recipe.id,
      base_fluid: 'Normal saline',
      bag_volume: 250,
      prescriber: 'Dr Mehta',
      insertion_time: '10:05',
      catheter_type: 'peripheral_iv',
      gauge: 22,
      vein: 'Left cephalic',
      attempts: 1,
      inserter: 'Nurse',
      delivery: 'gravity',
      rate: 250,
      infusion_start: '10:10',
      infusion_stop: '11:00',
      volume_given: 250,
      complication: 'none',
      catheter_intact: true,
      site_condition: 'Clean',
      ingredients: [{ item: lot.item, dose: 6, unit: 'g', lot: lot.id }],
    };
    v = (await api(t, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, parameters: iv, vitals_before: VITALS, vitals_after: VITALS }))
      .body;
    expect((await api(t, nurse, 'POST', `/visits/therapy-visits/${v.id}/transitions`, { to: 'in_progress' })).status).toBe(200);
    expect((await api(t, nurse, 'POST', `/visits/therapy-visits/${v.id}/transitions`, { to: 'completed' })).status).toBe(200);
    await adjust(lot.id, 'count', 29, 'Weekly count');

    // Any staff member reads it (a nurse here); it is on the audit trail.
    const before = await audited('visit.stock.history');
    const rows = await history(lot.id, nurse);
    expect(await audited('visit.stock.history')).toBe(before + 1);
    expect(rows.map((r) => [r.kind, r.quantity, r.balance, r.reason, r.visit])).toEqual([
      ['count', -1, 29, 'Weekly count', null],
      ['visit', -6, 30, null, v.id],
      ['wasted', -4, 36, 'Spilled while drawing up', null],
      ['received', 40, 40, VISIT_TEXTS.lotArrived, null],
    ]);
    expect(rows.map((r) => r.by)).toEqual([admin.id, nurse.id, admin.id, admin.id]);
    const chronological = [...rows].reverse();
    chronological.reduce((previous, r) => {
      expect(r.balance).toBe(previous + r.quantity);
      return r.balance!;
    }, 0);
    expect(new Date(rows[0].at).getTime()).toBeGreaterThanOrEqual(new Date(rows[3].at).getTime());
    expect(await quantityOf(lot.id)).toBe(29);
  });

  it('never below zero: the refusal names the quantity and says what is left, and nothing is written', async () => {
    const lot = await newLot(5);
    const movements = await history(lot.id);
    const audits = await audited('visit.stock.adjust');
    for (const [kind, quantity] of [
      ['wasted', 6],
      ['expired', 5.5],
    ] as const) {
      const res = await adjust(lot.id, kind, quantity);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ quantity: [VISIT_TEXTS.belowZero(5, 'g', lot.lot_number)] });
    }
    // Only a count may be zero; anything else moving nothing is a mistake.
    const zero = await adjust(lot.id, 'received', 0);
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual({ quantity: [VISIT_TEXTS.adjustmentNotZero] });
    expect(await quantityOf(lot.id)).toBe(5);
    expect(await history(lot.id)).toEqual(movements);
    expect(await audited('visit.stock.adjust')).toBe(audits);
    // Taking exactly what is there leaves zero, and a count of zero is fine.
    expect((await adjust(lot.id, 'expired', 5, 'Past its date')).body.balance).toBe(0);
    expect((await adjust(lot.id, 'count', 0, 'Shelf empty')).body.balance).toBe(0);
    expect(await audited('visit.stock.adjust')).toBe(audits + 2);
  });

  it('unknown lots and recipes are 404; only ADMIN and SUPER_ADMIN adjust or edit', async () => {
    expect((await api(t, nurse, 'GET', '/visits/stock-lots/2147483000/adjustments')).status).toBe(404);
    expect((await adjust(2147483000, 'received', 1)).status).toBe(404);
    expect((await api(t, admin, 'PATCH', '/visits/iv-recipes/2147483000', { active: false })).status).toBe(404);
    const lot = await newLot(10);
    const refused = await adjust(lot.id, 'received', 1, 'Found a box', nurse);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(VISIT_TEXTS.adminOnly);
    expect(await quantityOf(lot.id)).toBe(10);
  });

  it('concurrent adjustments of one lot lose no count and never go below zero', async () => {
    const lot = await newLot(50);
    // 20 wastes of 3 (60 in all, more than there is) and 10 deliveries of 5, all at once.
    const sent = [...Array.from({ length: 20 }, () => ['wasted', 3] as const), ...Array.from({ length: 10 }, () => ['received', 5] as const)];
    const answers = await Promise.all(sent.map(([kind, quantity], i) => adjust(lot.id, kind, quantity, `Concurrent ${i}`)));
    for (const a of answers) expect([201, 400]).toContain(a.status);
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.body as Movement);
    expect(answers.filter((a) => a.status === 400).every((a) => Object.keys(a.body.errors).join() === 'quantity')).toBe(true);
    const expected = 50 + accepted.reduce((sum, m) => sum + m.quantity, 0);
    expect(expected).toBeGreaterThanOrEqual(0);
    expect(await quantityOf(lot.id)).toBe(expected);
    // Each accepted adjustment saw what the one before it left: the balances chain without a gap.
    const rows = (await history(lot.id)).reverse();
    expect(rows).toHaveLength(accepted.length + 1);
    rows.reduce((previous, r) => {
      expect(r.balance).toBe(previous + r.quantity);
      expect(r.balance).toBeGreaterThanOrEqual(0);
      return r.balance!;
    }, 0);
    expect(rows.at(-1)!.balance).toBe(expected);
    // Every delivery fits; the wastes are refused only when the lot held less than 3.
    expect(accepted.filter((m) => m.kind === 'received')).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.errors.quantity[0]).toMatch(/^Only [0-2] g left/);
  });

  it('edits a recipe in place (name, base fluid, bag volume, ingredients); a taken name is 409', async () => {
    const recipe = await newRecipe();
    const other = await newRecipe();
    const edited = await api(t, admin, 'PATCH', `/visits/iv-recipes/${recipe.id}`, {
      name: `  ${recipe.name} plus  `,
      base_fluid: 'Ringer lactate',
      bag_volume: 500,
      ingredients: [
        { item: 'Vitamin C', dose: 7.5, unit: 'g' },
        { item: 'Magnesium', dose: 1, unit: 'g' },
      ],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: recipe.id,
      name: `${recipe.name} plus`,
      base_fluid: 'Ringer lactate',
      bag_volume: 500,
      ingredients: [
        { item: 'Vitamin C', dose: 7.5, unit: 'g' },
        { item: 'Magnesium', dose: 1, unit: 'g' },
      ],
      active: true,
    });
    expect((await api(t, nurse, 'GET', '/visits/iv-recipes')).body).toContainEqual(edited.body);
    const taken = await api(t, admin, 'PATCH', `/visits/iv-recipes/${recipe.id}`, { name: other.name });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(VISIT_TEXTS.duplicateRecipe);
    expect((await api(t, nurse, 'PATCH', `/visits/iv-recipes/${recipe.id}`, { bag_volume: 100 })).status).toBe(403);
    const { rows } = await sql<{
      action: string;
      actor_id: number;
    }>`select action, actor_id from audit_events where action = 'visit.recipe.update' order by id desc limit 1`.execute(t.database.db);
    expect(rows).toEqual([{ action: 'visit.recipe.update', actor_id: admin.id }]);
  });

  it('a deactivated recipe is not chosen for a visit that did not have it; a visit that has it keeps it; reactivated, it is offered again', async () => {
    const recipe = await newRecipe();
    await screen(t, nurse, client.id, 'iv');
    let kept = await openVisit(t, nurse, { client: client.id, therapy: 'iv' });
    kept = (await api(t, nurse, 'PATCH', `/visits/therapy-visits/${kept.id}`, { version: kept.version, parameters: { recipe: recipe.id } })).body;
    const off = await api(t, admin, 'PATCH', `/visits/iv-recipes/${recipe.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    // Still listed (the back office shows it, a visit that had it shows its name), marked inactive.
    expect((await api(t, nurse, 'GET', '/visits/iv-recipes')).body).toContainEqual(off.body);
    const fresh = await openVisit(t, nurse, { client: client.id, therapy: 'iv' });
    const chosen = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${fresh.id}`, { version: fresh.version, parameters: { recipe: recipe.id } });
    expect(chosen.status).toBe(400);
    expect(chosen.body.errors).toEqual({ 'parameters.recipe': [VISIT_TEXTS.recipeInactive] });
    const again = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${kept.id}`, {
      version: kept.version,
      parameters: { recipe: recipe.id, base_fluid: 'Normal saline' },
    });
    expect(again.status).toBe(200);
    expect(again.body.parameters.recipe).toBe(recipe.id);
    const on = await api(t, admin, 'PATCH', `/visits/iv-recipes/${recipe.id}`, { active: true });
    expect(on.body.active).toBe(true);
    expect((await api(t, nurse, 'PATCH', `/visits/therapy-visits/${fresh.id}`, { version: fresh.version, parameters: { recipe: recipe.id } })).status).toBe(
      200,
    );
  });
});
