// /config.json: what the SPA needs before it starts, built per request so the identity endpoint
// is an absolute URL (Amplify requires one) on the origin the browser used.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AmplifyAuthOutputs, RuntimeConfig } from '../../openapi/runtime-config.ts';
import { logoUrl } from '../../machines/rules/clinic-logo.ts';
import { readPublicClinic } from '../api/clinic/public-clinic.ts';

/**
 * The origin the browser used: Host and protocol, or X-Forwarded-Host and -Proto when the request
 * came through a proxy TRUST_PROXY names (Fastify reads those only from a trusted proxy).
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host || `localhost:${request.socket.localPort ?? 3000}`}`;
}

/**
 * amplify_outputs' `passwordless` section for the first factors the pool allows besides the
 * password (the sign-in page offers the choice from it), or nothing when the password is the only
 * one. Passkeys are bound to PUBLIC_URL's host, with user verification required.
 */
export function passwordlessOutputs(factors: readonly string[], publicUrl: string): AmplifyAuthOutputs['passwordless'] {
  const email = factors.includes('EMAIL_OTP');
  const sms = factors.includes('SMS_OTP');
  const webAuthn = factors.includes('WEB_AUTHN');
  if (!email && !sms && !webAuthn) return undefined;
  return {
    email_otp_enabled: email,
    sms_otp_enabled: sms,
    ...(webAuthn ? { web_authn: { relying_party_id: new URL(publicUrl).hostname, user_verification: 'required' as const } } : {}),
  };
}

export async function runtimeConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get('/config.json', async (request, reply) => {
    const origin = requestOrigin(request);
    const identity = app.runtime.identity;
    const clinic = await readPublicClinic(app.runtime.database.db, app.runtime.config.supportEmail);
    // The built-in pool's IDENTITY_SIGN_IN_FACTORS; a Cognito pool's are set in Cognito, and the
    // page then offers the password alone.
    const passwordless = passwordlessOutputs(identity.builtin?.ctx.settings.signInFactors ?? [], app.runtime.config.publicUrl);
    const body: RuntimeConfig = {
      amplify: { version: '1.4', auth: { ...identity.amplifyAuthOutputs(origin), ...(passwordless ? { passwordless } : {}) } },
      identityEndpoint: identity.endpoint(origin),
      // Set on /backoffice (clinic settings), else SUPPORT_EMAIL.
      superAdminEmail: clinic.superAdminEmail,
      apiBase: `${origin}/api/v1`,
      // Before sign-in too: the sign-in page and the top bar name the clinic.
      clinicName: clinic.clinicName,
      // The sign-in page shows the logo above its heading, when one is uploaded.
      clinicLogo: clinic.logoSha256 ? logoUrl(clinic.logoSha256) : null,
      // Before sign-in too: the sign-in page and every view write dates the clinic's way.
      locale: clinic.locale,
      timeZone: clinic.timeZone,
      dialCode: clinic.dialCode,
      // Who runs the lab desk: the staff navigation offers the desk to them (issue 32).
      labDeskRoles: clinic.labDeskRoles,
      // Whether "Pay online" is offered on the portal's My invoices (issue 34): only with the gateway.
      onlinePayments: app.runtime.config.payments.provider !== 'none',
    };
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
