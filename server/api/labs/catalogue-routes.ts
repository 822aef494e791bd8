// /api/v1/labs/catalogue and pincodes: the tests and profiles the clinic offers and the pincodes it
// collects in. Everyone signed in reads them; ADMIN and SUPER_ADMIN change them.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../auth/bearer.ts';
import { badRequest } from '../../http/errors.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { isStaff, notFound } from '../policy.ts';
import * as data from './data.ts';
import { act, checkMarkers, E, type S } from './route-helpers.ts';

/** Reads and keeps the catalogue and the pincodes served. */
export function catalogueRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  // --- catalogue and pincodes ----------------------------------------------------------------
  app.get<{ Querystring: { all: boolean } }>(
    '/labs/catalogue',
    { schema: contract.routeSchema('listLabCatalogue'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      return data.catalogue(db, { all: request.query.all && isStaff(caller.role) });
    },
  );

  app.post<{ Body: S['LabCatalogueCreate'] }>(
    '/labs/catalogue',
    { schema: contract.routeSchema('createLabCatalogueItem'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const markers = body.markers ?? [];
      const tests = body.tests ?? [];
      if (body.kind === 'test') {
        if (markers.length === 0) throw badRequest('markers', E.markersRequired);
        if (tests.length) throw badRequest('tests', E.testsAreTests);
      } else {
        if (tests.length === 0) throw badRequest('tests', E.testsRequired);
        if (markers.length) throw badRequest('markers', E.noMarkersHere);
        if (!(await data.testsExist(db, tests))) throw badRequest('tests', E.testsAreTests);
      }
      checkMarkers(markers);
      if (await data.codeExists(db, body.code)) throw badRequest('code', E.codeTaken);
      const id = await withAudit(db, { actor: caller, action: act('lab.catalogue.create'), client: null, requestId: request.id }, (trx) =>
        data.insertCatalogueItem(trx, body),
      );
      reply.code(201);
      return (await data.catalogue(db, { all: true, ids: [id] }))[0];
    },
  );

  // An edit, or Deactivate/Activate: a deactivated item is no longer offered for new bookings
  // (the catalogue and chosenItems read active items only); orders that have it keep it.
  app.patch<{ Params: { id: number }; Body: S['LabCatalogueUpdate'] }>(
    '/labs/catalogue/:id',
    { schema: contract.routeSchema('updateLabCatalogueItem'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      const body = request.body;
      const item = await data.lockCatalogueItem(db, id);
      if (!item) throw notFound();
      if (body.markers && item.kind !== 'test') throw badRequest('markers', E.notATest);
      if (body.tests && item.kind === 'test') throw badRequest('tests', E.notAProfile);
      if (body.tests && (body.tests.includes(id) || !(await data.testsExist(db, body.tests)))) throw badRequest('tests', E.testsAreTests);
      const existing = item.kind === 'test' ? await data.itemMarkers(db, id) : [];
      if (body.markers) {
        checkMarkers(body.markers);
        if (existing.some((m) => !body.markers!.some((x) => x.code === m.code))) throw badRequest('markers', E.markerKept);
        body.markers.forEach((m, i) => {
          if (existing.some((x) => x.code === m.code && x.resulted && x.unit !== m.unit.trim())) throw badRequest(`markers[${i}].unit`, E.unitKept);
        });
      }
      await withAudit(db, { actor: caller, action: act('lab.catalogue.update'), client: null, requestId: request.id }, async (trx) => {
        // Two edits of one item are applied one after the other.
        await data.lockCatalogueItem(trx, id);
        await data.updateCatalogueItem(trx, id, body, body.markers ? await data.itemMarkers(trx, id) : []);
      });
      return (await data.catalogue(db, { all: true, ids: [id] }))[0];
    },
  );

  app.get<{ Querystring: { pincode?: string } }>(
    '/labs/pincodes',
    { schema: contract.routeSchema('listLabPincodes'), config: { access: { roles: 'signed-in', client: 'none' } } },
    async (request) => data.listPincodes(db, request.query.pincode),
  );

  app.post<{ Body: S['LabPincode'] }>(
    '/labs/pincodes',
    { schema: contract.routeSchema('saveLabPincode'), config: { access: { roles: 'admins', client: 'none' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const saved = await withAudit(db, { actor: caller, action: act('lab.pincode.save'), client: null, requestId: request.id }, (trx) =>
        data.savePincode(trx, request.body),
      );
      reply.code(201);
      return saved;
    },
  );
}
