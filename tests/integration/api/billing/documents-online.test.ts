// Issue 34 over HTTP, on each engine: an issued invoice's PDF (drawn from its snapshot, the same
// bytes downloaded and emailed), who may download and email it, and paying it online through the
// Razorpay stand-in (tests/support/razorpay-stand-in.ts): a payment link per invoice, reused while
// it is for what is due; the signed webhook records one `online` payment however often it comes
// and by whichever event, moving the invoice to partially paid or paid; an unsigned or wrongly
// signed webhook is refused and stores nothing; a payment of another amount is refused and held
// for reception. Without PAYMENTS_PROVIDER none of the online part answers.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '../../../../server/api/billing/amount-in-words.ts';
import { engines } from '../../../support/engines.ts';
import { pdfText } from '../../../support/pdf-text.ts';
import { RazorpayStandIn, startRazorpayStandIn } from '../../../support/razorpay-stand-in.ts';
import { buildTestApp, type TestApp } from '../../../support/test-app.ts';
import { type Actor, addUser, api } from '../support.ts';

const KEYS = { keyId: 'rzp_test_DocsOnline001', keySecret: 'docs-online-key-secret', webhookSecret: 'docs-online-webhook-secret' };
const WEBHOOK = '/api/v1/billing/payments/razorpay/webhook';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Two logos, 1×1 and 2×2 PNGs pdfkit draws. */
const LOGO_RED = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const LOGO_BLUE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM4IScnd0KOQU7uxIkTcgAefAS7wTuQ6wAAAABJRU5ErkJggg==', 'base64');

