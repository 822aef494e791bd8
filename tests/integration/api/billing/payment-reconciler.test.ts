// Issue 34, the reconciler, on each engine: a payment link whose webhook was lost. The stand-in
// takes the client's payment but its webhooks never reach us; the reconciler's check fetches the
// link from Razorpay's API (the stand-in answers as Razorpay does: status, amount_paid,
// payments[]) and records the payment through the webhook's own path, once; the webhooks
// delivered late find it recorded. A link paid by its webhook first is left alone, an expired one
// is closed here so a new one can be opened, an open one is asked about again later, and without
// the gateway no reconciler runs.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorkers } from '../../../../server/jobs/index.ts';
import { RECONCILE_LINK_JOB, reconcileLinkHandler } from '../../../../server/jobs/billing-reconcile.ts';
import { runDueJobs } from '../../../../server/jobs/queue.ts';
import { paymentGatewayFrom } from '../../../../server/payments/razorpay-gateway.ts';
import { engines } from '../../../support/engines.ts';
import { razorpayEnv, RazorpayStandIn, startRazorpayStandIn } from '../../../support/razorpay-stand-in.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

const KEYS = { keyId: 'rzp_test_Reconciler001', keySecret: 'reconciler-key-secret', webhookSecret: 'reconciler-webhook-secret' };
const WEBHOOK = '/api/v1/billing/payments/razorpay/webhook';

describe.each(engines)('the payment link reconciler on %s', (engine) => {
  let t: TestApp;
  let standIn: RazorpayStandIn;
  let reception: Actor;
  let client: Actor;
  let reconcile: () => Promise<number>;

  const onlinePayments = async (document: number) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from billing_payments where document_id = ${document} and method = 'online'`.execute(t.database.db))
        .rows[0].n,
    );
  const linkStatus = async (linkId: string) =>
    (await t.database.db.selectFrom('billing_payment_links').select('status').where('link_id', '=', linkId).executeTakeFirstOrThrow()).status;

  async function openLink(): Promise<{ id: number; total: number; linkId: string }> {
    const draft = await api(t, reception, 'POST', '/billing/documents', {
      from: 'manual',
      client: client.id,
      lines: [{ description: 'Shirodhara, 45 min', code: '999723', unit_price_paise: 180_000, gst_rate_bp: 1800 }],
    });
    expect(draft.status).toBe(201);
    const issued = await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`);
    expect(issued.status).toBe(200);
    const link = await api(t, client, 'POST', `/billing/documents/${draft.body.id}/payment-link`);
    expect(link.status).toBe(201);
    return { id: draft.body.id, total: issued.body.totals.total_paise, linkId: link.body.link_id };
  }

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(KEYS);
    // The first check is due at once and the worker is off: the test runs each check itself.
    t = await buildTestApp(engine, { env: { ...razorpayEnv(standIn, KEYS), BILLING_RECONCILE_AFTER_MS: '0', BILLING_JOBS_POLL_MS: '0' } });
    standIn.webhookSink = async ({ headers, body }) => (await t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body })).statusCode;
    const gateway = paymentGatewayFrom(t.runtime.config.payments)!;
    reconcile = () => runDueJobs(t.database.db, { [RECONCILE_LINK_JOB]: reconcileLinkHandler(gateway, 0) });
    const admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    client = await addUser(t, 'CLIENT', { first_name: 'Ravi', last_name: 'Shetty' });
    const settings = await api(t, admin, 'PUT', '/billing/settings', {
      legal_name: 'Thrive Wellness Private Limited',
      gstin: '27AAPFU0939F1ZV',
      state_code: '27',
      address: 'Linking Road, Bandra West, Mumbai 400050',
      series_prefixes: { invoice: 'INV', bill_of_supply: 'BOS', credit_note: 'CN', receipt: 'RV' },
    });
    expect(settings.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('records a payment whose webhook was lost, once; the webhook arriving late records nothing more', async () => {
    const invoice = await openLink();
    const paid = await standIn.pay(invoice.linkId, { dropWebhooks: true });
    expect(paid.deliveries.map((d) => d.status)).toEqual([0, 0]);
    expect(await onlinePayments(invoice.id)).toBe(0);

    expect(await reconcile()).toBeGreaterThanOrEqual(1);
    expect(await onlinePayments(invoice.id)).toBe(1);
    expect(await linkStatus(invoice.linkId)).toBe('paid');
    const doc = await api(t, reception, 'GET', `/billing/documents/${invoice.id}`);
    expect(doc.body.status).toBe('paid');
    expect(doc.body.payments).toEqual([expect.objectContaining({ method: 'online', amount_paise: invoice.total, reference: paid.paymentId })]);

    // A second look finds nothing open; then Razorpay's retries come through at last.
    await reconcile();
    for (const delivery of paid.deliveries) expect((await standIn.redeliver(delivery)).status).toBe(200);
    expect(await onlinePayments(invoice.id)).toBe(1);
    const outcomes = await sql<{ outcome: string }>`select outcome from billing_gateway_events where payment_id = ${paid.paymentId}`.execute(t.database.db);
    expect(outcomes.rows.map((r) => r.outcome)).toEqual(['already_recorded', 'already_recorded']);
    const audit = await sql<{ n: string }>`select count(*) as n from audit_events
      where action = 'billing.payment.online' and client_id = ${client.id} and request_id = ${`razorpay:reconcile:${invoice.linkId}`}`.execute(t.database.db);
    expect(Number(audit.rows[0].n)).toBe(1);
  });

  it('leaves a link its webhook already paid: still one payment', async () => {
    const invoice = await openLink();
    const paid = await standIn.pay(invoice.linkId);
    expect(paid.deliveries.map((d) => d.status)).toEqual([200, 200]);
    await reconcile();
    expect(await onlinePayments(invoice.id)).toBe(1);
  });

  it('closes a link Razorpay expired, and the client can open a new one', async () => {
    const invoice = await openLink();
    standIn.expire(invoice.linkId);
    await reconcile();
    expect(await linkStatus(invoice.linkId)).toBe('expired');
    const fresh = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
    expect(fresh.status).toBe(201);
    expect(fresh.body.link_id).not.toBe(invoice.linkId);
  });

  it('asks again later about a link still open', async () => {
    const invoice = await openLink();
    await reconcile();
    expect(await linkStatus(invoice.linkId)).toBe('created');
    const next = await sql<{ run_at: Date; payload: unknown }>`select run_at, payload from scheduled_jobs
      where kind = ${RECONCILE_LINK_JOB} and status = 'pending' and dedupe_key = ${`billing-link-check:${invoice.linkId}:2`}`.execute(t.database.db);
    expect(next.rows).toHaveLength(1);
    expect(new Date(next.rows[0].run_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await onlinePayments(invoice.id)).toBe(0);
  });

  it('runs only with the gateway on', async () => {
    const env = { SCHEDULING_JOBS_POLL_MS: '0', SUPPORT_JOBS_POLL_MS: '0', BILLING_JOBS_POLL_MS: '60000' };
    const log = { warn: () => undefined };
    const off = startJobWorkers({ db: t.database.db, mail: t.runtime.mail, gateway: null, reconcileAfterMs: 0, log, env });
    expect(off).toHaveLength(0);
    const on = startJobWorkers({
      db: t.database.db,
      mail: t.runtime.mail,
      gateway: paymentGatewayFrom(t.runtime.config.payments),
      reconcileAfterMs: 0,
      log,
      env,
    });
    expect(on).toHaveLength(1);
    for (const worker of on) await worker.stop();
  });
});
