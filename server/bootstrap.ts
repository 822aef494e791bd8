// First start on an empty database: create the one SUPER_ADMIN (ADMIN_EMAIL) with a temporary
// password (ADMIN_TEMP_PASSWORD, or a generated one printed once to the console), status
// FORCE_CHANGE_PASSWORD, so the first sign-in walks the forced-new-password screen. Later
// starts find users and do nothing. Several instances starting together take turns on an
// advisory lock, so only one creates the account.
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/database.ts';
import { type IdentityAdmin, IdentityError } from './identity/contracts.ts';
import { insertUserWithProfile } from './api/people/provision.ts';
import type { ServerConfig } from './config.ts';

const BOOTSTRAP_LOCK = 0x7c11_0200;

/** A temporary password the identity policy accepts: 8+ characters with all four classes. */
export function generateTemporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)];
  const chars = [
    ...randomBytes(12).toString('base64url').replace(/[-_]/g, ''),
    pick('ABCDEFGHJKLMNPQRSTUVWXYZ'),
    pick('abcdefghijkmnopqrstuvwxyz'),
    pick('23456789'),
    pick('!#%&*+=?@'),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface BootstrapResult {
  created: boolean;
  email: string;
  /** Set only when the password was generated here (it was printed once). */
  generatedPassword: string | null;
}

export async function bootstrapSuperAdmin(options: {
  db: Db;
  admin: IdentityAdmin;
  config: Pick<ServerConfig, 'adminEmail' | 'adminTempPassword'>;
  /** Where the one-time password notice goes (the console, not the JSON log). */
  print?: (text: string) => void;
}): Promise<BootstrapResult> {
  const { db, admin, config } = options;
  const email = config.adminEmail.toLowerCase();
  if (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) return { created: false, email, generatedPassword: null };
  // Identity first and outside any transaction here: the built-in service shares this database
  // (one connection on PGlite), and a failure there must leave nothing written on our side.
  const password = config.adminTempPassword ?? generateTemporaryPassword();
  let user: Awaited<ReturnType<IdentityAdmin['adminGetUser']>>;
  let existed = false;
  try {
    user = (
      await admin.adminCreateUser({
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Super' },
          { Name: 'family_name', Value: 'Admin' },
          { Name: 'custom:role', Value: 'SUPER_ADMIN' },
        ],
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
      })
    ).User;
  } catch (error) {
    // Another instance got there first, or the pool outlived the clinic data (e.g. Cognito):
    // link the account identity has.
    if (!(error instanceof IdentityError && error.type === 'UsernameExistsException')) throw error;
    user = await admin.adminGetUser({ Username: email });
    existed = true;
  }
  const sub = user.Attributes.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('identity returned the administrator without a sub');
  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return null;
    await insertUserWithProfile(trx, { sub, username: user.Username, email, first_name: 'Super', last_name: 'Admin', role: 'SUPER_ADMIN' });
    return { existed, password };
  });
  if (!result) return { created: false, email, generatedPassword: null };
  const generated = !result.existed && !config.adminTempPassword ? result.password : null;
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  if (result.existed) {
    print(`First start: linked the existing identity account ${email} as SUPER_ADMIN (its password is unchanged).`);
  } else if (generated) {
    print(
      [
        '',
        '================================================================',
        ' First start: created the SUPER_ADMIN account',
        `   email:              ${email}`,
        `   temporary password: ${generated}`,
        ' It is shown only this once. The first sign-in asks for a new one.',
        '================================================================',
        '',
      ].join('\n'),
    );
  } else {
    print(`First start: created the SUPER_ADMIN account ${email} with ADMIN_TEMP_PASSWORD; the first sign-in asks for a new password.`);
  }
  return { created: true, email, generatedPassword: generated };
}
