// The demo clinic (npm run seed:demo) must be data the API itself would accept.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { aadhaarValid } from '../../../server/api/people/aadhaar.ts';
import { loadContract } from '../../../server/api/contract.ts';
import { ROLES } from '../../../server/api/policy.ts';
import { DEMO_PROGRAMS, DEMO_STAFF, demoClients } from '../../../scripts/demo-data.ts';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

describe('demo data', () => {
  const contract = loadContract();
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  const clients = demoClients(60);

  it('has one staff user per role and 60 distinct clients', () => {
    expect(DEMO_STAFF.map((s) => s.role).sort()).toEqual(ROLES.filter((r) => r !== 'CLIENT').sort());
    expect(new Set(clients.map((c) => c.email)).size).toBe(60);
    expect(demoClients(60)).toEqual(clients);
  });

  it('is valid under the contract: a POST users/users body per client, programs, Aadhaar check digits', () => {
    const create = ajv.compile(contract.component('UserCreate'));
    for (const c of clients) {
      const { aadhaar, consent: _consent, profile, ...user } = c;
      const body = { ...user, ...profile, ...(aadhaar ? { aadhar_number: aadhaar } : {}) };
      expect(create(body), `${c.email}: ${ajv.errorsText(create.errors)}`).toBe(true);
      if (aadhaar) expect(aadhaarValid(aadhaar)).toBe(true);
    }
    const program = ajv.compile(contract.component('ProgramCreate'));
    for (const p of DEMO_PROGRAMS) expect(program(p), ajv.errorsText(program.errors)).toBe(true);
  });
});
