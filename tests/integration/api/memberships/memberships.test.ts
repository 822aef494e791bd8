// Memberships end to end on each engine (issue 35): plans checked field by field; a sale issues its
// invoice and the membership starts when that invoice is paid; "Bill this visit" uses an included
// session of the period once (also when two visits are billed at once), then the plan's discount;
// a deleted draft gives its session back; the renewal round invoices the next period and mails the
// client, a paid renewal makes it active again, an unpaid one lapses (its invoice credited);
// cancelling renewal ends the membership with its period; an unpaid sale can be cancelled; a
// client sees only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, periodOf } from '../../../../machines/memberships/membership-rules.ts';
import { clinicDay } from '../../../../server/api/memberships/data.ts';
import { MEMBERSHIP_TEXTS } from '../../../../server/api/memberships/texts.ts';
import { membershipRenewalRound } from '../../../../server/jobs/membership-renewal.ts';
import { engines } from '../../../support/engines.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';
import { addTaxedService, auditCount, setUpBilling } from '../billing/fixtures.ts';

const DAY = 86_400_000;
let hour = 0;

/** A checked-in visit of the client's, today (each at its own hour, so no calendar overlaps). */
async function visitToday(t: TestApp, client: number, service: number, staff: number): Promise<number> {
  hour += 1;
  const start = new Date(Date.now() - hour * 60_000);
  const end = new Date(start.getTime() + 30_000);
  const { id } = await t.database.db
    .insertInto('appointments')
    .values({
      client_id: client,
      service_id: service,
      staff_id: staff,
      starts_at: start,
      ends_at: end,
      occupied_from: start,
      occupied_to: end,
      booked_by: staff,
      series_id: null,
      rescheduled_from: null,
      rescheduled_to: null,
      package_id: null,
      status: 'checked_in',
      cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(engines)('memberships on %s', (engine) => {
  let t: TestApp;
  let admin: Actor;
  let reception: Actor;
  let nurse: Actor;
  let client: Actor;
  let other: Actor;
  let hbot: number;
  let facial: number;
  let plan: number;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    nurse = await addUser(t, 'NURSE');
    client = await addUser(t, 'CLIENT', { profile: { address_line_1: '4 Hill Road', city: 'Mumbai', zipcode: '400050' } });
    other = await addUser(t, 'CLIENT');
    await setUpBilling(t, admin);
    hbot = await addTaxedService(t, admin, 2500, 1800, false);
    facial = await addTaxedService(t, admin, 3333, 1800, false);
  }, 180_000);
  afterAll(() => t.close());

  const pay = (id: number, amount: number) => api(t, reception, 'POST', `/billing/documents/${id}/payments`, { method: 'cash', amount_paise: amount });
  const billVisit = (appointment: number) => api(t, reception, 'POST', '/billing/documents', { from: 'appointment', source: appointment });

  it('defines plans, each field checked, only by ADMIN', async () => {
    const body = {
      name: 'Wellness Monthly',
      fee_paise: 300000,
      period: 'monthly',
      code: '999722',
      gst_rate_bp: 1800,
      benefits: [
        { kind: 'included', service: hbot, sessions: 1 },
        { kind: 'discount', percent: 15 },
      ],
    };
    expect((await api(t, reception, 'POST', '/memberships/plans', body)).status).toBe(403);
    const badRate = await api(t, admin, 'POST', '/memberships/plans', { ...body, gst_rate_bp: 1200 });
    expect(badRate.status).toBe(400);
    expect(Object.keys(badRate.body.errors)).toEqual(['gst_rate_bp']);
    const badBenefit = await api(t, admin, 'POST', '/memberships/plans', { ...body, benefits: [{ kind: 'included', service: hbot }] });
    expect(badBenefit.body.errors).toEqual({ 'benefits[0]': [MEMBERSHIP_TEXTS.includedNeeds] });
    const unknown = await api(t, admin, 'POST', '/memberships/plans', { ...body, benefits: [{ kind: 'discount', service: 999999, percent: 5 }] });
    expect(unknown.body.errors).toEqual({ 'benefits[0].service': [MEMBERSHIP_TEXTS.serviceUnknown] });
    const created = await api(t, admin, 'POST', '/memberships/plans', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Wellness Monthly', fee_paise: 300000, period: 'monthly', auto_renew: true, active: true });
    expect(created.body.benefits).toEqual([
      { kind: 'included', service: hbot, service_name: expect.any(String), sessions: 1, percent: null },
      { kind: 'discount', service: null, service_name: null, sessions: null, percent: 15 },
    ]);
    plan = created.body.id;
    expect((await api(t, admin, 'POST', '/memberships/plans', { ...body, name: 'wellness monthly' })).status).toBe(409);
    expect((await api(t, reception, 'GET', '/memberships/plans')).body.map((p: { id: number }) => p.id)).toContain(plan);
    expect((await api(t, nurse, 'GET', '/memberships/plans')).status).toBe(403);
  });

  it('sells through billing: an issued invoice, active once it is paid, its first period from today', async () => {
    const sold = await api(t, reception, 'POST', '/memberships', { client: client.id, plan });
    expect(sold.status).toBe(201);
    expect(sold.body).toMatchObject({ status: 'awaiting_payment', starts_on: null, renews_on: null, plan_name: 'Wellness Monthly' });
    const invoice = await api(t, reception, 'GET', `/billing/documents/${sold.body.invoice}`);
    expect(invoice.body).toMatchObject({ status: 'issued', kind: 'invoice' });
    expect((await api(t, reception, 'POST', '/memberships', { client: client.id, plan })).status).toBe(409);
    // A visit before the membership is paid is billed in full.
    const before = await billVisit(await visitToday(t, client.id, hbot, nurse.id));
    expect(before.body.lines[0]).toMatchObject({ unit_price_paise: 250000, discount_paise: 0 });
    const total = invoice.body.issued.totals.totalPaise;
    expect((await pay(sold.body.invoice, total - 100)).status).toBe(201);
    expect((await api(t, client, 'GET', `/memberships?client=${client.id}`)).body[0].status).toBe('awaiting_payment');
    expect((await pay(sold.body.invoice, 100)).status).toBe(201);
    const today = await clinicDay(t.database.db);
    const mine = await api(t, client, 'GET', '/memberships');
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      status: 'active',
      starts_on: today,
      ends_on: periodOf(today, 'monthly', 0).endsOn,
      renews_on: addDays(periodOf(today, 'monthly', 0).endsOn, 1),
      included: [{ service: hbot, sessions: 1, used: 0, left: 1 }],
    });
    expect(await auditCount(t, 'membership.activate', client.id)).toBe(1);
    expect((await api(t, other, 'GET', `/memberships?client=${client.id}`)).status).toBe(404);
    expect((await api(t, other, 'GET', '/memberships')).body).toEqual([]);
  });

  it('uses the included session once per period, even for two visits billed at once; then the discount', async () => {
    const [a, b] = [await visitToday(t, client.id, hbot, nurse.id), await visitToday(t, client.id, hbot, nurse.id)];
    const [first, second] = await Promise.all([billVisit(a), billVisit(b)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const lines = [first.body.lines[0], second.body.lines[0]].sort((x, y) => x.unit_price_paise - y.unit_price_paise);
    expect(lines[0]).toMatchObject({ unit_price_paise: 0, description: expect.stringContaining('included in membership Wellness Monthly') });
    expect(lines[1]).toMatchObject({ unit_price_paise: 250000, discount_paise: 37500 });
    expect((await api(t, client, 'GET', '/memberships')).body[0].included[0]).toMatchObject({ used: 1, left: 0 });
    // Deleting the draft with the included session gives it back.
    const included = first.body.lines[0].unit_price_paise === 0 ? first : second;
    expect((await api(t, reception, 'DELETE', `/billing/documents/${included.body.id}`)).status).toBe(204);
    expect((await api(t, client, 'GET', '/memberships')).body[0].included[0]).toMatchObject({ used: 0, left: 1 });
    // A discount on everything, rounded to the paisa: 15 % of ₹3,333.00.
    const discounted = await billVisit(await visitToday(t, client.id, facial, nurse.id));
    expect(discounted.body.lines[0]).toMatchObject({ unit_price_paise: 333300, discount_paise: 49995 });
  });

  it('invoices the renewal a week before the period ends and mails the client; paid, it is active again', async () => {
    const [m] = (await api(t, client, 'GET', '/memberships')).body;
    const endsAt = new Date(`${m.ends_on}T12:00:00+05:30`).getTime();
    expect(await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt - 9 * DAY))).toEqual([]);
    const round = await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt - 6 * DAY));
    expect(round).toEqual([{ membership: m.id, outcome: 'invoiced' }]);
    expect(await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt - 5 * DAY))).toEqual([]);
    const [due] = (await api(t, client, 'GET', '/memberships')).body;
    expect(due).toMatchObject({ status: 'renewal_due', renewal_invoice: expect.any(Number) });
    const renewal = await api(t, client, 'GET', `/billing/documents/${due.renewal_invoice}`);
    expect(renewal.body.status).toBe('issued');
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(client.email)}`, remoteAddress: '127.0.0.1' });
    const mail = JSON.parse(outbox.body).messages.find((x: { subject: string }) => x.subject === MEMBERSHIP_TEXTS.renewalSubject('Wellness Monthly'));
    expect(mail.body).toContain(renewal.body.number);
    await pay(due.renewal_invoice, renewal.body.issued.totals.totalPaise);
    expect((await api(t, client, 'GET', '/memberships')).body[0].status).toBe('active');
  });

  it('lapses a renewal unpaid by the end of the period, its invoice credited', async () => {
    const sold = await api(t, reception, 'POST', '/memberships', { client: other.id, plan });
    const invoice = await api(t, reception, 'GET', `/billing/documents/${sold.body.invoice}`);
    await pay(sold.body.invoice, invoice.body.issued.totals.totalPaise);
    const [m] = (await api(t, other, 'GET', '/memberships')).body;
    const endsAt = new Date(`${m.ends_on}T12:00:00+05:30`).getTime();
    await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt - 3 * DAY));
    expect(await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt))).toEqual([]);
    const lapsed = await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(endsAt + DAY));
    expect(lapsed).toEqual([{ membership: m.id, outcome: 'lapsed' }]);
    const [after] = (await api(t, other, 'GET', '/memberships')).body;
    expect(after.status).toBe('lapsed');
    const renewal = await api(t, reception, 'GET', `/billing/documents/${after.renewal_invoice}`);
    expect(renewal.body.status).toBe('credited');
    expect(await auditCount(t, 'membership.lapse', other.id)).toBe(1);
  });

  it('cancels renewal (the client their own): the membership ends with its period', async () => {
    const [m] = (await api(t, client, 'GET', '/memberships')).body;
    expect((await api(t, other, 'POST', `/memberships/${m.id}/cancel-renewal`)).status).toBe(404);
    expect((await api(t, nurse, 'POST', `/memberships/${m.id}/cancel-renewal`)).status).toBe(403);
    const cancelled = await api(t, client, 'POST', `/memberships/${m.id}/cancel-renewal`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelling', auto_renew: false, renews_on: null });
    expect(await auditCount(t, 'membership.cancel_renewal', client.id)).toBe(1);
    expect((await api(t, client, 'POST', `/memberships/${m.id}/cancel-renewal`)).status).toBe(409);
    const periods = await t.database.db.selectFrom('membership_periods').select('ends_on').where('membership_id', '=', m.id).orderBy('seq', 'desc').execute();
    const lastEnd = new Date(periods[0].ends_on as unknown as string).getTime();
    const ended = await membershipRenewalRound(t.database.db, t.runtime.mail, new Date(lastEnd + 2 * DAY));
    expect(ended).toContainEqual({ membership: m.id, outcome: 'ended' });
    expect((await api(t, client, 'GET', '/memberships')).body[0].status).toBe('ended');
  });

  it('cancels an unpaid sale with its invoice credited, once, and only at the desk', async () => {
    const sold = await api(t, reception, 'POST', '/memberships', { client: client.id, plan });
    expect(sold.status).toBe(201);
    const cancelled = await api(t, reception, 'POST', `/memberships/${sold.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await api(t, reception, 'GET', `/billing/documents/${sold.body.invoice}`)).body.status).toBe('credited');
    expect((await api(t, reception, 'POST', `/memberships/${sold.body.id}/cancel`)).status).toBe(409);
    expect((await api(t, client, 'POST', `/memberships/${sold.body.id}/cancel`)).status).toBe(403);
  });
});
