// Settings that contradict each other are refused (issue 42): a soft chamber's maximum pressure
// above the hard chamber's was stored. Every ordered pair of the therapy settings (soft min <= soft
// max <= hard max, glucose low < high, diastolic block < systolic block) holds whichever field a
// patch moves, alone or together, one request at a time or at once: random patches over the five
// fields are accepted exactly when the settings they leave keep every order, and a refusal is 400
// naming a field of the broken pair and writes nothing. The lab catalogue's reference ranges keep
// their critical bounds outside the normal range the same way.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXTS } from '../../../../machines/labs/lab-texts.ts';
import { THERAPY_SETTING_ORDER, VISIT_RULE_MESSAGES } from '../../../../machines/visits/visit-rules.ts';
import type { TherapySettings } from '../../../../machines/visits/visit-settings.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

type Numbers = Pick<
  TherapySettings,
  'hbot_soft_min_ata' | 'hbot_soft_max_ata' | 'hbot_hard_max_ata' | 'hbot_glucose_warn_low' | 'hbot_glucose_warn_high' | 'systolic_block' | 'diastolic_block'
>;

const keepsOrder = (s: Numbers) =>
  THERAPY_SETTING_ORDER.every(([low, high, mayEqual]) =>
    mayEqual ? s[low as keyof Numbers] <= s[high as keyof Numbers] : s[low as keyof Numbers] < s[high as keyof Numbers],
  );
const numbersOf = (s: object): Numbers => Object.fromEntries(Object.keys(PATCH_FIELDS).map((k) => [k, (s as Record<string, unknown>)[k]])) as Numbers;

/** Each field over its whole contract range, pressures in tenths. */
const PATCH_FIELDS = {
  hbot_soft_min_ata: fc.integer({ min: 10, max: 20 }).map((n) => n / 10),
  hbot_soft_max_ata: fc.integer({ min: 10, max: 20 }).map((n) => n / 10),
  hbot_hard_max_ata: fc.integer({ min: 10, max: 60 }).map((n) => n / 10),
  hbot_glucose_warn_low: fc.integer({ min: 40, max: 300 }),
  hbot_glucose_warn_high: fc.integer({ min: 100, max: 600 }),
  systolic_block: fc.integer({ min: 120, max: 260 }),
  diastolic_block: fc.integer({ min: 70, max: 160 }),
};

