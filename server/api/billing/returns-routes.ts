// /api/v1/billing/returns/gstr1 (issue 35, docs/billing.md "GST returns"): the GSTR-1 of a month or
// a quarter as the JSON the GST portal's offline tool imports, built from the snapshots frozen at
// issue (machines/billing/gstr1.ts). The clinic's accountant's work, so ADMIN and SUPER_ADMIN only:
// it lists every business client's GSTIN and the clinic's turnover, which the front desk does not
// need. Read-only; the download is on the audit trail without a client.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  buildGstr1,
  type Gstr1Document,
  GSTR1_PERIOD_TEXTS,
  type Gstr1Period,
  gstr1FileName,
  monthPeriod,
  quarterPeriod,
} from '../../../machines/billing/gstr1.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { readBillingSettings } from './data.ts';
import { act, BILLING_TEXTS as T } from './route-helpers.ts';

export const RETURNS_TEXTS = {
  unregistered: 'The clinic has no GSTIN in its tax settings, so it files no GSTR-1.',
} as const;

/** The month or the quarter asked for, or a 400 naming the field. */
export function periodOf(q: { period?: string; quarter?: string }): Gstr1Period {
  if (q.period !== undefined && q.quarter !== undefined) throw badRequest('quarter', GSTR1_PERIOD_TEXTS.oneOf);
  if (q.quarter !== undefined) {
    const p = quarterPeriod(q.quarter);
    if ('problem' in p) throw badRequest('quarter', p.problem);
    return p;
  }
  const p = monthPeriod(q.period ?? '');
  if ('problem' in p) throw badRequest('period', p.problem);
  return p;
}

/**
 * The fields of a frozen snapshot the return reads (`Gstr1Document`), picked by jsonb path in the
 * database: a quarter is some 50,000 snapshots, and reading each whole (supplier, addresses,
 * amounts in words, payments...) to use a tenth of it was most of the export's time. A missing
 * field reads as null, which the return treats as the snapshot's own absence (no GSTIN, no tax head).
 */
const GSTR1_FIELDS = sql<Gstr1Document>`jsonb_build_object(
  'kind', snapshot->'kind',
  'number', snapshot->'number',
  'issuedOn', snapshot->'issuedOn',
  'reverseCharge', snapshot->'reverseCharge',
  'supplier', jsonb_build_object('state', jsonb_build_object('code', snapshot#>'{supplier,state,code}')),
  'recipient', jsonb_build_object('gstin', snapshot#>'{recipient,gstin}'),
  'placeOfSupply', jsonb_build_object('code', snapshot#>'{placeOfSupply,code}'),
  'totals', jsonb_build_object('totalPaise', snapshot#>'{totals,totalPaise}'),
  'references', coalesce((select jsonb_agg(jsonb_build_object('number', r->'number') order by i)
    from jsonb_array_elements(snapshot->'references') with ordinality as x(r, i)), '[]'::jsonb),
  'lines', coalesce((select jsonb_agg(jsonb_build_object('description', l->'description', 'code', l->'code', 'quantity', l->'quantity',
      'taxablePaise', l->'taxablePaise', 'exempt', l->'exempt', 'cgst', l->'cgst', 'sgst', l->'sgst', 'igst', l->'igst') order by i)
    from jsonb_array_elements(snapshot->'lines') with ordinality as x(l, i)), '[]'::jsonb)
)`;

/** The period's issued documents and the originals its credit notes correct, as frozen at issue (the fields the return reads). */
async function issuedIn(db: Db, period: Gstr1Period): Promise<{ documents: Gstr1Document[]; originals: Gstr1Document[] }> {
  const rows = await db
    .selectFrom('billing_documents')
    .select([GSTR1_FIELDS.as('doc'), 'credits_document_id'])
    .where('number', 'is not', null)
    .where('issued_on', '>=', period.from)
    .where('issued_on', '<=', period.to)
    .execute();
  const originalIds = [...new Set(rows.map((r) => r.credits_document_id).filter((id): id is number => id !== null))];
  const originals = originalIds.length
    ? await db.selectFrom('billing_documents').select(GSTR1_FIELDS.as('doc')).where('id', 'in', originalIds).where('number', 'is not', null).execute()
    : [];
  return { documents: rows.map((r) => r.doc), originals: originals.map((r) => r.doc) };
}

export function returnsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get<{ Querystring: { period?: string; quarter?: string } }>(
    '/billing/returns/gstr1',
    { schema: contract.routeSchema('exportGstr1'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const period = periodOf(request.query);
      const settings = await readBillingSettings(db);
      if (!settings.configured) throw new HttpError(409, T.notConfigured);
      if (!settings.gstin) throw new HttpError(409, RETURNS_TEXTS.unregistered);
      const gstin = settings.gstin;
      const gstr1 = await withAudit(db, { actor: caller, action: act('billing.gstr1.export'), client: null, requestId: request.id }, async (trx) =>
        buildGstr1({ gstin, period, ...(await issuedIn(trx, period)) }),
      );
      return reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${gstr1FileName(gstin, period.fp)}"`)
        .header('cache-control', 'private, no-store')
        .send(gstr1);
    },
  );
}
