// The demo clinic's scheduling data (npm run seed:demo) must be what the API itself would accept.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/api/contract.ts';
import { DEMO_CLINIC_HOURS, DEMO_RESOURCES, DEMO_SERVICES, DEMO_STAFF_HOURS, demoPackages } from '../../../scripts/demo-data.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

describe('demo scheduling data', () => {
  const contract = loadContract();
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

  it('has the issue’s resources: 2 HBOT chambers, 4 IV chairs, 1 sauna, 2 PEMF mats, 1 red-light panel', () => {
    const count = (kind: string) => DEMO_RESOURCES.filter((r) => r.kind === kind).length;
    expect([count('hbot_chamber'), count('iv_chair'), count('infrared_sauna'), count('pemf_mat'), count('red_light_panel')]).toEqual([2, 4, 1, 2, 1]);
    const create = ajv.compile(contract.component('ResourceCreate'));
    for (const r of DEMO_RESOURCES) expect(create(r), ajv.errorsText(create.errors)).toBe(true);
  });

  it('has one valid service per therapy, each needing only kinds the clinic has', () => {
    expect(DEMO_SERVICES.map((s) => s.therapy).sort()).toEqual(['consultation', 'discovery', 'fir', 'hbot', 'intake_call', 'iv', 'pet', 'red_light']);
    const create = ajv.compile(contract.component('ServiceCreate'));
    const kinds = new Set(DEMO_RESOURCES.map((r) => r.kind));
    for (const s of DEMO_SERVICES) {
      expect(create(s), `${s.name}: ${ajv.errorsText(create.errors)}`).toBe(true);
      for (const need of s.resources_needed) expect(kinds.has(need.kind)).toBe(true);
    }
  });

  it('has valid hours, a template for every delivering role, and packages for therapies it offers', () => {
    const patch = ajv.compile(contract.component('SchedulingHoursPatch'));
    expect(
      patch({ clinic_hours: DEMO_CLINIC_HOURS, staff_hours: Object.values(DEMO_STAFF_HOURS).map((weekly) => ({ staff: 1, weekly })) }),
      ajv.errorsText(patch.errors),
    ).toBe(true);
    for (const s of DEMO_SERVICES) expect(s.delivered_by.some((role) => DEMO_STAFF_HOURS[role])).toBe(true);
    const therapies = new Set(DEMO_SERVICES.map((s) => s.therapy));
    for (const p of demoPackages(60)) expect(therapies.has(p.therapy)).toBe(true);
  });
});
