// What the signed-in role may do to users, mirroring the server's policy (server/api/policy.ts
// canManageRole): the /users page offers only these, the server decides anyway.
import { ROLES, type Role } from '../guard/roles.ts';

const ADMINS: readonly Role[] = ['ADMIN', 'SUPER_ADMIN'];

export function canManageRole(caller: Role | null, target: Role): boolean {
  if (!caller) return false;
  if (target === 'CLIENT') return caller !== 'CLIENT';
  if (ADMINS.includes(target)) return caller === 'SUPER_ADMIN';
  return ADMINS.includes(caller);
}

/** Roles the caller may give a new user or change a user to. */
export function assignableRoles(caller: Role | null): Role[] {
  return ROLES.filter((role) => canManageRole(caller, role));
}

/** Whether the caller may act on this user at all (never on themself). */
export function canActOn(caller: Role | null, isSelf: boolean, target: Role): boolean {
  return !isSelf && !!caller && ADMINS.includes(caller) && canManageRole(caller, target);
}

export type AccountAction = 'role' | 'deactivate' | 'reactivate' | 'resend' | 'reset';

/**
 * What may be done to an account in its state: an active one is changed or closed, a deactivated
 * one only reopened; the invitation is resent only while the account still waits for its first
 * sign-in (the identity service's word, `awaiting_first_sign_in` in the users list).
 */
export function accountActions(isActive: boolean, awaitingFirstSignIn = false): AccountAction[] {
  if (!isActive) return ['reactivate'];
  return awaitingFirstSignIn ? ['role', 'deactivate', 'resend', 'reset'] : ['role', 'deactivate', 'reset'];
}