describe.each(engines)('settings that contradict each other on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
  }, 180_000);
  afterAll(() => t.close());

  const settings = async () => (await api(t, admin, 'GET', '/visits/therapy-settings')).body as TherapySettings;

  it('the issue example and its neighbours: 400 naming the field moved, nothing written', async () => {
    const before = await settings();
    const cases: Array<[Record<string, number>, string, string]> = [
      [{ hbot_hard_max_ata: before.hbot_soft_max_ata - 0.1 }, 'hbot_hard_max_ata', VISIT_RULE_MESSAGES.softAboveHard],
      [{ hbot_hard_max_ata: 1 }, 'hbot_hard_max_ata', VISIT_RULE_MESSAGES.softAboveHard],
      [{ hbot_soft_max_ata: 2, hbot_hard_max_ata: 1.9 }, 'hbot_soft_max_ata', VISIT_RULE_MESSAGES.softAboveHard],
      [{ hbot_soft_max_ata: before.hbot_soft_min_ata - 0.1 }, 'hbot_soft_max_ata', VISIT_RULE_MESSAGES.softChamberRange],
      [{ hbot_glucose_warn_high: before.hbot_glucose_warn_low }, 'hbot_glucose_warn_high', VISIT_RULE_MESSAGES.glucoseRange],
      [{ diastolic_block: 130, systolic_block: 125 }, 'diastolic_block', VISIT_RULE_MESSAGES.diastolicAboveSystolic],
      [{ systolic_block: 120, diastolic_block: 120 }, 'diastolic_block', VISIT_RULE_MESSAGES.diastolicAboveSystolic],
    ];
    for (const [patch, field, reason] of cases) {
      const res = await api(t, admin, 'PATCH', '/visits/therapy-settings', patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(patch)).toEqual([reason]);
    }
    expect(await settings()).toEqual(before);
  });

  it('cannot be dodged one field at a time', async () => {
    expect((await api(t, admin, 'PATCH', '/visits/therapy-settings', { hbot_hard_max_ata: 1.6 })).status).toBe(200);
    const lower = await api(t, admin, 'PATCH', '/visits/therapy-settings', { hbot_soft_max_ata: 1.8 });
    expect(lower.status).toBe(400);
    expect(lower.body.errors.hbot_soft_max_ata).toEqual([VISIT_RULE_MESSAGES.softAboveHard]);
    expect((await settings()).hbot_soft_max_ata).toBeLessThanOrEqual(1.6);
  });

  it('random patches: accepted exactly when every order holds afterwards', async () => {
    const patches = fc.sample(
      fc.record(PATCH_FIELDS, { requiredKeys: [] }).filter((p) => Object.keys(p).length > 0),
      { numRuns: 80, seed: 42 },
    );
    let accepted = 0;
    let refused = 0;
    for (const patch of patches) {
      const before = numbersOf(await settings());
      const expected = { ...before, ...patch };
      const res = await api(t, admin, 'PATCH', '/visits/therapy-settings', patch);
      const after = numbersOf(await settings());
      if (keepsOrder(expected)) {
        expect(res.status, JSON.stringify({ before, patch })).toBe(200);
        expect(after).toEqual(expected);
        accepted += 1;
      } else {
        expect(res.status, JSON.stringify({ before, patch })).toBe(400);
        const named = Object.keys(res.body.errors);
        const broken = THERAPY_SETTING_ORDER.filter(
          ([low, high, mayEqual]) =>
            !(mayEqual ? expected[low as keyof Numbers] <= expected[high as keyof Numbers] : expected[low as keyof Numbers] < expected[high as keyof Numbers]),
        );
        expect(named.every((f) => broken.some(([low, high]) => f === low || f === high))).toBe(true);
        expect(after).toEqual(before);
        refused += 1;
      }
      expect(keepsOrder(after)).toBe(true);
    }
    expect(accepted).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  }, 180_000);

  it("a lab range's critical bounds stay outside its normal range", async () => {
    const range = { sex: null, age_min: 18, age_max: 120, low: 70, high: 99 };
    const item = (critical: { critical_low?: number | null; critical_high?: number | null }, code: string) => ({
      code,
      name: 'Glucose',
      kind: 'test',
      price_inr: 100,
      sample_type: 'Blood',
      report_hours: 24,
      markers: [{ code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [{ ...range, ...critical }] }],
    });
    const refusedCases = [
      { critical_low: 80 },
      { critical_low: 71, critical_high: 400 },
      { critical_high: 98 },
      { critical_low: 40, critical_high: 70 },
      { critical_low: 200, critical_high: 300 },
    ];
    for (const [i, critical] of refusedCases.entries()) {
      const res = await api(t, admin, 'POST', '/labs/catalogue', item(critical, `CRIT_${i}`));
      expect(res.status, JSON.stringify(critical)).toBe(400);
      expect(res.body.errors['markers[0].ranges[0]']).toEqual([LAB_TEXTS.errors.criticalInside]);
    }
    for (const [i, critical] of [
      {},
      { critical_low: 40, critical_high: 400 },
      { critical_low: 70, critical_high: 99 },
      { critical_low: null, critical_high: 120 },
    ].entries()) {
      expect((await api(t, admin, 'POST', '/labs/catalogue', item(critical, `CRIT_OK_${i}`))).status, JSON.stringify(critical)).toBe(201);
    }
    // An edit cannot bring them inside either.
    const created = (await api(t, admin, 'GET', '/labs/catalogue')).body.find((c: { code: string }) => c.code === 'CRIT_OK_1');
    const edit = await api(t, admin, 'PATCH', `/labs/catalogue/${created.id}`, {
      markers: [{ code: 'GLU', name: 'Glucose', unit: 'mg/dL', ranges: [{ ...range, critical_low: 90 }] }],
    });
    expect(edit.status).toBe(400);
  });
});
