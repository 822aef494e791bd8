// What else happens when a billing document is paid in full: other domains sold through billing
// (memberships, packages) start what was sold. Each registers a listener once; `recordPayment`
// calls them in the payment's transaction, so the payment and what it starts commit together.
import type { Db } from '../../db/database.ts';

export type DocumentPaidListener = (trx: Db, documentId: number) => Promise<void>;

const listeners = new Set<DocumentPaidListener>();

/** Registers `listener` (the same function twice is one listener). */
export function onDocumentPaid(listener: DocumentPaidListener): void {
  listeners.add(listener);
}

/** Tells every listener that document `documentId` is now paid in full. */
export async function documentPaid(trx: Db, documentId: number): Promise<void> {
  for (const listener of listeners) await listener(trx, documentId);
}
