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
 * database (`->>` for the document's own fields; its lines and references as stored): a quarter is
 * some 50,000 snapshots, and reading each whole (supplier, addresses, amounts in words, payments)
 * parsed far more than the return uses. Rebuilding slimmer lines in SQL (jsonb_array_elements per
 * row) measured slower than this. A missing field reads as null, as the snapshot's own absence.
 */
const GSTR1_COLUMNS = [
  sql<string>`snapshot->>'kind'`.as('kind'),
  sql<string>`snapshot->>'number'`.as('number'),
  sql<string>`snapshot->>'issuedOn'`.as('issued_on'),
  sql<string | null>`snapshot->>'reverseCharge'`.as('reverse_charge'),
  sql<string | null>`snapshot#>>'{supplier,state,code}'`.as('supplier_state'),
  sql<string | null>`snapshot#>>'{recipient,gstin}'`.as('gstin'),
  sql<string | null>`snapshot#>>'{placeOfSupply,code}'`.as('place'),
  sql<string>`snapshot#>>'{totals,totalPaise}'`.as('total'),
  sql<Gstr1Document['references'] | null>`snapshot->'references'`.as('refs'),
  sql<Gstr1Document['lines'] | null>`snapshot->'lines'`.as('lines'),
] as const;

type Gstr1Row = {
  kind: string;
  number: string;
  issued_on: string;
  reverse_charge: string | null;
  supplier_state: string | null;
  gstin: string | null;
  place: string | null;
  total: string;
  refs: Gstr1Document['references'] | null;
  lines: Gstr1Document['lines'] | null;
};

const documentOf = (r: Gstr1Row): Gstr1Document => ({
  kind: r.kind as Gstr1Document['kind'],
  number: r.number,
  issuedOn: r.issued_on,
  reverseCharge: r.reverse_charge === 'true',
  supplier: { state: { code: r.supplier_state as string } },
  recipient: { gstin: r.gstin },
  placeOfSupply: { code: r.place as string },
  totals: { totalPaise: Number(r.total) },
  references: r.refs ?? [],
  lines: r.lines ?? [],
});

/** The period's issued documents and the originals its credit notes correct, as frozen at issue (the fields the return reads). */
async function issuedIn(db: Db, period: Gstr1Period): Promise<{ documents: Gstr1Document[]; originals: Gstr1Document[] }> {
  const rows = await db
    .selectFrom('billing_documents')
    .select([...GSTR1_COLUMNS, 'credits_document_id'])
    .where('number', 'is not', null)
    .where('issued_on', '>=', period.from)
    .where('issued_on', '<=', period.to)
    .execute();
  const originalIds = [...new Set(rows.map((r) => r.credits_document_id).filter((id): id is number => id !== null))];
  const originals = originalIds.length
    ? await db.selectFrom('billing_documents').select(GSTR1_COLUMNS).where('id', 'in', originalIds).where('number', 'is not', null).execute()
    : [];
  return { documents: rows.map((r) => documentOf(r as Gstr1Row)), originals: originals.map((r) => documentOf(r as Gstr1Row)) };
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
