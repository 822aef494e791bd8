// clinic/settings: the clinic's name, address and contact details and the super administrator's
// email that /unauthorized shows, and the logo the sign-in page shows. Everyone signed in reads
// them; ADMIN and SUPER_ADMIN change them.
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { callerOf } from '../../auth/bearer.ts';
import type { ApiContext } from '../context.ts';
import { withAudit } from '../audit/data.ts';
import { LOGO_MAX_BYTES, logoTypeOf, logoUrl } from '../../../machines/rules/clinic-logo.ts';
import { badRequest } from '../../http/errors.ts';
import { readLogoVersion, removeLogo, saveLogo } from './logo.ts';
import { type ClinicSettingsRow, readClinicSettings, updateClinicSettings } from './data.ts';
import { notFound } from '../policy.ts';
import { isBase64 } from '../uploads.ts';
import { LOGO_ERRORS } from './texts.ts';
import { DEFAULT_CLINIC_NAME } from '../../mail/clinic-name.ts';
import { admit } from '../route-access.ts';

type Patch = components['schemas']['ClinicSettingsPatch'];
type LogoUpload = components['schemas']['ClinicLogoUpload'];

/** A 1 MB image is about 1.4 MB of base64. */
const LOGO_BODY_LIMIT = 2 * 1024 * 1024;

export async function clinicSettingsRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const { db, contract } = ctx;
  const present = async (row: ClinicSettingsRow) => {
    const logo = await readLogoVersion(db);
    return {
      ...row,
      // The name in use: the product's until the clinic names itself (the back office's field shows it).
      name: row.name.trim() || DEFAULT_CLINIC_NAME,
      effective_super_admin_email: row.super_admin_email || ctx.supportEmail,
      logo_url: logo ? logoUrl(logo.sha256) : null,
      updated_at: new Date(row.updated_at).toISOString(),
    };
  };

  app.get('/clinic/settings', { schema: contract.routeSchema('getClinicSettings'), config: { access: { roles: 'signed-in', client: 'none' } } }, async () =>
    present(await readClinicSettings(db)),
  );

  app.patch<{ Body: Patch }>(
    '/clinic/settings',
    { schema: contract.routeSchema('patchClinicSettings'), config: { access: { roles: 'admins', client: 'none', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const audit = { actor: caller, action: 'settings.update', client: null, requestId: request.id } as const;
      await admit(db, request, audit);
      const changes: Patch = { ...request.body };
      for (const [key, value] of Object.entries(changes)) if (typeof value === 'string') (changes as Record<string, unknown>)[key] = value.trim();
      if (changes.super_admin_email !== undefined) changes.super_admin_email = changes.super_admin_email?.toLowerCase() || null;
      const row = await withAudit(db, audit, (trx) => updateClinicSettings(trx, changes, caller.id));
      return present(row);
    },
  );

  app.put<{ Body: LogoUpload }>(
    '/clinic/logo',
    {
      schema: contract.routeSchema('uploadClinicLogo'),
      config: { access: { roles: 'admins', client: 'none', refusal: 'audited' } },
      bodyLimit: LOGO_BODY_LIMIT,
    },
    async (request) => {
      const caller = callerOf(request);
      const audit = { actor: caller, action: 'settings.logo.upload', client: null, requestId: request.id } as const;
      await admit(db, request, audit);
      const { content_base64 } = request.body;
      if (!isBase64(content_base64)) throw badRequest('content_base64', LOGO_ERRORS.notBase64);
      const content = Buffer.from(content_base64, 'base64');
      if (content.length === 0) throw badRequest('content_base64', LOGO_ERRORS.empty);
      if (content.length > LOGO_MAX_BYTES) throw badRequest('content_base64', LOGO_ERRORS.tooBig);
      // What the bytes are: a renamed executable or an SVG (which can carry script) is refused.
      const type = logoTypeOf(content);
      if (!type) throw badRequest('content_base64', LOGO_ERRORS.notAnImage);
      await withAudit(db, audit, (trx) => saveLogo(trx, content, type, caller.id));
      return present(await readClinicSettings(db));
    },
  );

  app.delete(
    '/clinic/logo',
    { schema: contract.routeSchema('removeClinicLogo'), config: { access: { roles: 'admins', client: 'none', refusal: 'audited' } } },
    async (request) => {
      const caller = callerOf(request);
      const audit = { actor: caller, action: 'settings.logo.remove', client: null, requestId: request.id } as const;
      await admit(db, request, audit);
      const removed = await withAudit(db, audit, (trx) => removeLogo(trx));
      if (!removed) throw notFound();
      return present(await readClinicSettings(db));
    },
  );
}
