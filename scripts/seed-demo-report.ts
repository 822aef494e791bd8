// What `npm run seed:demo` says at the end and when it cannot start: the first administrator
// as the database knows them (not only as ADMIN_EMAIL says), and one plain line instead of a
// stack trace for a data directory another process holds.
import { DataDirLockedError } from '../server/db/data-dir-lock.ts';

export interface FirstAdministrator {
  email: string;
  /** Still on the temporary password from the first start (has never signed in). */
  waitingForFirstSignIn: boolean;
}

/** The closing lines: who the first SUPER_ADMIN is and how they sign in. */
export function firstAdministratorLines(first: FirstAdministrator | null, adminEmail: string): string[] {
  if (!first) return [`No SUPER_ADMIN exists yet; the next start creates ${adminEmail}.`];
  const lines = [
    first.waitingForFirstSignIn
      ? `The first administrator (SUPER_ADMIN) is ${first.email}: sign in with the temporary password printed on the server's first start, then choose a new one.`
      : `The first administrator (SUPER_ADMIN) is ${first.email}: sign in with the password they chose.`,
  ];
  if (first.email.toLowerCase() !== adminEmail.toLowerCase()) {
    lines.push(`(ADMIN_EMAIL is ${adminEmail}, but this database was first started with ${first.email}.)`);
  }
  return lines;
}

/** One line for a failure a person can fix; anything else keeps its stack for a bug report. */
export function failureLine(error: unknown): string | null {
  if (error instanceof DataDirLockedError)
    return `seed:demo: ${error.message}. Stop the server that uses it (or set DATA_DIR to another directory) and run npm run seed:demo again.`;
  return null;
}
