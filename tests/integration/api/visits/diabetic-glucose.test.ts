// HBOT glucose before for diabetic clients (issue 17): the clinic knows a client is diabetic from
// their latest thrive check. Then an HBOT visit cannot be completed without `glucose_before`: the
// server answers 400 naming the field and the visit stays in progress; with it, the visit
// completes, and a value below the clinic's low mark (back office settings, editable) is warned.
// A client who is not diabetic completes without it. A later check that says "no" lifts the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_RULE_MESSAGES } from '../../../../machines/visits/visit-rules.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { openVisit, screen, VITALS } from './fixtures.ts';

const HBOT = {
  chamber_type: 'soft',
  ata: 1.3,
  pressurise_minutes: 8,
  hold_minutes: 60,
  depressurise_minutes: 5,
  checklist_cotton: true,
  checklist_no_lotions: true,
  checklist_no_devices: true,
  checklist_grounding: true,
};

const check = (diabetic: 'yes' | 'no') => ({
  sex: 'female',
  age: '55',
  hdl_cholesterol: '50',
  total_cholesterol: '190',
  smoker: 'no',
  diabetic,
  treats_hypertension: 'no',
  systolic_bp: '124',
});

describe.each(engines)('HBOT glucose before for diabetic clients on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  let diabetic: Actor;
  let notDiabetic: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
    diabetic = await addUser(t, 'CLIENT');
    notDiabetic = await addUser(t, 'CLIENT');
    expect((await api(t, diabetic, 'POST', '/users/thrive-checks', check('yes'))).status).toBe(201);
    expect((await api(t, nurse, 'POST', '/users/thrive-checks', { ...check('no'), user: notDiabetic.id })).status).toBe(201);
  }, 180_000);
  afterAll(() => t.close());

  /** An HBOT visit of the client, started, with everything in but what `parameters` leaves out. */
  async function running(client: Actor, parameters: Record<string, unknown>) {
    await screen(t, nurse, client.id, 'hbot');
    const v = await openVisit(t, nurse, { client: client.id, therapy: 'hbot' });
    const before = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, vitals_before: VITALS });
    expect((await api(t, nurse, 'POST', `/visits/therapy-visits/${v.id}/transitions`, { to: 'in_progress' })).status).toBe(200);
    const after = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: before.body.version + 1, parameters, vitals_after: VITALS });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    return after.body;
  }
  const complete = (id: number) => api(t, nurse, 'POST', `/visits/therapy-visits/${id}/transitions`, { to: 'completed' });

  it('a diabetic client: completing without glucose before answers 400 naming the field; the visit stays in progress', async () => {
    const v = await running(diabetic, HBOT);
    expect(v.client_diabetic).toBe(true);
    expect(v.missing).toEqual(['parameters.glucose_before']);
    const res = await complete(v.id);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'parameters.glucose_before': [VISIT_RULE_MESSAGES.glucoseBeforeNeeded] });
    expect((await api(t, nurse, 'GET', `/visits/therapy-visits/${v.id}`)).body.status).toBe('in_progress');
  });

  it('a diabetic client: with glucose before the visit completes; below the clinic’s low mark it is warned', async () => {
    const v = await running(diabetic, { ...HBOT, glucose_before: 92 });
    expect(v.missing).toEqual([]);
    expect(v.warnings).toContainEqual({ field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseLow(92, 100) });
    const res = await complete(v.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('completed');
  });

  it('the warning marks are the back office’s: raised to 120, a glucose of 110 is warned; upside down is refused with the field named', async () => {
    expect((await api(t, admin, 'PATCH', '/visits/therapy-settings', { hbot_glucose_warn_low: 120 })).body.hbot_glucose_warn_low).toBe(120);
    const v = await running(diabetic, { ...HBOT, glucose_before: 110 });
    expect(v.warnings).toContainEqual({ field: 'parameters.glucose_before', message: VISIT_RULE_MESSAGES.glucoseLow(110, 120) });
    const upside = await api(t, admin, 'PATCH', '/visits/therapy-settings', { hbot_glucose_warn_high: 110 });
    expect(upside.status).toBe(400);
    expect(upside.body.errors).toEqual({ hbot_glucose_warn_high: [VISIT_RULE_MESSAGES.glucoseRange] });
    expect((await api(t, admin, 'PATCH', '/visits/therapy-settings', { hbot_glucose_warn_low: 100 })).status).toBe(200);
  });

  it('a client who is not diabetic completes without glucose before; a typo is still refused', async () => {
    const v = await running(notDiabetic, HBOT);
    expect(v.client_diabetic).toBe(false);
    expect(v.missing).toEqual([]);
    const typo = await api(t, nurse, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, parameters: { ...HBOT, glucose_before: 1200 } });
    expect(typo.status).toBe(400);
    expect(Object.keys(typo.body.errors)).toEqual(['parameters.glucose_before']);
    expect((await complete(v.id)).status).toBe(200);
  });

  it('the latest thrive check decides: a newer "no" lifts the rule', async () => {
    const later = await addUser(t, 'CLIENT');
    expect((await api(t, nurse, 'POST', '/users/thrive-checks', { ...check('yes'), user: later.id })).status).toBe(201);
    expect((await api(t, nurse, 'POST', '/users/thrive-checks', { ...check('no'), user: later.id })).status).toBe(201);
    const v = await running(later, HBOT);
    expect(v.client_diabetic).toBe(false);
    expect((await complete(v.id)).status).toBe(200);
  });
});
