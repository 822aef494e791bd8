// clinic/settings: the clinic's name, address and contact details and the super administrator's
// email that /unauthorized shows. Everyone signed in reads them; ADMIN and SUPER_ADMIN change them.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { refuse, withAudit } from '../data/audit.ts';
import { type ClinicSettingsRow, readClinicSettings, updateClinicSettings } from '../data/clinic-settings.ts';
import { DENIED, forbidden, isAdmin } from '../policy.ts';

type Patch = components['schemas']['ClinicSettingsPatch'];

export async function clinicSettingsRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const present = (row: ClinicSettingsRow) => ({
    ...row,
    effective_super_admin_email: row.super_admin_email || ctx.supportEmail,
    updated_at: new Date(row.updated_at).toISOString(),
  });

  app.get('/clinic/settings', { schema: contract.routeSchema('getClinicSettings') }, async () => present(await readClinicSettings(db)));

  app.patch<{ Body: Patch }>('/clinic/settings', { schema: contract.routeSchema('patchClinicSettings') }, async (request) => {
    const caller = callerOf(request);
    const audit = { actor: caller, action: 'settings.update', client: null, requestId: request.id } as const;
    if (!isAdmin(caller.role)) await refuse(db, audit, forbidden(DENIED.adminOnly));
    const changes: Patch = { ...request.body };
    for (const [key, value] of Object.entries(changes)) if (typeof value === 'string') (changes as Record<string, unknown>)[key] = value.trim();
    if (changes.super_admin_email !== undefined) changes.super_admin_email = changes.super_admin_email?.toLowerCase() || null;
    const row = await withAudit(db, audit, (trx) => updateClinicSettings(trx, changes, caller.id));
    return present(row);
  });
}
