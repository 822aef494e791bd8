// /api/v1/billing/documents: the list ("My invoices" for a client), drafts (from a visit, a lab
// order, a package sale or manual lines), editing and deleting a draft, reading one, issuing and
// credit notes. A client reads only their own issued documents (another's, or a draft, 404; a
// refused ask for another's is audited); RECEPTION and ADMIN write; SUPER_ADMIN reads. An issued
// document never changes (409, machines/billing/invoice-lifecycle.ts). Every access is audited.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BillingDocumentKind } from '../../../machines/billing/billing-document.ts';
import { gstinProblem, gstStateName } from '../../../machines/billing/gstin.ts';
import { billingDocumentLifecycle, type BillingDocumentStatus, editable } from '../../../machines/billing/invoice-lifecycle.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { Db } from '../../db/database.ts';
import type { StoredRecipient } from '../../db/schema-billing.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { scopedClient } from '../client-scope.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../audit/data.ts';
import { requireLifecycleStep } from '../lifecycle.ts';
import { type Caller, isClientRole, notFound } from '../policy.ts';
import { issueCreditNote } from './crediting.ts';
import { type DocumentRow, findDocument, linesOf, listDocuments, readBillingSettings, recipientOf } from './data.ts';
import { asNewLine, linesFromInput, type NewLine, regimeOf, sourceLines, writeLines } from './drafting.ts';
import { issuingSettings } from './issuing.ts';
import { issueDocument } from './issuing-queue.ts';
import { documentOut, summaryOut } from './present.ts';
import { visitBenefit } from '../memberships/benefit.ts';
import { act, type BillingAction, BILLING_TEXTS as T, checkedPlace, CLIENT_RECORD, refuseIf, type S } from './route-helpers.ts';

/** The document, when the caller may see it: a client only their own issued ones (another's 404, audited). */
export async function visibleDocument(db: Db, caller: Caller, id: number, action: BillingAction, requestId: string): Promise<DocumentRow> {
  const doc = await findDocument(db, id);
  if (!doc || doc.status === 'deleted') throw notFound();
  if (isClientRole(caller.role)) {
    if (doc.client_id !== caller.id) await refuse(db, { actor: caller, action: act(action), client: doc.client_id, requestId }, notFound());
    if (doc.status === 'draft') throw notFound();
  }
  return doc;
}

/** The recipient: the client's own details with what the request changes (a business client's GSTIN makes it B2B). */
function mergedRecipient(base: StoredRecipient, input: S['BillingRecipientInput'] | undefined): StoredRecipient {
  if (!input) return base;
  const out: StoredRecipient = {
    name: input.name?.trim() ?? base.name,
    address: input.address !== undefined ? input.address?.trim() || null : base.address,
    gstin: input.gstin !== undefined ? input.gstin : base.gstin,
    state_code: input.state_code !== undefined ? input.state_code : base.state_code,
  };
  if (out.state_code && !gstStateName(out.state_code)) throw badRequest('recipient.state_code', T.unknownState);
  if (out.gstin) {
    refuseIf('recipient.gstin', gstinProblem(out.gstin));
    if (input.state_code === undefined) out.state_code = out.gstin.slice(0, 2);
    else if (out.state_code !== out.gstin.slice(0, 2)) throw badRequest('recipient.state_code', T.gstinStateMismatch);
  }
  return out;
}

/** A draft's client and its source's lines, from the request (a 400 names the field). */
async function draftSource(db: Db, request: FastifyRequest, b: S['BillingDraftCreate']): Promise<{ client: number; lines: NewLine[] }> {
  const caller = callerOf(request);
  const ask = { caller, action: act('billing.document.create'), requestId: request.id };
  if (b.from === 'manual') {
    if (b.source !== undefined) throw badRequest('source', T.sourceForManual);
    if (b.client === undefined) throw badRequest('client', T.clientRequired);
    return { client: (await scopedClient(db, { ...ask, asked: b.client }, CLIENT_RECORD))!, lines: [] };
  }
  if (b.source === undefined) throw badRequest('source', T.sourceRequired);
  const found = await sourceLines(db, b.from, b.source);
  if (b.client !== undefined && b.client !== found.client) throw badRequest('client', T.notAClient);
  return found;
}

/** One live draft or document per source: a second at once meets the unique index (409). */
async function alreadyBilled<R>(write: Promise<R>): Promise<R> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string; constraint?: string }).code === '23505') throw new HttpError(409, T.alreadyBilled);
    throw error;
  }
}

