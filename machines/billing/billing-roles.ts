// Who may do what in billing (issue 34): RECEPTION and ADMIN bill and take payments; SUPER_ADMIN
// reads (the route guard lets it through everywhere; it is offered no write); DOCTOR and NURSE
// see a client's balance. The server's route access says the same for every operation.
import type { Role } from '../guard/roles.ts';

export const BILLING_ROLES: readonly Role[] = ['RECEPTION', 'ADMIN'];
export const BALANCE_ROLES: readonly Role[] = ['RECEPTION', 'ADMIN', 'SUPER_ADMIN', 'DOCTOR', 'NURSE'];

export const mayBill = (role: Role | null): boolean => role !== null && BILLING_ROLES.includes(role);
export const seesBalance = (role: Role | null): boolean => role !== null && BALANCE_ROLES.includes(role);
