// Who does which work (issue 32): the staff who run the lab desk, and the ticket categories each
// role answers. The clinic's defaults are here, once; an administrator changes them on
// /backoffice (clinic settings), and the server and the app decide with these same functions.
// SUPER_ADMIN passes every guard; ADMIN answers every ticket (the queue is theirs to oversee).
import type { TicketCategory } from '../support/support-rules.ts';
import { TICKET_CATEGORIES } from '../support/support-rules.ts';
import type { Role } from '../guard/roles.ts';

/** The roles a clinic may give work to: every staff role but SUPER_ADMIN, who always may. */
export const ROUTABLE_ROLES = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN'] as const satisfies readonly Role[];
export type RoutableRole = (typeof ROUTABLE_ROLES)[number];

/** Who enters and releases lab results until an administrator says otherwise. */
export const DEFAULT_LAB_DESK_ROLES: readonly RoutableRole[] = ['NURSE', 'ADMIN'];

/** The clinical roles that answer tickets by category (ADMIN answers every category). */
export const TICKET_ROLES = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const satisfies readonly Role[];
export type TicketRole = (typeof TICKET_ROLES)[number];
export type TicketRouting = Record<TicketCategory, TicketRole[]>;

/**
 * Which clinical roles answer which tickets, until an administrator says otherwise: the front desk
 * takes bookings, bills and the app; nurses bookings and reports; doctors reports; coaches and
 * nutritionists the calls and plans they book; and everyone "Other".
 */
export const DEFAULT_TICKET_ROUTING: TicketRouting = {
  appointments: ['RECEPTION', 'NURSE', 'HEALTH_COACH', 'NUTRITIONIST'],
  billing: ['RECEPTION'],
  reports: ['NURSE', 'DOCTOR', 'NUTRITIONIST'],
  the_app: ['RECEPTION'],
  other: ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'],
};

/** Whether this role runs the lab desk (enters results, moves orders, attaches the lab's PDF). */
export function runsLabDesk(role: Role | null, labDeskRoles: readonly string[]): boolean {
  if (!role) return false;
  return role === 'SUPER_ADMIN' || labDeskRoles.includes(role);
}

/** Whether this role answers tickets of this category. */
export function handlesCategory(role: Role | null, category: TicketCategory, routing: TicketRouting): boolean {
  if (!role) return false;
  if (role === 'SUPER_ADMIN' || role === 'ADMIN') return true;
  return (routing[category] as readonly string[]).includes(role);
}

/** The categories this role answers (every one for ADMIN and SUPER_ADMIN; none for a client). */
export function categoriesFor(role: Role | null, routing: TicketRouting): TicketCategory[] {
  return TICKET_CATEGORIES.filter((c) => handlesCategory(role, c, routing));
}

/** A stored routing read safely: a category missing (or a role no longer known) falls back to the default's. */
export function ticketRoutingOf(stored: unknown): TicketRouting {
  const out = { ...DEFAULT_TICKET_ROUTING };
  if (stored && typeof stored === 'object') {
    for (const c of TICKET_CATEGORIES) {
      const roles = (stored as Record<string, unknown>)[c];
      if (Array.isArray(roles)) out[c] = TICKET_ROLES.filter((r) => roles.includes(r));
    }
  }
  return out;
}

/** Stored lab desk roles read safely (null: the default). */
export function labDeskRolesOf(stored: unknown): RoutableRole[] {
  if (!Array.isArray(stored)) return [...DEFAULT_LAB_DESK_ROLES];
  return ROUTABLE_ROLES.filter((r) => stored.includes(r));
}
