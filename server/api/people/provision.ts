// Writes a user and their profile row for an identity account that already exists: the one
// path behind POST users/users, the first start's SUPER_ADMIN, the demo data and the tests.
import type { Db } from '../../db/database.ts';
import type { ClinicRole } from '../../identity/contracts.ts';

export interface NewUser {
  sub: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: ClinicRole;
  phone_number?: string | null;
  /** Column values of user_profiles (already in storage form: JSON as text, sealed Aadhaar). */
  profile?: Record<string, unknown>;
}

/** Inserts both rows; run it inside the caller's transaction. Returns the user id. */
export async function insertUserWithProfile(db: Db, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      sub: user.sub,
      username: user.username,
      email: user.email.toLowerCase(),
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number ?? null,
      role: user.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_profiles')
    .values({ ...user.profile, user_id: id })
    .execute();
  return id;
}
