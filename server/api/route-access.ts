// Who may call each operation, declared in its route options and checked by one hook:
//
//   app.get('/thrive/summary', { schema: contract.routeSchema('getThriveSummary'), config: { access: { roles: 'staff', client: 'none' } } }, ...)
//
// `roles` is the audience (a role outside it gets 403 with the declaration's words, before the
// handler runs); `client` is whose record the operation reaches, decided per request by
// client-scope.ts. A refusal that is part of the audit trail (it names a client's record, or the
// clinic's settings) is made by the handler through `admit`, with the same declaration, since only
// the handler knows whose record it is. A route without a declaration does not start
// (index.ts), and the authorization matrix test reads the declarations (`declaredAccess`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../auth/bearer.ts';
import type { Db } from '../db/database.ts';
import { type AuditEntry, refuse } from './audit/data.ts';
import { DENIED, forbidden, isAdmin, isBookingRole, isClientRole, isStaff } from './policy.ts';
import type { Role } from '../../machines/guard/roles.ts';
import { billsClients, keepsBillingSettings, readsBalance, readsBilling } from '../../machines/billing/billing-roles.ts';

/**
 * Who may call: anyone (no token), anyone signed in, clinic staff, ADMIN and SUPER_ADMIN, the roles
 * that book for others (the front desk and admins), clients only.
 */
export type Audience =
  | 'public'
  | 'signed-in'
  | 'staff'
  | 'admins'
  | 'booking'
  | 'clients'
  | 'billing'
  | 'billing-readers'
  | 'billing-admins'
  | 'billing-own'
  | 'billing-pay'
  | 'balance-own';

/**
 * Whose record: `none` (the clinic's, nobody's in particular), `own` (a client their own, staff any
 * client's: another's answers 404 to a client), `any` (staff on any client's record; clients none).
 */
export type ClientReach = 'none' | 'own' | 'any';

export interface Access {
  roles: Audience;
  client: ClientReach;
  /** The refusal's words for a role outside `roles` (default: DENIED.staffOnly, DENIED.adminOnly). */
  denied?: string;
  /** The handler refuses (`admit`), because the refusal goes on the audit trail with its record. */
  refusal?: 'audited';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    public?: boolean;
  }
}

/** Each audience's test, and its refusal's words unless the route words its own (clients and booking routes must). */
const AUDIENCE: Record<Exclude<Audience, 'public' | 'signed-in'>, { admits: (role: Role) => boolean; denied?: string }> = {
  staff: { admits: isStaff, denied: DENIED.staffOnly },
  admins: { admits: isAdmin, denied: DENIED.adminOnly },
  booking: { admits: isBookingRole },
  clients: { admits: isClientRole },
  // Billing (issue 34): the front desk and ADMIN bill; SUPER_ADMIN reads; ADMIN keeps the tax
  // settings; a client reads their own documents and balance; DOCTOR and NURSE read balances.
  billing: { admits: billsClients, denied: DENIED.billing },
  'billing-readers': { admits: readsBilling, denied: DENIED.billingRead },
  'billing-admins': { admits: keepsBillingSettings, denied: DENIED.billingAdmin },
  'billing-own': { admits: (role) => isClientRole(role) || readsBilling(role), denied: DENIED.billingRead },
  // Paying online (issue 34): a client their own invoice, or the staff who take payments for anyone.
  'billing-pay': { admits: (role) => isClientRole(role) || billsClients(role), denied: DENIED.billingPay },
  'balance-own': { admits: (role) => isClientRole(role) || readsBalance(role), denied: DENIED.balanceRead },
};

/** Whether a role is among a declaration's audience. */
export function admits(access: Access, role: Role): boolean {
  return access.roles === 'public' || access.roles === 'signed-in' || AUDIENCE[access.roles].admits(role);
}

function refusalOf(access: Access) {
  const audience = access.roles === 'public' || access.roles === 'signed-in' ? undefined : AUDIENCE[access.roles];
  return forbidden((access.denied ?? audience?.denied)!);
}

function accessOf(request: FastifyRequest): Access {
  const access = request.routeOptions.config.access;
  if (!access) throw new Error(`${request.method} ${request.url} declares no access`);
  return access;
}

const declared = new Map<string, Access>();

/** Every operation's declaration, as the routes registered them (the authorization matrix reads it). */
export function declaredAccess(): ReadonlyMap<string, Access> {
  return declared;
}

/**
 * Requires a declaration on every route, and refuses a caller outside a route's audience before
 * its handler runs (after the bearer hook and the contract's validation, where the handlers
 * refused before).
 */
export function registerAccessHook(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId ?? `${route.method} ${route.url}`;
    const access = route.config?.access;
    if (!access) throw new Error(`${operationId} declares no access (config.access: roles and client)`);
    if ((access.roles === 'public') !== (route.config?.public === true)) throw new Error(`${operationId}: only a public operation declares roles 'public'`);
    if ((access.roles === 'clients' || access.roles === 'booking') && !access.denied)
      throw new Error(`${operationId}: a ${access.roles} operation words its refusal (denied)`);
    declared.set(operationId, access);
  });
  app.addHook('preHandler', async (request) => {
    const access = accessOf(request);
    if (access.roles === 'public' || access.refusal === 'audited') return;
    if (!admits(access, callerOf(request).role)) throw refusalOf(access);
  });
}

/**
 * The declared audience, for a route whose refusal goes on the audit trail: a caller outside it
 * is refused with the declaration's words, and the refusal recorded under `intent` (when there is
 * a record to name; a clinic-wide list has none).
 */
export async function admit(db: Db, request: FastifyRequest, intent: Omit<AuditEntry, 'outcome' | 'actor'> | null): Promise<void> {
  const access = accessOf(request);
  const caller = callerOf(request);
  if (admits(access, caller.role)) return;
  if (intent) await refuse(db, { ...intent, actor: caller }, refusalOf(access));
  throw refusalOf(access);
}
