// Which accounts are still waiting for their first sign-in: the identity service's
// FORCE_CHANGE_PASSWORD (a temporary password never replaced). Asked once per list page with
// Cognito's status filter, not once per row, so the users page costs one or a few calls.
import type { IdentityAdmin } from '../../identity/contracts.ts';

/** Lower-cased usernames of every account still on its temporary password. */
export async function usernamesAwaitingFirstSignIn(admin: IdentityAdmin): Promise<Set<string>> {
  const waiting = new Set<string>();
  let token: string | undefined;
  // A clinic has few pending invitations; the bound keeps a runaway pool from stalling a page.
  for (let page = 0; page < 50; page++) {
    const result = await admin.listUsers({ Filter: 'cognito:user_status = "FORCE_CHANGE_PASSWORD"', Limit: 60, PaginationToken: token });
    for (const user of result.Users) waiting.add(user.Username.toLowerCase());
    token = result.PaginationToken;
    if (!token) break;
  }
  return waiting;
}