describe.each(engines)('billing documents and online payments on %s', (engine) => {
  let t: TestApp;
  let standIn: RazorpayStandIn;
  let admin: Actor;
  let reception: Actor;
  let doctor: Actor;
  let client: Actor;
  let other: Actor;

  const count = async (table: 'billing_payments' | 'billing_gateway_events' | 'billing_payment_flags') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db)).rows[0].n);

  /** An issued tax invoice for `who`: one line of ₹2,500.00 at 5 % (₹2,625.00). */
  async function issuedInvoice(who: Actor, unitPricePaise = 250_000): Promise<{ id: number; number: string; total: number }> {
    const draft = await api(t, reception, 'POST', '/billing/documents', {
      from: 'manual',
      client: who.id,
      lines: [{ description: 'Abhyanga massage, 60 min', code: '999723', unit_price_paise: unitPricePaise, gst_rate_bp: 500 }],
    });
    expect(draft.status).toBe(201);
    const issued = await api(t, reception, 'POST', `/billing/documents/${draft.body.id}/issue`);
    expect(issued.status).toBe(200);
    expect(issued.body.totals.total_paise).toBe(Math.round((unitPricePaise * 1.05) / 100) * 100);
    return { id: issued.body.id, number: issued.body.number, total: issued.body.totals.total_paise };
  }

  const download = (who: Actor, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/v1/billing/documents/${id}/pdf`, headers: { authorization: `Bearer ${who.accessToken}` } });

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(KEYS);
    t = await buildTestApp(engine, {
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: standIn.url,
      },
    });
    // Razorpay's deliveries go to the app as they would over the wire: the raw body and its headers.
    standIn.webhookSink = async ({ headers, body }) => (await t.app.inject({ method: 'POST', url: WEBHOOK, headers, payload: body })).statusCode;
    admin = await addUser(t, 'ADMIN');
    reception = await addUser(t, 'RECEPTION');
    doctor = await addUser(t, 'DOCTOR');
    client = await addUser(t, 'CLIENT', { first_name: 'Asha', last_name: 'Kulkarni' });
    other = await addUser(t, 'CLIENT');
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

  it('tells the portal, before sign-in, that the clinic takes payments online (/config.json)', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(JSON.parse(config.body).onlinePayments).toBe(true);
  });

  describe('the PDF', () => {
    it("is the issued snapshot: the client downloads their own, billing staff anyone's; the email carries the same bytes", async () => {
      const invoice = await issuedInvoice(client);
      const mine = await download(client, invoice.id);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(String(mine.headers['content-disposition'])).toContain(`${invoice.number.replace(/\//g, '-')}.pdf`);
      const text = await pdfText(mine.rawPayload);
      expect(text).toContain('Tax Invoice');
      expect(text).toContain(`No. ${invoice.number}`);
      expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
      expect(text).toContain('Place of supply: Maharashtra (State code 27)');
      expect(text).toContain('Total ₹2,625.00');
      expect(text).toContain(amountInWords(invoice.total));
      // The same snapshot, the same bytes, whoever downloads it.
      const staff = await download(reception, invoice.id);
      expect(staff.statusCode).toBe(200);
      expect(sha256(staff.rawPayload)).toBe(sha256(mine.rawPayload));
      expect((await download(admin, invoice.id)).statusCode).toBe(200);

      const sent = await api(t, reception, 'POST', `/billing/documents/${invoice.id}/email`);
      expect(sent.status).toBe(200);
      expect(sent.body.to).toBe(client.email);
      const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(client.email)}`, remoteAddress: '127.0.0.1' });
      const message = JSON.parse(outbox.body).messages[0];
      expect(message.subject).toContain(invoice.number);
      expect(message.body).toContain('₹2,625.00');
      expect(message.attachments).toEqual([
        {
          filename: `${invoice.number.replace(/\//g, '-')}.pdf`,
          content_type: 'application/pdf',
          size: mine.rawPayload.length,
          sha256: sha256(mine.rawPayload),
        },
      ]);

      const audit = await sql<{
        action: string;
        outcome: string;
      }>`select action, outcome from audit_events where client_id = ${client.id} and action in ('billing.document.pdf', 'billing.document.email') order by id`.execute(
        t.database.db,
      );
      expect(audit.rows.map((r) => `${r.action}:${r.outcome}`)).toEqual([
        'billing.document.pdf:success',
        'billing.document.pdf:success',
        'billing.document.pdf:success',
        'billing.document.email:success',
      ]);
    });

    it('draws the logo the document was issued under: a new logo, or none, never changes a PDF already issued', async () => {
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect((await api(t, admin, 'PUT', '/clinic/logo', { content_base64: LOGO_RED.toString('base64') })).status).toBe(200);
      const invoice = await issuedInvoice(client);
      const issued = (await api(t, reception, 'GET', `/billing/documents/${invoice.id}`)).body;
      expect(issued.issued.logoSha256).toBe(sha(LOGO_RED));
      const before = await download(reception, invoice.id);
      expect(before.statusCode).toBe(200);
      // The logo is drawn: an image XObject is in the file.
      expect(before.rawPayload.toString('latin1')).toContain('/Subtype /Image');

      expect((await api(t, admin, 'PUT', '/clinic/logo', { content_base64: LOGO_BLUE.toString('base64') })).status).toBe(200);
      const after = await download(reception, invoice.id);
      expect(sha256(after.rawPayload)).toBe(sha256(before.rawPayload));
      // A document issued now takes the new logo; the old one's bytes are kept once, by hash.
      const later = await issuedInvoice(client);
      expect((await api(t, reception, 'GET', `/billing/documents/${later.id}`)).body.issued.logoSha256).toBe(sha(LOGO_BLUE));
      const kept = await sql<{ sha256: string }>`select sha256 from billing_logos order by sha256`.execute(t.database.db);
      expect(kept.rows.map((r) => r.sha256)).toEqual([sha(LOGO_RED), sha(LOGO_BLUE)].sort());

      expect((await api(t, admin, 'DELETE', '/clinic/logo')).status).toBe(200);
      expect(sha256((await download(client, invoice.id)).rawPayload)).toBe(sha256(before.rawPayload));
      const none = await issuedInvoice(client);
      expect((await api(t, reception, 'GET', `/billing/documents/${none.id}`)).body.issued.logoSha256).toBeNull();
      expect((await download(reception, none.id)).rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    });

    it("is another client's to nobody else: 404 to a client (audited), 403 to a DOCTOR; only billing staff email it; a draft has none", async () => {
      const invoice = await issuedInvoice(client);
      expect((await download(other, invoice.id)).statusCode).toBe(404);
      expect((await download(doctor, invoice.id)).statusCode).toBe(403);
      expect((await api(t, client, 'POST', `/billing/documents/${invoice.id}/email`)).status).toBe(403);
      expect((await api(t, doctor, 'POST', `/billing/documents/${invoice.id}/email`)).status).toBe(403);
      const refused = await sql<{
        n: string;
      }>`select count(*) as n from audit_events where client_id = ${client.id} and action = 'billing.document.pdf' and outcome = 'denied'`.execute(
        t.database.db,
      );
      expect(Number(refused.rows[0].n)).toBe(2);
      const draft = await api(t, reception, 'POST', '/billing/documents', {
        from: 'manual',
        client: client.id,
        lines: [{ description: 'Consultation', unit_price_paise: 80_000, gst_rate_bp: 0, exempt: true }],
      });
      expect((await download(reception, draft.body.id)).statusCode).toBe(409);
      expect((await download(client, draft.body.id)).statusCode).toBe(404);
    });
  });

  describe('paying online', () => {
    it('opens one link for what is due and reuses it; a cash part payment makes a new one for the rest', async () => {
      const invoice = await issuedInvoice(client);
      const first = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ document: invoice.id, amount_paise: invoice.total, status: 'created' });
      expect(first.body.url.startsWith(standIn.url)).toBe(true);
      const link = standIn.links.get(first.body.link_id)!;
      expect(link).toMatchObject({ amount: invoice.total, currency: 'INR', callback_method: 'get' });
      expect(link.reference_id.startsWith(`${invoice.number}-`)).toBe(true);
      expect(link.callback_url).toContain(`/user/invoices/${client.id}`);
      const again = await api(t, reception, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      expect(again.status).toBe(200);
      expect(again.body.link_id).toBe(first.body.link_id);

      expect((await api(t, reception, 'POST', `/billing/documents/${invoice.id}/payments`, { method: 'cash', amount_paise: 62_500 })).status).toBe(201);
      const rest = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      expect(rest.status).toBe(201);
      expect(rest.body.amount_paise).toBe(invoice.total - 62_500);
      expect(standIn.links.get(first.body.link_id)!.status).toBe('cancelled');

      expect((await api(t, other, 'POST', `/billing/documents/${invoice.id}/payment-link`)).status).toBe(404);
      expect((await api(t, doctor, 'POST', `/billing/documents/${invoice.id}/payment-link`)).status).toBe(403);
    });

    it("records the webhook's payment once, by either event and however often, and the invoice is paid", async () => {
      const invoice = await issuedInvoice(client);
      const link = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      const payments = await count('billing_payments');
      const paid = await standIn.pay(link.body.link_id);
      // payment_link.paid recorded it; order.paid for the same payment finds it there.
      expect(paid.deliveries.map((d) => d.status)).toEqual([200, 200]);
      expect(await count('billing_payments')).toBe(payments + 1);
      for (const delivery of paid.deliveries) expect((await standIn.redeliver(delivery)).status).toBe(200);
      expect(await count('billing_payments')).toBe(payments + 1);
      const outcomes = await sql<{
        event: string;
        outcome: string;
      }>`select event, outcome from billing_gateway_events where payment_id = ${paid.paymentId} order by received_at, event`.execute(t.database.db);
      expect(outcomes.rows.map((r) => r.outcome).sort()).toEqual(['already_recorded', 'recorded']);

      const doc = await api(t, reception, 'GET', `/billing/documents/${invoice.id}`);
      expect(doc.body.status).toBe('paid');
      expect(doc.body.payments).toEqual([expect.objectContaining({ method: 'online', amount_paise: invoice.total, reference: paid.paymentId })]);
      // The browser comes back to the portal with the query Razorpay signs.
      expect(paid.redirect).toContain(`/user/invoices/${client.id}`);
      expect(paid.redirect).toContain('razorpay_signature=');
      // A paid invoice has nothing left to pay online.
      expect((await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`)).status).toBe(409);
    });

    it('brings the payer of a package bought in the portal back to My packages, where it then shows its credits', async () => {
      const plan = await api(t, admin, 'POST', '/appointments/package-plans', {
        name: 'HBOT five',
        therapy: 'hbot',
        sessions: 5,
        price_inr: 2000,
        validity_days: 60,
      });
      expect(plan.status, JSON.stringify(plan.body)).toBe(201);
      const tax = await api(t, admin, 'PUT', '/billing/item-tax', {
        item_kind: 'package_plan',
        item_id: plan.body.id,
        code: '999722',
        gst_rate_bp: 1800,
        exempt: false,
      });
      expect(tax.status, JSON.stringify(tax.body)).toBe(200);
      const bought = await api(t, client, 'POST', `/appointments/package-plans/${plan.body.id}/buy`);
      expect(bought.status, JSON.stringify(bought.body)).toBe(201);
      const link = await api(t, client, 'POST', `/billing/documents/${bought.body.invoice.id}/payment-link`);
      expect(link.status).toBe(201);
      const packagesUrl = `${t.runtime.config.publicUrl}/user/packages/${client.id}?invoice=${bought.body.invoice.id}`;
      expect(standIn.links.get(link.body.link_id)!.callback_url).toBe(packagesUrl);
      const mine = async () =>
        (await api(t, client, 'GET', `/appointments/packages?client=${client.id}`)).body.find((p: { id: number }) => p.id === bought.body.id);
      expect(await mine()).toMatchObject({ status: 'awaiting_payment', sessions_left: 5 });
      const paid = await standIn.pay(link.body.link_id);
      expect(paid.redirect?.startsWith(`${packagesUrl}&`)).toBe(true);
      expect(paid.redirect).toContain('razorpay_signature=');
      expect(await mine()).toMatchObject({ status: 'active', sessions_left: 5, invoice: { status: 'paid', due_paise: 0 } });
      // Any other invoice still comes back to My invoices with that document open.
      const invoice = await issuedInvoice(client);
      const other = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      expect(standIn.links.get(other.body.link_id)!.callback_url).toBe(`${t.runtime.config.publicUrl}/user/invoices/${client.id}?document=${invoice.id}`);
    });

    it('refuses an unsigned or wrongly signed webhook and stores nothing', async () => {
      const invoice = await issuedInvoice(client);
      const link = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      const before = [await count('billing_payments'), await count('billing_gateway_events'), await count('billing_payment_flags')];
      const wrong = await standIn.pay(link.body.link_id, { signature: 'bad' });
      expect(wrong.deliveries.map((d) => d.status)).toEqual([401, 401]);
      const unsigned = await standIn.sendEvent('payment_link.paid', JSON.parse(wrong.deliveries[0].body).payload, { signature: 'none' });
      expect(unsigned.status).toBe(400);
      const noId = await t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'ab'.repeat(32) },
        payload: wrong.deliveries[0].body,
      });
      expect(noId.statusCode).toBe(400);
      expect(JSON.parse(noId.body).errors).toHaveProperty('x-razorpay-event-id');
      const garbage = await t.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json' }, payload: 'not json' });
      expect(garbage.statusCode).toBe(400);
      expect(JSON.parse(garbage.body).errors).toHaveProperty('X-Razorpay-Signature');
      expect([await count('billing_payments'), await count('billing_gateway_events'), await count('billing_payment_flags')]).toEqual(before);
      expect((await api(t, reception, 'GET', `/billing/documents/${invoice.id}`)).body.status).toBe('issued');
    });

    it('refuses a payment of another amount than the link and holds it for reception', async () => {
      const invoice = await issuedInvoice(client);
      const link = await api(t, client, 'POST', `/billing/documents/${invoice.id}/payment-link`);
      const payments = await count('billing_payments');
      const short = await standIn.pay(link.body.link_id, { amountPaise: invoice.total - 100 });
      expect(short.deliveries[0].status).toBe(200);
      expect(await count('billing_payments')).toBe(payments);
      expect((await api(t, reception, 'GET', `/billing/documents/${invoice.id}`)).body.status).toBe('issued');
      const flags = await api(t, reception, 'GET', '/billing/payment-flags');
      expect(flags.status).toBe(200);
      expect(flags.body).toContainEqual(
        expect.objectContaining({
          document: invoice.id,
          number: invoice.number,
          client: client.id,
          payment_id: short.paymentId,
          amount_paise: invoice.total - 100,
          expected_paise: invoice.total,
          reason: 'amount_mismatch',
        }),
      );
      expect((await api(t, client, 'GET', '/billing/payment-flags')).status).toBe(403);
      expect((await api(t, doctor, 'GET', '/billing/payment-flags')).status).toBe(403);
    });
  });
});

describe.each(engines)('without PAYMENTS_PROVIDER on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  }, 120_000);
  afterAll(() => t.close());

  it('has no payment links and no webhook, and /config.json tells the portal so', async () => {
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: '/config.json' })).body).onlinePayments).toBe(false);
    const client = await addUser(t, 'CLIENT');
    const link = await api(t, client, 'POST', '/billing/documents/1/payment-link');
    expect(link.status).toBe(404);
    expect(link.body.detail).toContain('PAYMENTS_PROVIDER');
    const hook = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'ab'.repeat(32), 'x-razorpay-event-id': 'evt_1' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect(JSON.parse(hook.body).detail).toContain('PAYMENTS_PROVIDER');
  });
});
