// What the billing tests start from: the clinic's tax settings (a Maharashtra clinic registered
// for GST), a service with its tax data, a package plan sold to a client, and appointments put
// straight into the status a test needs (the scheduling flow that gets them there is tested in
// tests/integration/api/appointments).
import { CLINIC_TAX_SETTINGS } from '../../../support/billing-document-fixtures.ts';
import type { TestApp } from '../../../support/test-app.ts';
import { type Actor, api } from '../support.ts';

export const SETTINGS = CLINIC_TAX_SETTINGS;
export const GSTIN = SETTINGS.gstin;

export async function setUpBilling(t: TestApp, admin: Actor, settings: Record<string, unknown> = SETTINGS): Promise<void> {
  const res = await api(t, admin, 'PUT', '/billing/settings', settings);
  if (res.status !== 200) throw new Error(`billing settings: ${res.status} ${JSON.stringify(res.body)}`);
}

let sequence = 0;

/** A service at `priceInr` rupees with tax data (rate in basis points, exempt or not). */
export async function addTaxedService(t: TestApp, admin: Actor, priceInr: number, rateBp: number, exempt: boolean, code = '999722'): Promise<number> {
  sequence += 1;
  const { id } = await t.database.db
    .insertInto('services')
    .values({ name: `Facial ${sequence}`, therapy: `billing_${sequence}`, duration_minutes: 30, delivered_by: ['NURSE'], price_inr: priceInr })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await api(t, admin, 'PUT', '/billing/item-tax', { item_kind: 'service', item_id: id, code, gst_rate_bp: rateBp, exempt });
  if (res.status !== 200) throw new Error(`item tax: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** A package of the service's therapy sold to the client from a plan; its id and the plan's name. */
export async function sellPackage(t: TestApp, client: number, service: number, priceInr: number): Promise<{ pkg: number; plan: string }> {
  const { therapy } = await t.database.db.selectFrom('services').select('therapy').where('id', '=', service).executeTakeFirstOrThrow();
  const name = `Glow plan ${++sequence}`;
  const plan = await t.database.db
    .insertInto('package_plans')
    .values({ name, therapy, sessions: 5, price_inr: priceInr, validity_days: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pkg = await t.database.db
    .insertInto('packages')
    .values({ client_id: client, therapy, sessions_total: 5, sessions_used: 0, expires_on: null, plan_id: plan.id, price_inr: priceInr })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pkg: pkg.id, plan: name };
}

/** An appointment in `status`, each at its own hour (the staff's calendar takes no overlap). */
export async function addAppointment(
  t: TestApp,
  client: number,
  service: number,
  staff: number,
  status: 'booked' | 'checked_in' | 'completed',
  pkg: number | null = null,
): Promise<number> {
  sequence += 1;
  const start = new Date(Date.UTC(2026, 0, 1) + sequence * 3_600_000);
  const end = new Date(start.getTime() + 1_800_000);
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
      package_id: pkg,
      status,
      cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A manual draft of free lines for the client, issued; the document. */
export async function issuedManual(t: TestApp, by: Actor, client: number, lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const draft = await api(t, by, 'POST', '/billing/documents', { from: 'manual', client, lines, ...extra });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);
  const issued = await api(t, by, 'POST', `/billing/documents/${draft.body.id}/issue`);
  if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${JSON.stringify(issued.body)}`);
  return issued.body;
}

export async function auditCount(t: TestApp, action: string, client: number | null): Promise<number> {
  let q = t.database.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action as never);
  q = client === null ? q.where('client_id', 'is', null) : q.where('client_id', '=', client);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
