// /api/v1/billing/settings and /billing/item-tax: the clinic's tax settings and the tax data of
// what it sells (issue 34, "Tax settings"). The front desk and SUPER_ADMIN read; ADMIN keeps
// them. Whether a service is exempt healthcare is the clinic's accountant's decision: data here.
import type { FastifyInstance } from 'fastify';
import { gstinProblem, gstStateName } from '../../../machines/billing/gstin.ts';
import { prefixProblem } from '../../../machines/billing/numbering.ts';
import type { BillingDocumentKind } from '../../../machines/billing/billing-document.ts';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { BillingItemKind } from '../../db/schema-billing.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import {
  DEFAULT_PREFIXES,
  DEFAULT_RATES_BP,
  itemExists,
  listItemTax,
  ratesInUse,
  readBillingSettings,
  saveBillingSettings,
  saveItemTax,
  settingsOut,
} from './data.ts';
import { act, BILLING_TEXTS as T, refuseIf, type S } from './route-helpers.ts';

/** The settings as given, each field checked (a 400 names it); the rates to store. */
async function checkedSettings(ctx: ApiContext, b: S['BillingSettingsUpdate']): Promise<number[]> {
  // A form from before refund vouchers sends four prefixes: the fifth stays as it was (RF at first).
  b.series_prefixes.refund_voucher ??= (await readBillingSettings(ctx.db)).prefixes.refund_voucher ?? DEFAULT_PREFIXES.refund_voucher;
  if (!gstStateName(b.state_code)) throw badRequest('state_code', T.unknownState);
  if (b.gstin) {
    refuseIf('gstin', gstinProblem(b.gstin));
    if (b.gstin.slice(0, 2) !== b.state_code) throw badRequest('gstin', T.gstinStateMismatch);
  }
  for (const kind of Object.keys(b.series_prefixes) as BillingDocumentKind[]) refuseIf(`series_prefixes.${kind}`, prefixProblem(b.series_prefixes[kind]!));
  const prefixes = Object.values(b.series_prefixes).map((p) => p.toUpperCase());
  if (new Set(prefixes).size !== prefixes.length) throw badRequest('series_prefixes', T.prefixesRepeat);
  const rates = [...(b.gst_rates_bp ?? DEFAULT_RATES_BP)].sort((x, y) => x - y);
  const dropped = (await ratesInUse(ctx.db)).find((rate) => !rates.includes(rate));
  if (dropped !== undefined) throw badRequest('gst_rates_bp', T.rateInUse(dropped));
  return rates;
}

export function settingsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get(
    '/billing/settings',
    { schema: contract.routeSchema('getBillingSettings'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async () => {
      return settingsOut(await readBillingSettings(db));
    },
  );

  app.put<{ Body: S['BillingSettingsUpdate'] }>(
    '/billing/settings',
    { schema: contract.routeSchema('putBillingSettings'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const rates = await checkedSettings(ctx, request.body);
      await withAudit(db, { actor: caller, action: act('billing.settings.update'), client: null, requestId: request.id }, (trx) =>
        saveBillingSettings(trx, request.body, rates),
      );
      return settingsOut(await readBillingSettings(db));
    },
  );

  app.get<{ Querystring: { item_kind?: BillingItemKind } }>(
    '/billing/item-tax',
    { schema: contract.routeSchema('listBillingItemTax'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async (request) => {
      return listItemTax(db, request.query.item_kind);
    },
  );

  app.put<{ Body: S['BillingItemTaxUpdate'] }>(
    '/billing/item-tax',
    { schema: contract.routeSchema('putBillingItemTax'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      if (!(await itemExists(db, b.item_kind, b.item_id))) throw notFound();
      const { ratesBp } = await readBillingSettings(db);
      if (!ratesBp.includes(b.gst_rate_bp)) throw badRequest('gst_rate_bp', T.rateNotOffered(ratesBp));
      await withAudit(db, { actor: caller, action: act('billing.item_tax.update'), client: null, requestId: request.id }, (trx) => saveItemTax(trx, b));
      return (await listItemTax(db, b.item_kind)).find((i) => i.item_id === b.item_id)!;
    },
  );
}
