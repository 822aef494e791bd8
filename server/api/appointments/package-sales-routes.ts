// /api/v1/appointments/packages/{id}/{freeze,unfreeze,transfer,refund} and
// /api/v1/appointments/families/{client} (issue 35). The booking roles freeze and unfreeze;
// ADMIN and SUPER_ADMIN transfer (audited on both clients); the billing roles (RECEPTION, ADMIN)
// refund through a credit note; the booking roles put clients in a family and take them out
// (audited on both), and read a family. Every write is one audited transaction.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isClientRole, notFound } from '../policy.ts';
import { findPackage, findUserBrief } from './data.ts';
import { familyOf, freezePackage, linkFamily, refundPackage, transferPackage, unfreezePackage, unlinkFamily } from './package-sales.ts';
import type { S } from './route-helpers.ts';
import { PACKAGE_SALE_TEXTS as P, SCHEDULING_TEXTS as T } from './texts.ts';

export function packageSaleRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  /** The package's holder, or 404. */
  const holderOf = async (id: number) => {
    const pkg = await findPackage(db, id);
    if (!pkg) throw notFound();
    return pkg.client;
  };
  /** A client (400 naming `field` otherwise). */
  const clientNamed = async (id: number, field: string) => {
    const user = await findUserBrief(db, id);
    if (!user || !isClientRole(user.role)) throw badRequest(field, P.noSuchClient);
    return user.id;
  };

  app.post<{ Params: { id: number }; Body: S['PackageFreeze'] }>(
    '/appointments/packages/:id/freeze',
    { schema: contract.routeSchema('freezePackage'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await holderOf(request.params.id);
      await withAudit(db, { actor: caller, action: 'package.freeze', client, requestId: request.id }, (trx) =>
        freezePackage(trx, request.params.id, request.body),
      );
      return (await findPackage(db, request.params.id))!;
    },
  );

  app.post<{ Params: { id: number } }>(
    '/appointments/packages/:id/unfreeze',
    { schema: contract.routeSchema('unfreezePackage'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await holderOf(request.params.id);
      await withAudit(db, { actor: caller, action: 'package.unfreeze', client, requestId: request.id }, (trx) => unfreezePackage(trx, request.params.id));
      return (await findPackage(db, request.params.id))!;
    },
  );

  app.post<{ Params: { id: number }; Body: S['PackageTransfer'] }>(
    '/appointments/packages/:id/transfer',
    { schema: contract.routeSchema('transferPackage'), config: { access: { roles: 'admins', client: 'any', denied: P.transferAdminsOnly } } },
    async (request) => {
      const caller = callerOf(request);
      await holderOf(request.params.id);
      const to = await clientNamed(request.body.to, 'to');
      await withAudit<number>(db, { actor: caller, action: 'package.transfer', client: (from) => [from, to], requestId: request.id }, (trx) =>
        transferPackage(trx, request.params.id, to),
      );
      return (await findPackage(db, request.params.id))!;
    },
  );

  app.post<{ Params: { id: number }; Body: S['PackageRefund'] }>(
    '/appointments/packages/:id/refund',
    { schema: contract.routeSchema('refundPackage'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await holderOf(request.params.id);
      await withAudit(db, { actor: caller, action: 'package.refund', client, also: ['billing.credit_note.create'], requestId: request.id }, (trx) =>
        refundPackage(trx, request.params.id, request.body, caller.id),
      );
      return (await findPackage(db, request.params.id))!;
    },
  );

  app.get<{ Params: { id: number } }>(
    '/appointments/families/:id',
    { schema: contract.routeSchema('getClientFamily'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await clientOrNotFound(request.params.id);
      return withAudit(db, { actor: caller, action: 'family.read', client, requestId: request.id }, async (trx) => ({
        client,
        members: await familyOf(trx, client),
      }));
    },
  );

  app.put<{ Params: { id: number }; Body: S['ClientFamilyLink'] }>(
    '/appointments/families/:id',
    { schema: contract.routeSchema('linkClientFamily'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request) => {
      const caller = callerOf(request);
      const client = await clientOrNotFound(request.params.id);
      const other = await clientNamed(request.body.with, 'with');
      return withAudit(db, { actor: caller, action: 'family.link', client: (): readonly number[] => [client, other], requestId: request.id }, async (trx) => {
        await linkFamily(trx, client, other, caller.id);
        return { client, members: await familyOf(trx, client) };
      });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/appointments/families/:id',
    { schema: contract.routeSchema('unlinkClientFamily'), config: { access: { roles: 'booking', client: 'any', denied: T.bookingRolesOnly } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const client = await clientOrNotFound(request.params.id);
      await withAudit(db, { actor: caller, action: 'family.unlink', client, requestId: request.id }, (trx) => unlinkFamily(trx, client));
      reply.code(204);
    },
  );

  const clientOrNotFound = async (id: number) => {
    const user = await findUserBrief(db, id);
    if (!user || !isClientRole(user.role)) throw notFound();
    return user.id;
  };
}
