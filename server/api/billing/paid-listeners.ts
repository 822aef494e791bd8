// What else happens when a billing document is paid in full or credited: other domains sold
// through billing (memberships, packages) start, cancel or refund what was sold. Each registers
// its listeners once at start-up (its routes module); `recordPayment` and `issueCreditNote` call
// them in their transaction, so the money and what it starts or ends commit together. Billing
// imports none of those domains: they import this.
import type { Db } from '../../db/database.ts';

/** The document whose status changed: its id and what it was drafted from (`source_from`). */
export interface ChangedDocument {
  id: number;
  source: string;
}

export type DocumentPaidListener = (trx: Db, document: ChangedDocument) => Promise<void>;

/** `to`: the status the credit note moved the document to (`paid` when it left nothing due, `credited` when it took back all). */
export type DocumentCreditedListener = (trx: Db, document: ChangedDocument, to: 'paid' | 'credited') => Promise<void>;

const paidListeners = new Set<DocumentPaidListener>();
const creditedListeners = new Set<DocumentCreditedListener>();

/** Registers `listener` for payments that pay a document in full (the same function twice is one listener). */
export function onDocumentPaid(listener: DocumentPaidListener): void {
  paidListeners.add(listener);
}

/** Registers `listener` for credit notes that change a document's status (the same function twice is one listener). */
export function onDocumentCredited(listener: DocumentCreditedListener): void {
  creditedListeners.add(listener);
}

/** Tells every paid listener that `document` is now paid in full by a payment. */
export async function documentPaid(trx: Db, document: ChangedDocument): Promise<void> {
  for (const listener of paidListeners) await listener(trx, document);
}

/** Tells every credited listener that a credit note moved `document` to `to`. */
export async function documentCredited(trx: Db, document: ChangedDocument, to: 'paid' | 'credited'): Promise<void> {
  for (const listener of creditedListeners) await listener(trx, document, to);
}
