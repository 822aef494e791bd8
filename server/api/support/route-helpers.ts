// What the support route modules share: the audit actions, and the checks that read the clinic's
// routing and the ticket (the categories a role answers, the ticket a caller may see, its detail
// as the caller's audience sees it).
import type { components } from '../../../openapi/generated/api.ts';
import { CATEGORY_LABELS } from '../../../machines/support/support-rules.ts';
import { SUPPORT_TEXTS } from '../../../machines/support/support-texts.ts';
import type { Db } from '../../db/database.ts';
import { type AuditAction, refuse } from '../audit/data.ts';
import { readWorkRouting } from '../clinic/data.ts';
import { answersCategory, type Caller, DENIED, forbidden, isClientRole, notFound } from '../policy.ts';
import { findTicket, ticketDetail } from './data.ts';

export type S = components['schemas'];
export const E = SUPPORT_TEXTS.errors;

// The audit trail's action names for support (listed in the contract's AuditAction).
export type SupportAction =
  | 'support.ticket.list'
  | 'support.ticket.read'
  | 'support.ticket.create'
  | 'support.ticket.assign'
  | 'support.ticket.transition'
  | 'support.message.create'
  | 'support.attachment.upload'
  | 'support.attachment.download';
export const act = (action: SupportAction): AuditAction => action;

/** The checks and the ticket detail, read through `db`. */
export function ticketGuards(db: Db) {
  /** Staff answer the categories their role is given (clinic settings; ADMIN every one): 403 otherwise, audited. */
  async function requireCategory(caller: Caller, category: S['TicketCategory'], action: SupportAction, client: number, requestId: string): Promise<void> {
    if (answersCategory(caller, category, (await readWorkRouting(db)).ticketRouting)) return;
    await refuse(db, { actor: caller, action: act(action), client, requestId }, forbidden(DENIED.ticketCategory(CATEGORY_LABELS[category])));
  }

  /** The ticket, when the caller may see it: a client's other tickets answer 404 (and are audited as refused); staff see the categories they answer. */
  async function visibleTicket(caller: Caller, id: number, action: SupportAction, requestId: string) {
    const ticket = await findTicket(db, id);
    if (!ticket) throw notFound();
    if (isClientRole(caller.role) && ticket.client !== caller.id) {
      await refuse(db, { actor: caller, action: act(action), client: ticket.client, requestId: requestId }, notFound());
    }
    await requireCategory(caller, ticket.category, action, ticket.client, requestId);
    return ticket;
  }

  const detailFor = async (q: Db, caller: Caller, id: number) => (await ticketDetail(q, id, { forClient: isClientRole(caller.role) }))!;

  return { requireCategory, visibleTicket, detailFor };
}
