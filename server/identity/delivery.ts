// What the service sends (through the mail transport) and how destinations are shown back.
import type { Db } from '../db/database.ts';
import { readClinicName } from '../mail/clinic-name.ts';
import type { IdentityContext } from './context.ts';

export interface CodeDeliveryDetails {
  Destination: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  AttributeName: string;
}

/** `j***n@example.com`: the middle of the local part hidden. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  if (local.length <= 2) return `${local[0] ?? ''}***${domain}`;
  return `${local[0]}***${local[local.length - 1]}${domain}`;
}

/** `+*******1234`: only the last 4 digits. */
export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.replace(/\D/g, '').length - 4, 0))}${phone.slice(-4)}`;
}

export function emailDelivery(email: string): CodeDeliveryDetails {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

export function smsDelivery(phone: string): CodeDeliveryDetails {
  return { Destination: maskPhone(phone), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
}

const SUBJECTS = {
  signup: 'Your verification code',
  'forgot-password': 'Your password reset code',
  'verify-attribute': 'Your verification code',
  'mfa-sms': 'Your sign-in code',
  'mfa-email': 'Your sign-in code',
  'sign-in-email': 'Your sign-in code',
  'sign-in-sms': 'Your sign-in code',
} as const;

export async function sendCode(
  ctx: IdentityContext,
  db: Db,
  to: { channel: 'email' | 'sms'; address: string },
  purpose: keyof typeof SUBJECTS,
  code: string,
): Promise<void> {
  const clinic = await readClinicName(db);
  const lead =
    purpose === 'forgot-password'
      ? `Your ${clinic} password reset code is`
      : purpose.startsWith('mfa') || purpose.startsWith('sign-in')
        ? `Your ${clinic} sign-in code is`
        : `Your ${clinic} verification code is`;
  await ctx.mail.send(
    {
      channel: to.channel,
      to: to.address,
      subject: `${SUBJECTS[purpose]} · ${clinic}`,
      body: `${lead} ${code}\n\nIf you did not ask for it, ignore this message.`,
    },
    db,
  );
}

const INVITATION_SUBJECT = 'Your temporary password';

/**
 * Whether a message the service sent carries a credential (a code or a temporary password), read
 * from its subject: such a message is never shown again (a client's data export keeps that it was
 * sent, not what it said).
 */
export function carriesCredential(subject: string | null): boolean {
  return subject !== null && [...Object.values(SUBJECTS), INVITATION_SUBJECT].some((words) => subject.startsWith(`${words} · `));
}

export async function sendInvitation(ctx: IdentityContext, db: Db, email: string, username: string, password: string): Promise<void> {
  const clinic = await readClinicName(db);
  await ctx.mail.send(
    {
      channel: 'email',
      to: email,
      subject: `${INVITATION_SUBJECT} · ${clinic}`,
      body: [
        `An account has been created for you at ${clinic}.`,
        '',
        `Username: ${username}`,
        `Temporary password: ${password}`,
        '',
        `Sign in at ${ctx.signInUrl} within 7 days; you will be asked to choose a new password.`,
        '',
        clinic,
      ].join('\n'),
    },
    db,
  );
}
