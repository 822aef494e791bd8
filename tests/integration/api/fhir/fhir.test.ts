// The FHIR R4 read API over HTTP on each engine (issue 40): every resource type valid against the
// official R4 JSON schema, search paging with `next` links, date filters, $everything, a client
// reading only their own record, staff by role, every read of a client's record audited, and
// refusals as OperationOutcome.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DETAIL } from '../../../../server/auth/bearer.ts';
import { SERVED } from '../../../../server/api/fhir/capability.ts';
import { FHIR_TEXTS } from '../../../../server/api/fhir/texts.ts';
import { ABHA_SYSTEM } from '../../../../server/api/fhir/patient.ts';
import { DENIED } from '../../../../server/api/policy.ts';
import { loadContract } from '../../../../server/api/contract.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addServiceRow, addSessions } from '../thrive/fixtures.ts';
import { FHIR_PREFIXED, FHIR_ROOT } from '../../../../server/api/fhir/base.ts';
import { addProspect } from '../discovery/fixtures.ts';
import { issuedManual, setUpBilling } from '../billing/fixtures.ts';
import { orderOf } from '../labs/matrix-requests.ts';
import { visitAt } from '../visits/fixtures.ts';
import { OP_CONSULT } from '../../../../server/api/fhir/op-consult.ts';
import { abdmDocumentProblems } from '../../../support/abdm-document.ts';
import { fhir } from './support.ts';