type ListQuery = {
  client?: number;
  status?: BillingDocumentStatus | BillingDocumentStatus[];
  kind?: BillingDocumentKind | BillingDocumentKind[];
  date_from?: string;
  date_to?: string;
  page?: number;
  page_size?: number;
};
const many = <X>(v: X | X[] | undefined): X[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/** A new draft's row (no kind, number or snapshot until it is issued); its id. */
async function insertDraftRow(
  trx: Db,
  b: S['BillingDraftCreate'],
  d: { client: number; recipient: StoredRecipient; place: string; by: number },
): Promise<number> {
  const row = await trx
    .insertInto('billing_documents')
    .values({
      client_id: d.client,
      kind: null,
      status: 'draft',
      source_from: b.from,
      source_id: b.source ?? null,
      credits_document_id: null,
      recipient: JSON.stringify(d.recipient),
      place_of_supply: d.place,
      note: b.note ?? null,
      credit_reason: null,
      created_by: d.by,
      snapshot: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function documentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, contract } = ctx;

  app.get<{ Querystring: ListQuery }>(
    '/billing/documents',
    { schema: contract.routeSchema('listBillingDocuments'), config: { access: { roles: 'billing-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const q = request.query;
      const client = await scopedClient(db, { caller, asked: q.client, action: act('billing.document.list'), requestId: request.id }, CLIENT_RECORD);
      if (q.date_from && q.date_to && q.date_from > q.date_to) throw badRequest('date_to', 'Must be on or after date_from.');
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? 25;
      return withAudit(db, { actor: caller, action: act('billing.document.list'), client: client ?? null, requestId: request.id }, async (trx) => {
        const found = await listDocuments(
          trx,
          { client, status: many(q.status), kind: many(q.kind), from: q.date_from, to: q.date_to, issuedOnly: isClientRole(caller.role) },
          page,
          pageSize,
        );
        const results = [];
        for (const row of found.rows) results.push(await summaryOut(trx, row));
        return { count: found.count, results };
      });
    },
  );

  app.post<{ Body: S['BillingDraftCreate'] }>(
    '/billing/documents',
    { schema: contract.routeSchema('createBillingDraft'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const b = request.body;
      checkedPlace(b.place_of_supply_state_code);
      const settings = await issuingSettings(db);
      const { client, lines: fromSource } = await draftSource(db, request, b);
      const recipient = mergedRecipient(await recipientOf(db, client), b.recipient);
      const lines = [...fromSource, ...(await linesFromInput(db, b.lines ?? [], [], settings))];
      const place = b.place_of_supply_state_code ?? settings.stateCode;
      const id = await alreadyBilled(
        withAudit(db, { actor: caller, action: act('billing.document.create'), client, requestId: request.id }, async (trx) => {
          // A visit's membership benefit (an included session, a discount) is taken in this transaction.
          const benefit = b.from === 'appointment' ? await visitBenefit(trx, b.source!, lines) : null;
          const id = await insertDraftRow(trx, b, { client, recipient, place, by: caller.id });
          await writeLines(trx, id, benefit?.lines ?? lines, regimeOf(settings, place));
          await benefit?.claim(id);
          return id;
        }),
      );
      reply.code(201);
      return documentOut(db, (await findDocument(db, id))!);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/billing/documents/:id',
    { schema: contract.routeSchema('getBillingDocument'), config: { access: { roles: 'billing-own', client: 'own' } } },
    async (request) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.read', request.id);
      return withAudit(db, { actor: caller, action: act('billing.document.read'), client: doc.client_id, requestId: request.id }, (trx) =>
        documentOut(trx, doc),
      );
    },
  );

  app.patch<{ Params: { id: number }; Body: S['BillingDraftUpdate'] }>(
    '/billing/documents/:id',
    { schema: contract.routeSchema('updateBillingDraft'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request) => {
      const caller = callerOf(request);
      const b = request.body;
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.update', request.id);
      checkedPlace(b.place_of_supply_state_code);
      const settings = await readBillingSettings(db);
      await withAudit(db, { actor: caller, action: act('billing.document.update'), client: doc.client_id, requestId: request.id }, async (trx) => {
        const current = (await findDocument(trx, doc.id, true))!;
        if (!editable(current.status)) throw new HttpError(409, T.issuedNeverChanges);
        const existing = await linesOf(trx, doc.id);
        const recipient = mergedRecipient(current.recipient, b.recipient);
        const place = b.place_of_supply_state_code ?? current.place_of_supply;
        const lines = b.lines ? await linesFromInput(trx, b.lines, existing, settings) : existing.map(asNewLine);
        await trx
          .updateTable('billing_documents')
          .set({ recipient: JSON.stringify(recipient), place_of_supply: place, ...(b.note !== undefined ? { note: b.note } : {}), updated_at: new Date() })
          .where('id', '=', doc.id)
          .execute();
        await writeLines(trx, doc.id, lines, regimeOf(settings, place));
      });
      return documentOut(db, (await findDocument(db, doc.id))!);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/billing/documents/:id',
    { schema: contract.routeSchema('deleteBillingDraft'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.delete', request.id);
      await withAudit(db, { actor: caller, action: act('billing.document.delete'), client: doc.client_id, requestId: request.id }, async (trx) => {
        const current = (await findDocument(trx, doc.id, true))!;
        if (!editable(current.status)) throw new HttpError(409, T.issuedNeverChanges);
        requireLifecycleStep(billingDocumentLifecycle, 'billing document', current.status, 'deleted');
        await trx.updateTable('billing_documents').set({ status: 'deleted', updated_at: new Date() }).where('id', '=', doc.id).execute();
      });
      reply.code(204);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/billing/documents/:id/issue',
    { schema: contract.routeSchema('issueBillingDocument'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.document.issue', request.id);
      await issueDocument(db, { id: doc.id, audit: { actor: caller, action: act('billing.document.issue'), client: doc.client_id, requestId: request.id } });
      return documentOut(db, (await findDocument(db, doc.id))!);
    },
  );

  app.post<{ Params: { id: number }; Body: S['BillingCreditNoteCreate'] }>(
    '/billing/documents/:id/credit-notes',
    { schema: contract.routeSchema('createBillingCreditNote'), config: { access: { roles: 'billing', client: 'any' } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const doc = await visibleDocument(db, caller, request.params.id, 'billing.credit_note.create', request.id);
      const note = await withAudit(db, { actor: caller, action: act('billing.credit_note.create'), client: doc.client_id, requestId: request.id }, (trx) =>
        issueCreditNote(trx, doc.id, request.body, caller.id),
      );
      reply.code(201);
      return documentOut(db, (await findDocument(db, note))!);
    },
  );
}
