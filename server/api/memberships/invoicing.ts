// A membership's invoices go through billing like any sale: a draft with the plan's line (its fee,
// code, rate and exemption) issued at once in the caller's transaction, so the membership and its
// numbered invoice commit together. An invoice no longer wanted (a sale cancelled, a renewal
// cancelled or lapsed) is credited in full, so no payment can be taken on it.
import type { AuditEntry } from '../audit/data.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { findDocument, recipientOf } from '../billing/data.ts';
import { issueCreditNote } from '../billing/crediting.ts';
import { regimeOf, writeLines } from '../billing/drafting.ts';
import { issueDrafts, issuingClinic, issuingSettings } from '../billing/issuing.ts';
import { MEMBERSHIP_TEXTS as T } from './texts.ts';

export interface PlanForInvoice {
  name: string;
  fee_paise: number;
  code: string | null;
  gst_rate_bp: number;
  exempt: boolean;
}

/** Drafts and issues the client's invoice for `description` at the plan's fee and tax data; its id. */
export async function issueMembershipInvoice(
  trx: Db,
  input: { client: number; plan: PlanForInvoice; description: string; by: number; audit: Omit<AuditEntry, 'outcome'> },
): Promise<number> {
  const settings = await issuingSettings(trx);
  const clinic = await issuingClinic(trx);
  const recipient = await recipientOf(trx, input.client);
  const doc = await trx
    .insertInto('billing_documents')
    .values({
      client_id: input.client,
      kind: null,
      status: 'draft',
      source_from: 'manual',
      source_id: null,
      credits_document_id: null,
      recipient: JSON.stringify(recipient),
      place_of_supply: settings.stateCode,
      note: null,
      credit_reason: null,
      created_by: input.by,
      snapshot: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLines(
    trx,
    doc.id,
    [
      {
        origin: 'manual',
        item_id: null,
        product_id: null,
        description: input.description,
        code: input.plan.code,
        quantity: 1,
        unit_price_paise: Number(input.plan.fee_paise),
        discount_paise: 0,
        gst_rate_bp: input.plan.gst_rate_bp,
        exempt: input.plan.exempt,
        from_package: null,
      },
    ],
    regimeOf(settings, settings.stateCode),
  );
  const [refusal] = await issueDrafts(trx, [{ id: doc.id, audit: input.audit }], clinic);
  if (refusal) throw refusal;
  return doc.id;
}

/**
 * Credits an issued invoice nothing has been paid on, in full (a no-op for one already credited).
 * One with a part paid is the desk's to settle with a refund (409), unless `partPaid` says leave it.
 */
export async function withdrawInvoice(trx: Db, id: number, reason: string, by: number, partPaid: 'refuse' | 'leave' = 'refuse'): Promise<void> {
  const doc = await findDocument(trx, id, true);
  if (!doc || doc.status === 'credited' || doc.status === 'paid') return;
  if (doc.status === 'partially_paid') {
    if (partPaid === 'refuse') throw new HttpError(409, T.partPaid);
    return;
  }
  await issueCreditNote(trx, id, { reason }, by);
}
