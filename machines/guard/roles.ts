// The clinic's roles (spec §6) and who passes which guard. The role comes from the identity
// token's `custom:role` claim; anything else counts as no role.
export const ROLES = ['CLIENT', 'NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Staff pages: §2 lists CLIENT too, but the portal router never offers them to a client (issue 6). */
export const STAFF_ROLES: readonly Role[] = ['NURSE', 'RECEPTION', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'ADMIN', 'SUPER_ADMIN'];
export const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'SUPER_ADMIN'];

export function asRole(value: unknown): Role | null {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

/** SUPER_ADMIN passes every guard; any other role only a guard that lists it (spec §6). */
export function roleIsAllowed(role: Role | null, allowed: readonly Role[]): boolean {
  if (!role) return false;
  return role === 'SUPER_ADMIN' || allowed.includes(role);
}
