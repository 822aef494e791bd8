// Whose record a request is about: the one answer to "may this caller act on this client's record"
// for requests that name a client (a query's `client`, a body's `client`, a path's id). A client
// reaches their own record only; asking for another's answers 404 (its existence is not theirs to
// learn), and the refused ask is part of the audit trail when that person exists. Staff reach any
// client's record; someone who is not there answers 404. Which of these a route applies is its
// declaration (route-access.ts, `client`), so the rule is stated once per route, decided here.
import type { Db } from '../db/database.ts';
import type { HttpError } from '../http/errors.ts';
import { type AuditAction, refuse } from './audit/data.ts';
import { type Caller, isClientRole, notFound } from './policy.ts';

export interface ClientAsk {
  caller: Caller;
  /** The client id the request names; undefined when it names none. */
  asked: number | undefined;
  /** The action a refused ask is recorded under. */
  action: AuditAction;
  requestId: string;
}

export interface ScopeRule {
  /**
   * Who a client may ask for: their own record (`own`), or nobody (`none`: a staff-only record,
   * where a client's ask answers 404 like another's record would).
   */
  clients: 'own' | 'none';
  /** Whom staff may name: any user of the clinic, or a client only. */
  staffName: 'user' | 'client';
  /** Staff who name nobody: the whole clinic (undefined), or this refusal. */
  unnamed?: () => HttpError;
  /** Staff who name someone outside `staffName`: 404, or this refusal. */
  outside?: () => HttpError;
}

/** Whose record: a client's own always; for staff, the one they name (checked) or undefined for all. */
export async function scopedClient(db: Db, ask: ClientAsk, rule: ScopeRule): Promise<number | undefined> {
  const { caller, asked } = ask;
  if (isClientRole(caller.role)) {
    if (rule.clients === 'own' && (asked === undefined || asked === caller.id)) return caller.id;
    if (asked !== undefined && (await roleOf(db, asked)) !== undefined) {
      await refuse(db, { actor: caller, action: ask.action, client: asked, requestId: ask.requestId }, notFound());
    }
    throw notFound();
  }
  if (asked === undefined) {
    if (rule.unnamed) throw rule.unnamed();
    return undefined;
  }
  const role = await roleOf(db, asked);
  const fits = role !== undefined && (rule.staffName === 'user' || isClientRole(role));
  if (!fits) throw rule.outside ? rule.outside() : notFound();
  return asked;
}

/** `scopedClient` for a route where staff always name the client: the client's id. */
export async function namedClient(db: Db, ask: ClientAsk, rule: ScopeRule & { unnamed: () => HttpError }): Promise<number> {
  return (await scopedClient(db, ask, rule))!;
}

async function roleOf(db: Db, id: number) {
  return (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
}
