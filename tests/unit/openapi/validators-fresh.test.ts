// The browser's form validation is the contract's: openapi/generated/portal-validators.js must be
// what scripts/generate-portal-validators.ts makes from the contract's YAML files today, and it must
// accept and refuse what the server's validator does.
import fs from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { DATE_TEXTS } from '../../../machines/rules/calendar-dates.ts';
import { loadContract } from '../../../server/api/contract.ts';
import { PORTAL_SCHEMAS, portalValidatorsSource, VALIDATORS_PATH } from '../../../scripts/generate-portal-validators.ts';
import { contractErrors } from '../../../src/lib/contract-validation.ts';
import { HEALTH_GOALS } from '../../integration/api/thrive-checks/fixtures.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

describe('portal validators generated from the contract', () => {
  it('are fresh (run `npm run openapi:generate` after changing openapi.yaml or openapi/domains/)', async () => {
    expect(fs.readFileSync(VALIDATORS_PATH, 'utf8')).toBe(await portalValidatorsSource());
  });

  const contract = loadContract();
  const server = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false }));
  const samples: Array<[(typeof PORTAL_SCHEMAS)[number], unknown]> = [
    ['HealthGoals', HEALTH_GOALS],
    ['HealthGoals', { ...HEALTH_GOALS, schema_version: 2 }],
    ['HealthGoals', { schema_version: 1, goals: [] }],
    ['HealthGoals', { schema_version: 1, goals: [{ area: 'sleep', description: 'x', priority: 'high', target_date: '2027-02-30' }] }],
    ['ClientStory', { schema_version: 1, summary: 'Tired' }],
    ['ClientStory', { schema_version: 1, summary: '' }],
    ['FamilyHistory', { schema_version: 1, conditions: [{ condition: 'stroke', relation: 'mother', age_at_onset: 70 }] }],
    ['FamilyHistory', { schema_version: 1, conditions: [{ condition: 'stroke', relation: 'cousin' }] }],
    ['LifestyleHistory', { schema_version: 1 }],
    ['ProfilePatch', { phone_number: '+919812345678', emergency_contact_number: '98123' }],
    ['ProfilePatch', { alternate_email: 'not-an-email', zipcode: '560001' }],
    ['ProfilePatch', { first_name: 'Meera', date_of_birth: '1990-02-01' }],
    ['ProfilePatch', {}],
    ['ProfilePatch', { date_of_birth: '1899-12-31' }],
    ['ProfilePatch', { date_of_birth: '0050-06-15' }],
    ['ProfilePatch', { date_of_birth: '1900-01-01' }],
    ['HealthGoals', { schema_version: 1, goals: [], completed_at: '9999-12-31T23:59:59Z' }],
    [
      'ThriveCheckCreate',
      { sex: 'male', age: '50', hdl_cholesterol: 50, total_cholesterol: 200, smoker: 'no', diabetic: 'no', treats_hypertension: 'no', systolic_bp: 120 },
    ],
    ['ThriveCheckCreate', { sex: 'male', age: true }],
  ];
  it.each(samples)('%s: browser and server agree on %j', (name, value) => {
    const serverValid = server.validate(contract.component(name), value);
    const errors = contractErrors(name, value);
    expect(Object.keys(errors).length === 0).toBe(serverValid);
  });

  it('names the field and the reason', () => {
    expect(contractErrors('ProfilePatch', { emergency_contact_number: '98123' })).toEqual({ emergency_contact_number: [expect.stringMatching(/pattern/)] });
    expect(contractErrors('HealthGoals', { schema_version: 1, goals: [{ area: 'sleep', priority: 'high', target_date: '2027-01-01' }] })).toEqual({
      'goals.0.description': ['This field is required.'],
    });
    // Dates in the API's own words (issue 42): the contract's window, a real calendar day.
    expect(contractErrors('ProfilePatch', { date_of_birth: '9999-12-31' })).toEqual({ date_of_birth: [DATE_TEXTS.outsideWindow] });
    expect(contractErrors('ProfilePatch', { date_of_birth: '2027-02-30' })).toEqual({ date_of_birth: [DATE_TEXTS.notADate] });
    expect(contractErrors('HealthGoals', { schema_version: 1, goals: [], completed_at: '0050-06-15T10:00:00Z' }).completed_at).toEqual([
      DATE_TEXTS.outsideWindow,
    ]);
  });
});
