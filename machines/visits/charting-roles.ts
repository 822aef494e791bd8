// Who writes a therapy visit's chart (spec §6 and domain.md): the nurses and doctors who deliver
// the therapy. Other staff read charts; the server and the screens apply the same rule.
import type { Role } from '../guard/roles.ts';

export const CHARTING_ROLES = ['NURSE', 'DOCTOR'] as const satisfies readonly Role[];

export const mayChart = (role: string | null | undefined): boolean => (CHARTING_ROLES as readonly string[]).includes(role ?? '');
