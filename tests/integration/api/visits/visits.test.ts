// Therapy visits over HTTP (issue 17): opened from a checked-in appointment or without one, the
// header, screening and blocking vitals (a doctor's override), per-therapy validation, IV lots and
// stock, sign and lock (every writable field of the contract tried after signing, every column in
// the database; on PGlite and, with DATABASE_URL as in CI, on PostgreSQL), addenda, autosave conflicts,
// "copy last settings", what a client and a read-only role get, and the audit trail.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { VISIT_TEXTS } from '../../../../server/api/visits/texts.ts';
import { type Actor, addUser, api, contract } from '../support.ts';
import { checkedIn, openVisit, PET_PARAMETERS, screen, visitAt, VITALS } from './fixtures.ts';

describe.each(engines)('therapy visits on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let nurse: Actor;
  let doctor: Actor;
  let coach: Actor;
  let client: Actor;
  let other: Actor;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    nurse = await addUser(t, 'NURSE');
    doctor = await addUser(t, 'DOCTOR');
    coach = await addUser(t, 'HEALTH_COACH');
    client = await addUser(t, 'CLIENT', {
      first_name: 'Asha',
      last_name: 'Rao',
      profile: { date_of_birth: '1980-02-10', client_story: { schema_version: 1, summary: 'Tired', allergies: 'Penicillin' } },
    });
    other = await addUser(t, 'CLIENT');
  }, 180_000);
  afterAll(() => t.close());

  const patch = (by: Actor, v: { id: number; version: number }, body: Record<string, unknown>) =>
    api(t, by, 'PATCH', `/visits/therapy-visits/${v.id}`, { version: v.version, ...body });
  const move = (by: Actor, id: number, body: Record<string, unknown>) => api(t, by, 'POST', `/visits/therapy-visits/${id}/transitions`, body);

  it('opens from a checked-in appointment with the header filled from it; one chart per appointment', async () => {
    const appointment = await checkedIn(t, admin, { client: client.id, staff: nurse.id, therapy: 'hbot', sessions: 10, resource: true });
    const v = await openVisit(t, nurse, { appointment });
    expect(v).toMatchObject({ client: client.id, therapy: 'hbot', status: 'draft', appointment, staff: nurse.id, screening: 'missing' });
    expect(v.header).toMatchObject({ client_name: 'Asha Rao', session_number: 1, session_total: 10, alerts: ['Allergies: Penicillin'] });
    expect(v.header.age).toBeGreaterThanOrEqual(45);
    expect(v.header.resource_name).toMatch(/^Chamber/);
    expect(v.blockers).toContain('screening.missing');
    const again = await api(t, nurse, 'POST', '/visits/therapy-visits', { appointment });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(VISIT_TEXTS.appointmentHasVisit);
  });

  it('refuses an appointment that is not checked in or not a therapy', async () => {
    const consult = await checkedIn(t, admin, { client: client.id, staff: nurse.id, therapy: 'consultation' });
    const res = await api(t, nurse, 'POST', '/visits/therapy-visits', { appointment: consult });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ appointment: [VISIT_TEXTS.notTherapy] });
    const booked = await checkedIn(t, admin, { client: client.id, staff: nurse.id, therapy: 'pet' });
    await sql`update appointments set status = 'booked' where id = ${booked}`.execute(t.database.db);
    const early = await api(t, nurse, 'POST', '/visits/therapy-visits', { appointment: booked });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(VISIT_TEXTS.notCheckedIn);
  });

  it('starts only when screened, with a relative contraindication overridden by a doctor and blocking vitals overridden by a doctor', async () => {
    let v = await openVisit(t, nurse, { client: other.id, therapy: 'hbot' });
    expect((await move(nurse, v.id, { to: 'in_progress' })).status).toBe(409);
    const s = await screen(t, nurse, other.id, 'hbot', { claustrophobia: true });
    expect(s.result).toBe('relative');
    expect((await api(t, nurse, 'POST', `/visits/contraindication-screens/${s.id}/override`, { reason: 'Mild; door open' })).status).toBe(403);
    const overridden = await api(t, doctor, 'POST', `/visits/contraindication-screens/${s.id}/override`, { reason: 'Mild; door open' });
    expect(overridden.status).toBe(200);
    expect(overridden.body.overridden_by).toBe(doctor.id);
    v = (await patch(nurse, v, { vitals_before: { ...VITALS, systolic: 185 } })).body;
    expect(v.blockers).toEqual(['vitals_before.systolic.blocking']);
    const blocked = await move(nurse, v.id, { to: 'in_progress' });
    expect(blocked.status).toBe(409);
    expect(blocked.body.detail).toBe(VISIT_TEXTS.blocked(['vitals_before.systolic.blocking']));
    expect((await move(nurse, v.id, { to: 'in_progress', override_reason: 'Known white-coat' })).status).toBe(403);
    const started = await move(doctor, v.id, { to: 'in_progress', override_reason: 'Known white-coat hypertension' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'in_progress', vitals_override_reason: 'Known white-coat hypertension' });
  });

  it("a screen asks only the therapy's contraindications, and writes nothing otherwise", async () => {
    const res = await api(t, nurse, 'POST', '/visits/contraindication-screens', {
      client: other.id,
      therapy: 'iv',
      answers: { unicorn: true, allergy: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'answers.unicorn': [VISIT_TEXTS.unknownContraindication] });
    expect((await api(t, nurse, 'GET', `/visits/contraindication-screens?client=${other.id}&therapy=iv`)).body).toEqual([]);
  });

  it('an absolute contraindication blocks the start and cannot be overridden', async () => {
    const s = await screen(t, nurse, other.id, 'fir', { pacemaker_icd: true });
    expect(s.result).toBe('absolute');
    const refused = await api(t, doctor, 'POST', `/visits/contraindication-screens/${s.id}/override`, { reason: 'Please' });
    expect(refused.status).toBe(409);
    const v = await openVisit(t, nurse, { client: other.id, therapy: 'fir' });
    await patch(nurse, v, { vitals_before: VITALS });
    const res = await move(doctor, v.id, { to: 'in_progress' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(VISIT_TEXTS.blocked(['screening.absolute']));
  });

  it('refuses implausible values with the field named, and keeps warnings for unusual ones', async () => {
    const v = await openVisit(t, nurse, { client: other.id, therapy: 'red_light' });
    const bad = await patch(nurse, v, { vitals_before: { systolic: 1200 }, parameters: { irradiance: -1, wavelengths: '660, 9999', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['parameters.colour', 'parameters.irradiance', 'parameters.wavelengths', 'vitals_before.systolic']);
    expect(bad.body.errors['vitals_before.systolic']).toEqual(['Must be between 60 and 260 mmHg.']);
    const ok = await patch(nurse, v, { parameters: { irradiance: 100, seconds_per_area: 900, wavelengths: '660, 850' } });
    expect(ok.status).toBe(200);
    expect(ok.body.computed).toEqual({ dose: 90 });
    expect(ok.body.warnings.map((w: { field: string }) => w.field)).toContain('parameters.dose');
    const soft = await openVisit(t, nurse, { client: other.id, therapy: 'hbot' });
    const ata = await patch(nurse, soft, { parameters: { chamber_type: 'soft', ata: 2 } });
    expect(ata.status).toBe(400);
    expect(ata.body.errors).toEqual({ 'parameters.ata': ['A soft chamber runs at 1.3–1.5 ATA.'] });
  });

  it('a second device saving on an old version is told, not overwritten', async () => {
    const v = await openVisit(t, nurse, { client: other.id, therapy: 'pet' });
    expect((await patch(nurse, v, { notes: 'first' })).status).toBe(200);
    const stale = await patch(doctor, v, { notes: 'second' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(VISIT_TEXTS.changedElsewhere);
    expect((await api(t, nurse, 'GET', `/visits/therapy-visits/${v.id}`)).body.notes).toBe('first');
  });

  it('IV: an expired lot is refused; completing deducts each dose from its lot in the same transaction and flags low stock', async () => {
    const recipe = await api(t, admin, 'POST', '/visits/iv-recipes', {
      name: `Myers ${Date.now()}`,
      base_fluid: 'Normal saline',
      bag_volume: 250,
      ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }],
    });
    expect(recipe.status).toBe(201);
    const item = `Vitamin C ${Date.now()}`;
    const fresh = await api(t, admin, 'POST', '/visits/stock-lots', { item, lot_number: 'VC-1', expires_on: '2099-01-01', quantity: 12, unit: 'g', low_at: 5 });
    const stale = await api(t, admin, 'POST', '/visits/stock-lots', { item, lot_number: 'VC-0', expires_on: '2020-01-01', quantity: 12, unit: 'g' });
    expect([fresh.status, stale.status]).toEqual([201, 201]);
    await screen(t, nurse, client.id, 'iv');
    let v = await openVisit(t, nurse, { client: client.id, therapy: 'iv' });
    const expired = await patch(nurse, v, { parameters: { recipe: recipe.body.id, ingredients: [{ item, dose: 5, unit: 'g', lot: stale.body.id }] } });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ 'parameters.ingredients.0.lot': [VISIT_TEXTS.lotExpired('2020-01-01')] });
    const iv = {
      recipe: recipe.body.id,
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
      ingredients: [{ item, dose: 8, unit: 'g', lot: fresh.body.id }],
    };
    v = (await patch(nurse, v, { parameters: iv, vitals_before: VITALS })).body;
    v = (await move(nurse, v.id, { to: 'in_progress' })).body;
    v = (await patch(nurse, v, { vitals_after: VITALS })).body;
    expect(v.missing).toEqual([]);
    const done = await move(nurse, v.id, { to: 'completed' });
    expect(done.status).toBe(200);
    const lots = await api(t, nurse, 'GET', `/visits/stock-lots?item=${encodeURIComponent(item)}`);
    expect(lots.body.find((l: { id: number }) => l.id === fresh.body.id)).toMatchObject({ quantity: 4, low: true, expired: false });
    // Not enough left for a second bag: the completion is refused and nothing is taken.
    let second = await openVisit(t, nurse, { client: client.id, therapy: 'iv' });
    second = (await patch(nurse, second, { parameters: iv, vitals_before: VITALS, vitals_after: VITALS })).body;
    await move(nurse, second.id, { to: 'in_progress' });
    const short = await move(nurse, second.id, { to: 'completed' });
    expect(short.status).toBe(409);
    expect(short.body.detail).toBe(VISIT_TEXTS.notEnoughStock('VC-1'));
    const after = await api(t, nurse, 'GET', `/visits/stock-lots?item=${encodeURIComponent(item)}`);
    expect(after.body.find((l: { id: number }) => l.id === fresh.body.id).quantity).toBe(4);
    expect((await api(t, nurse, 'GET', `/visits/therapy-visits/${second.id}`)).body.status).toBe('in_progress');
  });

  it('a signed visit refuses every change (409) and its content never changes; addenda are added, dated and signed', async () => {
    const v = await visitAt(t, nurse, client.id, 'pet', 'signed');
    expect(v).toMatchObject({ status: 'signed', signed_by: nurse.id });
    const before = (await api(t, nurse, 'GET', `/visits/therapy-visits/${v.id}`)).body;
    const writes: Record<string, unknown> = {
      vitals_before: VITALS,
      vitals_after: VITALS,
      parameters: PET_PARAMETERS,
      events: [{ at: new Date().toISOString(), text: 'late' }],
      adverse_events: [{ type: 'Dizziness', severity: 'mild', action: 'Rest', outcome: 'Resolved' }],
      notes: 'changed',
    };
    // Every field the contract lets a PATCH write is tried: a field added to TherapyVisitPatch fails here until it is.
    const writable = Object.keys(contract.document.components.schemas.TherapyVisitPatch.properties).filter((k) => k !== 'version');
    expect(Object.keys(writes).sort()).toEqual(writable.sort());
    for (const [field, value] of Object.entries(writes)) {
      for (const by of [nurse, doctor]) {
        const res = await patch(by, v, { [field]: value });
        expect(res.status, field).toBe(409);
        expect(res.body.detail).toBe(VISIT_TEXTS.locked);
      }
    }
    for (const to of ['in_progress', 'completed', 'signed', 'aborted']) expect((await move(doctor, v.id, { to, reason: 'x' })).status, to).toBe(409);
    expect((await move(doctor, v.id, { to: 'in_progress', override_reason: 'x' })).status).toBe(409);
    // Around the API too, on this engine: the database refuses to change any column of a signed visit, or to delete it.
    const columns = (
      await sql<{
        name: string;
      }>`select column_name as name from information_schema.columns where table_name = 'therapy_visits' and column_name <> 'id'`.execute(t.database.db)
    ).rows;
    expect(columns.length).toBeGreaterThan(20);
    for (const { name } of columns) {
      await expect(sql`update therapy_visits set ${sql.ref(name)} = ${sql.ref(name)} where id = ${v.id}`.execute(t.database.db), name).rejects.toThrow(
        /locked/,
      );
    }
    await expect(sql`update therapy_visits set notes = 'sneaky' where id = ${v.id}`.execute(t.database.db)).rejects.toThrow(/locked/);
    await expect(sql`delete from therapy_visits where id = ${v.id}`.execute(t.database.db)).rejects.toThrow(/locked/);
    const added = await api(t, doctor, 'POST', `/visits/therapy-visits/${v.id}/addenda`, { text: 'Client called: slept well.' });
    expect(added.status).toBe(201);
    expect(added.body.addenda).toEqual([expect.objectContaining({ author: doctor.id, text: 'Client called: slept well.' })]);
    const after = (await api(t, nurse, 'GET', `/visits/therapy-visits/${v.id}`)).body;
    const { addenda: _a, ...rest } = after;
    const { addenda: _b, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    const draft = await openVisit(t, nurse, { client: client.id, therapy: 'pet' });
    expect((await api(t, nurse, 'POST', `/visits/therapy-visits/${draft.id}/addenda`, { text: 'Too early' })).status).toBe(409);
  });

  it('copies the last settings from the previous completed visit of the same therapy', async () => {
    const first = await visitAt(t, nurse, other.id, 'pet', 'completed');
    const next = await openVisit(t, nurse, { client: other.id, therapy: 'pet' });
    const res = await api(t, nurse, 'GET', `/visits/therapy-visits/${next.id}/previous-settings`);
    expect(res.body).toEqual({ visit: first.id, parameters: PET_PARAMETERS });
  });

  it('aborts only with a reason, only before completion', async () => {
    const v = await openVisit(t, nurse, { client: other.id, therapy: 'pet' });
    const noReason = await move(nurse, v.id, { to: 'aborted' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: [VISIT_TEXTS.reasonNeeded] });
    expect((await move(nurse, v.id, { to: 'aborted', reason: 'Client unwell' })).body).toMatchObject({ status: 'aborted', abort_reason: 'Client unwell' });
  });

  it('read-only roles read but never chart; a client sees only their completed sessions, never a chart', async () => {
    const v = await visitAt(t, nurse, client.id, 'pet', 'completed');
    const draft = await openVisit(t, nurse, { client: client.id, therapy: 'pet' });
    expect((await api(t, coach, 'GET', `/visits/therapy-visits/${v.id}`)).status).toBe(200);
    const refused = await patch(coach, draft, { notes: 'coach' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(VISIT_TEXTS.readOnly);
    expect((await api(t, client, 'GET', `/visits/therapy-visits/${v.id}`)).status).toBe(404);
    const own = await api(t, client, 'GET', '/visits/therapy-visits');
    expect(own.status).toBe(200);
    expect(own.body.map((x: { id: number }) => x.id)).toContain(v.id);
    expect(own.body.map((x: { id: number }) => x.id)).not.toContain(draft.id);
    expect(own.body.every((x: { client: number; status: string }) => x.client === client.id && ['completed', 'signed'].includes(x.status))).toBe(true);
    expect((await api(t, client, 'GET', `/visits/therapy-visits?client=${other.id}`)).status).toBe(404);
    expect((await patch(client, draft, { notes: 'me' })).status).toBe(404);
  });

  it("a list for an id that names nobody is empty (the fuzzer found it failing the audit's foreign key)", async () => {
    const res = await api(t, nurse, 'GET', '/visits/therapy-visits?client=2147483000&therapy=pet');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('every read and write of a visit is on the audit trail', async () => {
    const v = await openVisit(t, nurse, { client: other.id, therapy: 'pet' });
    await api(t, coach, 'GET', `/visits/therapy-visits/${v.id}`);
    await patch(nurse, v, { notes: 'x' });
    const { rows } = await sql<{
      action: string;
      actor_id: number;
    }>`select action, actor_id from audit_events where client_id = ${other.id} order by id desc limit 3`.execute(t.database.db);
    expect(rows.map((r) => r.action)).toEqual(['visit.update', 'visit.read', 'visit.create']);
  });

  it('the back office renames a therapy and changes thresholds; others may not', async () => {
    expect((await api(t, nurse, 'PATCH', '/visits/therapy-settings', { systolic_block: 170 })).status).toBe(403);
    const res = await api(t, admin, 'PATCH', '/visits/therapy-settings', { display_names: { pet: 'PEMF' }, screening_valid_days: 14 });
    expect(res.status).toBe(200);
    expect(res.body.display_names).toMatchObject({ pet: 'PEMF', hbot: 'HBOT' });
    expect(res.body.systolic_block).toBe(180);
    const s = await screen(t, nurse, other.id, 'red_light');
    expect(new Date(s.expires_at).getTime() - new Date(s.screened_at).getTime()).toBe(14 * 86_400_000);
    await api(t, admin, 'PATCH', '/visits/therapy-settings', { display_names: { pet: 'PET (PEMF)' }, screening_valid_days: 30 });
  });
});