async function fhirReads(t: TestApp, actor: number, client: number, outcome = 'success'): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from audit_events
    where action = 'fhir.read' and actor_id = ${actor} and client_id = ${client} and outcome = ${outcome}`.execute(t.database.db);
  return r.rows[0].n;
}

describe.each(engines)('FHIR R4 API on %s', (engine) => {
  let t: TestApp;
  let client: Actor;
  let other: Actor;
  let nurse: Actor;
  let coach: Actor;
  const readings: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp(engine);
    client = await addUser(t, 'CLIENT', { phone_number: '+919876543210' });
    other = await addUser(t, 'CLIENT');
    nurse = await addUser(t, 'NURSE');
    coach = await addUser(t, 'HEALTH_COACH');
    await api(t, client, 'PATCH', `/users/user-profiles/${client.id}`, { abha_number: '91123456789012', gender: 'F', city: 'Pune' });
    // Five readings on five days (one blood pressure), and one of them corrected.
    const days = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05'];
    for (const [i, day] of days.entries()) {
      const body = i === 2 ? { metric: 'blood_pressure', value: 128, value2: 84, unit: 'mmHg' } : { metric: 'weight', value: 70 + i, unit: 'kg' };
      const res = await api(t, nurse, 'POST', '/thrive/measurements', { ...body, client: client.id, taken_at: `${day}T08:00:00Z` });
      expect(res.status).toBe(201);
      readings.push(res.body.id);
    }
    expect(
      (await api(t, nurse, 'POST', `/thrive/measurements/${readings[0]}/corrections`, { value: 69.5, unit: 'kg', reason: 'Scale was not zeroed.' })).status,
    ).toBe(201);
    await addSessions(t, client.id, nurse.id, await addServiceRow(t), { completed: 2, upcoming: 1 });
    const consent = { decision: 'given', signed_on: '2026-09-30', reason: 'Signed the paper form at the front desk.' };
    expect((await api(t, nurse, 'POST', `/users/user-profiles/${client.id}/consent-history`, consent)).status).toBe(201);
  }, 120_000);
  afterAll(() => t.close());

  it('states in its CapabilityStatement exactly the operations the contract serves', async () => {
    const res = await fhir(t, null, '/metadata');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', format: ['application/fhir+json'] });
    const stated = res.body.rest[0].resource.flatMap((r: any) => [
      ...r.interaction.map((i: any) => `${i.code === 'read' ? 'read' : 'search'} ${r.type}`),
      ...(r.operation ?? []).map((o: any) => `$${o.name} ${r.type}`),
    ]);
    const served = loadContract()
      .operations()
      .filter((o) => o.path.startsWith('/fhir/R4/') && o.path !== '/fhir/R4/metadata')
      .map((o) => {
        const [, , , type, id, op] = o.path.split('/');
        return op ? `${op} ${type}` : `${id ? 'read' : 'search'} ${type}`;
      });
    expect(stated.sort()).toEqual(served.sort());
    expect(SERVED.map((r) => r.type).sort()).toEqual([...new Set(served.map((s) => s.split(' ')[1]))].sort());
  });

  it('reads a client as a Patient with the ABHA number, never the Aadhaar number, and audits it', async () => {
    const before = await fhirReads(t, client.id, client.id);
    const res = await fhir(t, client, `/Patient/${client.id}`);
    expect(res.status).toBe(200);
    expect(res.body.identifier).toContainEqual(expect.objectContaining({ system: ABHA_SYSTEM, value: '91-1234-5678-9012' }));
    expect(JSON.stringify(res.body)).not.toMatch(/uidai|aadha/i);
    expect(res.body).toMatchObject({ gender: 'female', telecom: expect.arrayContaining([{ system: 'phone', value: '+919876543210', use: 'mobile' }]) });
    expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
  });

  it("answers a client's ask for another client's record 404, audited as refused, on every resource", async () => {
    const before = await fhirReads(t, other.id, client.id, 'denied');
    for (const url of [`/Patient/${client.id}`, `/Patient/${client.id}/$everything`, `/Observation/${readings[1]}`, `/Observation?patient=${client.id}`]) {
      const res = await fhir(t, other, url);
      expect(res.status, url).toBe(404);
      expect(res.body.issue[0]).toMatchObject({ code: 'not-found', diagnostics: DENIED.notFound });
    }
    expect(await fhirReads(t, other.id, client.id, 'denied')).toBe(before + 4);
    // Their own search without `patient` is theirs only.
    const own = await fhir(t, other, '/Observation');
    expect(own.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 0 });
    const patients = await fhir(t, other, '/Patient');
    expect(patients.body.entry.map((e: any) => e.resource.id)).toEqual([String(other.id)]);
  });

  it('lets every staff role read any client, and refuses a staff search that names nobody (400)', async () => {
    for (const staff of [nurse, coach]) {
      expect((await fhir(t, staff, `/Patient/${client.id}`)).status).toBe(200);
      const res = await fhir(t, staff, '/Observation');
      expect(res.status).toBe(400);
      expect(res.body.issue[0]).toMatchObject({ code: 'invalid', diagnostics: `Invalid patient: ${FHIR_TEXTS.patientRequired}`, expression: ['patient'] });
    }
    // A staff member is not a Patient.
    expect((await fhir(t, coach, `/Patient/${nurse.id}`)).status).toBe(404);
  });

  it('maps measurements to Observations with LOINC codes, blood pressure as components, corrections as statuses', async () => {
    const res = await fhir(t, coach, `/Observation?patient=Patient/${client.id}&_count=50`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.entry.map((e: any) => [e.resource.id, e.resource]));
    expect(res.body.total).toBe(6);
    const bp: any = byId.get(String(readings[2]));
    expect(bp.code.coding[0]).toMatchObject({ system: 'http://loinc.org', code: '85354-9' });
    expect(bp.component.map((c: any) => [c.code.coding[0].code, c.valueQuantity.value, c.valueQuantity.code])).toEqual([
      ['8480-6', 128, 'mm[Hg]'],
      ['8462-4', 84, 'mm[Hg]'],
    ]);
    expect(bp.category[0].coding[0].code).toBe('vital-signs');
    expect((byId.get(String(readings[0])) as any).status).toBe('entered-in-error');
    expect(byId.get(String(readings[1])) as any).toMatchObject({
      status: 'final',
      valueQuantity: { value: 71, code: 'kg' },
      performer: [{ reference: `Practitioner/${nurse.id}` }],
    });
    expect([...byId.values()].filter((o: any) => o.status === 'amended')).toHaveLength(1);
  });

  it('pages a search with next links until the end, and filters by date', async () => {
    const seen: string[] = [];
    let url: string | undefined = `/Observation?patient=${client.id}&_count=2`;
    let pages = 0;
    while (url) {
      const res = await fhir(t, client, url);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(6);
      seen.push(...res.body.entry.map((e: any) => e.resource.id));
      url = res.body.link.find((l: any) => l.relation === 'next')?.url;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(6);
    const window = await fhir(t, client, '/Observation?date=ge2026-10-02&date=lt2026-10-04');
    expect(window.body.entry.map((e: any) => e.resource.effectiveDateTime)).toEqual(['2026-10-02T08:00:00.000Z', '2026-10-03T08:00:00.000Z']);
    const day = await fhir(t, client, '/Observation?date=2026-10-05');
    expect(day.body.total).toBe(1);
    const later = await fhir(t, client, '/Observation?_lastUpdated=gt2100-01-01');
    expect(later.body.total).toBe(0);
  });

  it('refuses bad search parameters with 400 naming the parameter', async () => {
    for (const [url, field] of [
      ['/Observation?date=2027-02-30', 'date'],
      ['/Observation?date=yesterday', 'date.0'],
      ['/Observation?_count=0', '_count'],
      ['/Observation?colour=blue', 'colour'],
      ['/Observation?patient=%00', 'patient'],
    ]) {
      const res = await fhir(t, client, url);
      expect(res.status, url).toBe(400);
      expect(res.body.issue[0].expression, url).toEqual([field]);
    }
  });

  it('answers 401 without a token, as an OperationOutcome', async () => {
    const res = await fhir(t, null, `/Patient/${client.id}`);
    expect(res.status).toBe(401);
    expect(res.body.issue[0]).toMatchObject({ code: 'login', diagnostics: AUTH_DETAIL.missing, details: { text: 'token_missing' } });
  });

  it('reads appointments, consent, the clinic and its staff', async () => {
    const appointments = await fhir(t, client, '/Appointment');
    expect(appointments.body.total).toBe(3);
    expect(appointments.body.entry.map((e: any) => e.resource.status).sort()).toEqual(['booked', 'fulfilled', 'fulfilled']);
    const one = appointments.body.entry[0].resource;
    expect((await fhir(t, client, `/Appointment/${one.id}`)).body).toEqual(one);
    expect((await fhir(t, other, `/Appointment/${one.id}`)).status).toBe(404);
    const consents = await fhir(t, nurse, `/Consent?patient=${client.id}`);
    expect(consents.body.entry.map((e: any) => [e.resource.status, e.resource.provision.type])).toEqual([['active', 'permit']]);
    expect((await fhir(t, client, `/Consent/${consents.body.entry[0].resource.id}`)).status).toBe(200);
    const organization = await fhir(t, client, '/Organization/clinic');
    expect(organization.body).toMatchObject({ resourceType: 'Organization', id: 'clinic' });
    expect((await fhir(t, client, '/Organization/other')).status).toBe(404);
    const practitioner = await fhir(t, client, `/Practitioner/${nurse.id}`);
    expect(practitioner.body).toMatchObject({ resourceType: 'Practitioner', id: String(nurse.id) });
    expect(practitioner.body.telecom).toBeUndefined();
    expect((await fhir(t, client, `/PractitionerRole/${nurse.id}`)).body.code[0].coding[0].code).toBe('NURSE');
    expect((await fhir(t, client, `/Practitioner/${other.id}`)).status).toBe(404);
  });

  it("gathers a client's whole record in $everything, with every reference inside the bundle or the clinic's", async () => {
    const res = await fhir(t, client, `/Patient/${client.id}/$everything`);
    expect(res.status).toBe(200);
    const types = res.body.entry.map((e: any) => e.resource.resourceType);
    expect(types.filter((x: string) => x === 'Observation')).toHaveLength(6);
    expect(types.filter((x: string) => x === 'Appointment')).toHaveLength(3);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Organization', 'Consent']));
    // Every reference reads back (a client follows them to their own record and the clinic's staff).
    const refs = new Set<string>(
      JSON.stringify(res.body)
        .match(/"reference":"([A-Za-z]+\/[^"]+)"/g)!
        .map((m) => m.slice(13, -1)),
    );
    for (const ref of refs) expect((await fhir(t, client, `/${ref}`)).status, ref).toBe(200);
  });

  it('answers at /fhir/R4 as at /api/v1/fhir/R4: the same resources, links through the base asked, the same audit', async () => {
    for (const base of [FHIR_ROOT, FHIR_PREFIXED]) {
      const metadata = await fhir(t, null, `${base}/metadata`);
      expect(metadata.status, base).toBe(200);
      expect(metadata.body.implementation.url, base).toMatch(new RegExp(`^http://[^/]+${base.replace(/\//g, '\\/')}$`));
      const before = await fhirReads(t, client.id, client.id);
      const patient = await fhir(t, client, `${base}/Patient/${client.id}`);
      expect(patient.body).toMatchObject({ resourceType: 'Patient', id: String(client.id) });
      expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
      const page = await fhir(t, client, `${base}/Observation?_count=2`);
      for (const link of page.body.link) expect(new URL(link.url).pathname, base).toBe(`${base}/Observation`);
      expect(page.body.entry[0].fullUrl).toContain(`${base}/Observation/`);
      expect((await fhir(t, other, `${base}/Patient/${client.id}`)).status, base).toBe(404);
      expect((await fhir(t, null, `${base}/Patient/${client.id}`)).status, base).toBe(401);
    }
  });

  it('answers an unknown path under either base with a 404 OperationOutcome', async () => {
    for (const url of [`${FHIR_ROOT}/Medication/1`, `${FHIR_PREFIXED}/Medication/1`, `${FHIR_ROOT}/Patient/${client.id}/$export`]) {
      const res = await fhir(t, client, url);
      expect(res.status, url).toBe(404);
      expect(res.body.issue[0], url).toMatchObject({ code: 'not-found', diagnostics: `Not found: GET ${url}` });
    }
  });

  it('pages $everything with _count and next links, every entry once', async () => {
    const whole = await fhir(t, client, `/Patient/${client.id}/$everything`);
    const seen: string[] = [];
    let url: string | undefined = `${FHIR_ROOT}/Patient/${client.id}/$everything?_count=4`;
    while (url) {
      const res = await fhir(t, client, url);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(whole.body.total);
      expect(res.body.entry.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.entry.map((e: any) => e.fullUrl));
      url = res.body.link.find((l: any) => l.relation === 'next')?.url;
    }
    expect(seen).toEqual(whole.body.entry.map((e: any) => e.fullUrl.replace(FHIR_PREFIXED, FHIR_ROOT)));
  });

  it('reads therapy and discovery visits as Encounters: status from the chart, a signed visit finished, searched by date, in $everything', async () => {
    const signed = await visitAt(t, nurse, client.id, 'pet', 'signed');
    const draft = await visitAt(t, nurse, client.id, 'pet', 'draft');
    const prospect = await addProspect(t, coach);
    const { rows } = await sql<{ id: number }>`insert into discovery_visits (prospect_id, author_id, channel)
      values (${prospect.id}, ${coach.id}, 'video') returning id`.execute(t.database.db);
    const before = await fhirReads(t, client.id, client.id);
    const finished = await fhir(t, client, `${FHIR_ROOT}/Encounter/therapy-${signed.id}`);
    expect(finished.body).toMatchObject({
      resourceType: 'Encounter',
      status: 'finished',
      class: { code: 'AMB' },
      serviceType: { text: 'PET (PEMF)' },
      subject: { reference: `Patient/${client.id}` },
      participant: [{ individual: { reference: `Practitioner/${nurse.id}` } }],
      period: { start: expect.any(String), end: new Date(signed.signed_at).toISOString() },
    });
    expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
    expect((await fhir(t, client, `/Encounter/therapy-${draft.id}`)).body).toMatchObject({ status: 'planned', period: { start: expect.any(String) } });
    expect((await fhir(t, client, `/Encounter/therapy-${draft.id}`)).body.period.end).toBeUndefined();
    const discovery = await fhir(t, coach, `/Encounter/discovery-${rows[0].id}`);
    expect(discovery.body).toMatchObject({ status: 'in-progress', class: { code: 'VR' }, subject: { reference: `Patient/${prospect.id}` } });
    // Another client's visit is not theirs; an id that names no visit is 404 (a malformed one 400).
    expect((await fhir(t, other, `/Encounter/therapy-${signed.id}`)).status).toBe(404);
    expect((await fhir(t, client, `/Encounter/discovery-${rows[0].id}`)).status).toBe(404);
    expect((await fhir(t, client, '/Encounter/therapy-2147483647')).status).toBe(404);
    expect((await fhir(t, client, '/Encounter/visit-1')).status).toBe(400);
    const search = await fhir(t, client, '/Encounter');
    expect(search.body.entry.map((e: any) => e.resource.id)).toEqual([`therapy-${signed.id}`, `therapy-${draft.id}`]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await fhir(t, coach, `/Encounter?patient=${client.id}&date=lt${today}`)).body.total).toBe(0);
    expect((await fhir(t, coach, `/Encounter?patient=${client.id}&date=ge${today}&_count=1`)).body).toMatchObject({ total: 2, entry: [expect.anything()] });
    const everything = await fhir(t, client, `/Patient/${client.id}/$everything?_count=200`);
    expect(everything.body.entry.filter((e: any) => e.resource.resourceType === 'Encounter')).toHaveLength(2);
  });

  it('reads issued bills as Invoices: INR totals from paise, lines with their taxes, status from the invoice chart; drafts are not served', async () => {
    const admin = await addUser(t, 'ADMIN');
    const reception = await addUser(t, 'RECEPTION');
    await setUpBilling(t, admin);
    const lines = [
      { description: 'Hydrafacial', code: '999722', unit_price_paise: 100000, gst_rate_bp: 1800 },
      { description: 'Serum', code: '330499', unit_price_paise: 45050, quantity: 2, discount_paise: 5000, gst_rate_bp: 1800 },
    ];
    const bill = await issuedManual(t, reception, client.id, lines);
    const paid = await issuedManual(t, reception, client.id, [lines[0]]);
    expect(
      (await api(t, reception, 'POST', `/billing/documents/${paid.id}/payments`, { method: 'cash', amount_paise: 118000, tendered_paise: 118000 })).status,
    ).toBe(201);
    const draft = await api(t, reception, 'POST', '/billing/documents', { from: 'manual', client: client.id, lines });
    const before = await fhirReads(t, client.id, client.id);
    const invoice = await fhir(t, client, `/Invoice/${bill.id}`);
    expect(invoice.status).toBe(200);
    expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
    expect(invoice.body).toMatchObject({
      resourceType: 'Invoice',
      status: 'issued',
      identifier: [{ value: bill.number }],
      type: { coding: [{ code: bill.kind }] },
      subject: { reference: `Patient/${client.id}` },
      date: bill.issued_on,
      totalGross: { value: bill.totals.total_paise / 100, currency: 'INR' },
    });
    expect(invoice.body.lineItem).toHaveLength(2);
    expect(invoice.body.lineItem[1]).toMatchObject({
      sequence: 2,
      chargeItemCodeableConcept: { coding: [{ code: '330499' }], text: 'Serum' },
      priceComponent: expect.arrayContaining([
        { type: 'base', factor: 2, amount: { value: 901, currency: 'INR' } },
        { type: 'discount', amount: { value: 50, currency: 'INR' } },
      ]),
    });
    // Every paisa of the bill is stated: net, plus every tax, plus or minus the round-off to the rupee, is the gross.
    const paise = (p: any) => Math.round(p.amount.value * 100) * (p.type === 'deduction' ? -1 : 1);
    const taxes = invoice.body.lineItem.flatMap((l: any) => l.priceComponent.filter((p: any) => p.type === 'tax').map(paise));
    const parts = [Math.round(invoice.body.totalNet.value * 100), ...taxes, ...(invoice.body.totalPriceComponent ?? []).map(paise)];
    expect(invoice.body.totalPriceComponent).toEqual([{ type: 'deduction', code: { text: 'Round-off' }, amount: { value: 0.18, currency: 'INR' } }]);
    expect(parts.reduce((a: number, b: number) => a + b, 0)).toBe(bill.totals.total_paise);
    expect((await fhir(t, client, `/Invoice/${paid.id}`)).body.status).toBe('balanced');
    expect((await fhir(t, client, `/Invoice/${draft.body.id}`)).status).toBe(404);
    expect((await fhir(t, nurse, `/Invoice/${draft.body.id}`)).status).toBe(404);
    expect((await fhir(t, other, `/Invoice/${bill.id}`)).status).toBe(404);
    const search = await fhir(t, coach, `/Invoice?patient=${client.id}&date=${bill.issued_on}`);
    expect(search.body.entry.map((e: any) => e.resource.id)).toEqual([String(bill.id), String(paid.id)]);
    expect((await fhir(t, client, `/Invoice?date=gt${bill.issued_on}`)).body.total).toBe(0);
    const everything = await fhir(t, client, `/Patient/${client.id}/$everything?_count=200`);
    expect(everything.body.entry.filter((e: any) => e.resource.resourceType === 'Invoice')).toHaveLength(2);
  });

  it('reads a released lab report as a DiagnosticReport and its PDF as a DocumentReference whose URL the same token downloads', async () => {
    const desk = { actors: { SUPER_ADMIN: await addUser(t, 'SUPER_ADMIN'), RECEPTION: await addUser(t, 'RECEPTION'), NURSE: nurse } as any, client: client.id };
    const released = await orderOf(t, desk, desk.actors.RECEPTION, client.id, 'ready');
    const pending = await orderOf(t, desk, desk.actors.RECEPTION, client.id, 'processing');
    const before = await fhirReads(t, client.id, client.id);
    const report = await fhir(t, client, `/DiagnosticReport/${released.id}`);
    expect(report.status).toBe(200);
    expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
    expect(report.body).toMatchObject({
      resourceType: 'DiagnosticReport',
      status: 'final',
      category: [{ coding: [{ code: 'LAB' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '11502-2' }] },
      subject: { reference: `Patient/${client.id}` },
    });
    const document = await fhir(t, client, `${FHIR_ROOT}/DocumentReference/${released.id}`);
    expect(document.body).toMatchObject({ status: 'current', context: { related: [{ reference: `DiagnosticReport/${released.id}` }] } });
    const [{ attachment }] = document.body.content;
    // Never inline: a URL, which the same bearer token downloads from the business API.
    expect(attachment.data).toBeUndefined();
    expect(attachment).toMatchObject({ contentType: 'application/pdf', title: 'report.pdf' });
    expect(report.body.presentedForm).toEqual([attachment]);
    const pdf = await t.app.inject({ method: 'GET', url: new URL(attachment.url).pathname, headers: { authorization: `Bearer ${client.accessToken}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.length).toBe(attachment.size);
    // An order whose results are not out is no report yet, for anyone; another client's is not theirs.
    for (const actor of [client, nurse]) {
      expect((await fhir(t, actor, `/DiagnosticReport/${pending.id}`)).status).toBe(404);
      expect((await fhir(t, actor, `/DocumentReference/${pending.id}`)).status).toBe(404);
    }
    expect((await fhir(t, other, `/DiagnosticReport/${released.id}`)).status).toBe(404);
    expect((await fhir(t, other, `/DocumentReference/${released.id}`)).status).toBe(404);
    expect((await fhir(t, coach, `/DiagnosticReport?patient=${client.id}`)).body.entry.map((e: any) => e.resource.id)).toEqual([String(released.id)]);
    expect((await fhir(t, client, '/DocumentReference?_lastUpdated=lt2000-01-01')).body.total).toBe(0);
    const everything = await fhir(t, client, `/Patient/${client.id}/$everything?_count=200`);
    const types = everything.body.entry.map((e: any) => e.resource.resourceType);
    expect(types.filter((x: string) => x === 'DiagnosticReport' || x === 'DocumentReference')).toEqual(['DiagnosticReport', 'DocumentReference']);
  });

  it('gives a signed therapy visit as an ABDM OPConsultRecord: a document Bundle, Composition first, every reference inside', async () => {
    const signed = await visitAt(t, nurse, client.id, 'pet', 'signed');
    const draft = await visitAt(t, nurse, client.id, 'pet', 'completed');
    const url = `${FHIR_ROOT}/Composition/op-consult-therapy-${signed.id}/$document`;
    const before = await fhirReads(t, client.id, client.id);
    const res = await fhir(t, client, url);
    expect(res.status).toBe(200);
    expect(await fhirReads(t, client.id, client.id)).toBe(before + 1);
    expect(abdmDocumentProblems(res.body, 'OPConsultRecord')).toEqual([]);
    const resources = res.body.entry.map((e: any) => e.resource);
    expect(resources.map((r: any) => r.resourceType)).toEqual(['Composition', 'Patient', 'Practitioner', 'Organization', 'Encounter', 'Procedure']);
    expect(resources[0]).toMatchObject({ status: 'final', title: 'Consultation Report', date: new Date(signed.signed_at).toISOString() });
    expect(resources[0].section).toEqual([expect.objectContaining({ code: { coding: [OP_CONSULT.procedureSection] } })]);
    expect(resources.find((r: any) => r.resourceType === 'Procedure')).toMatchObject({ status: 'completed', code: { text: 'PET (PEMF)' } });
    expect(resources.find((r: any) => r.resourceType === 'Encounter').status).toBe('finished');
    // The same record every time it is read: the document's identifier and entries are stable.
    expect((await fhir(t, coach, url)).body).toEqual(res.body);
    // The checker itself refuses what the guide refuses.
    const reordered = { ...res.body, entry: [...res.body.entry.slice(1), res.body.entry[0]] };
    expect(abdmDocumentProblems(reordered, 'OPConsultRecord')).toContain('the Composition must be the first entry');
    const dangling = { ...res.body, entry: res.body.entry.filter((e: any) => e.resource.resourceType !== 'Procedure') };
    expect(abdmDocumentProblems(dangling, 'OPConsultRecord').join()).toMatch(/is not an entry of the bundle/);
    // Not signed yet: no record; another client's: not theirs.
    expect((await fhir(t, client, `/Composition/op-consult-therapy-${draft.id}/$document`)).status).toBe(404);
    expect((await fhir(t, other, url)).status).toBe(404);
    expect((await fhir(t, client, '/Composition/op-consult-discovery-1/$document')).status).toBe(400);
  });
});
