// /api/v1/billing/products: what the clinic sells on manual lines (supplements and the like), with
// its HSN code, GST rate and exemption. The front desk and SUPER_ADMIN read; ADMIN keeps them. A
// product on a document is retired (active false), never deleted: the document names it.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Db } from '../../db/database.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { findProduct, listProducts, readBillingSettings } from './data.ts';
import { act, BILLING_TEXTS as T, type S } from './route-helpers.ts';

async function offeredRate(db: Db, rate: number | undefined): Promise<void> {
  if (rate === undefined) return;
  const { ratesBp } = await readBillingSettings(db);
  if (!ratesBp.includes(rate)) throw badRequest('gst_rate_bp', T.rateNotOffered(ratesBp));
}

export function productRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get<{ Querystring: { all?: boolean } }>(
    '/billing/products',
    { schema: contract.routeSchema('listBillingProducts'), config: { access: { roles: 'billing-readers', client: 'none' } } },
    async (request) => {
      return listProducts(db, request.query.all === true);
    },
  );

  app.post<{ Body: S['BillingProductCreate'] }>(
    '/billing/products',
    { schema: contract.routeSchema('createBillingProduct'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const b = request.body;
      await offeredRate(db, b.gst_rate_bp);
      const id = await withAudit(db, { actor: caller, action: act('billing.product.create'), client: null, requestId: request.id }, async (trx) => {
        const row = await trx
          .insertInto('billing_products')
          .values({
            name: b.name.trim(),
            code: b.code ?? null,
            unit_price_paise: b.unit_price_paise,
            gst_rate_bp: b.gst_rate_bp,
            exempt: b.exempt,
            active: b.active ?? true,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      reply.code(201);
      return findProduct(db, id);
    },
  );

  app.patch<{ Params: { id: number }; Body: S['BillingProductUpdate'] }>(
    '/billing/products/:id',
    { schema: contract.routeSchema('updateBillingProduct'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      if (!(await findProduct(db, request.params.id))) throw notFound();
      await offeredRate(db, b.gst_rate_bp);
      await withAudit(db, { actor: caller, action: act('billing.product.update'), client: null, requestId: request.id }, async (trx) => {
        await trx
          .updateTable('billing_products')
          .set({
            ...(b.name !== undefined ? { name: b.name.trim() } : {}),
            ...(b.code !== undefined ? { code: b.code } : {}),
            ...(b.unit_price_paise !== undefined ? { unit_price_paise: b.unit_price_paise } : {}),
            ...(b.gst_rate_bp !== undefined ? { gst_rate_bp: b.gst_rate_bp } : {}),
            ...(b.exempt !== undefined ? { exempt: b.exempt } : {}),
            ...(b.active !== undefined ? { active: b.active } : {}),
          })
          .where('id', '=', request.params.id)
          .execute();
      });
      return findProduct(db, request.params.id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/billing/products/:id',
    { schema: contract.routeSchema('deleteBillingProduct'), config: { access: { roles: 'billing-admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await findProduct(db, request.params.id))) throw notFound();
      await withAudit(db, { actor: caller, action: act('billing.product.delete'), client: null, requestId: request.id }, async (trx) => {
        const used = await trx.selectFrom('billing_lines').select('id').where('product_id', '=', request.params.id).limit(1).executeTakeFirst();
        if (used) throw new HttpError(409, T.productInUse);
        await trx.deleteFrom('billing_products').where('id', '=', request.params.id).execute();
      });
      reply.code(204);
    },
  );
}
