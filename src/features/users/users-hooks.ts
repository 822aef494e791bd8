// /users's machines bound to its adapter: the server-side list, creating a user, changing a
// role, and the account actions; each success toasts and reloads the list.
import { useSnackbar } from 'notistack';
import type { Role } from '../../../machines/guard/roles';
import { assignableRoles, canActOn } from '../../../machines/staff/user-rules';
import { useShell } from '../../app/port';
import { fullName, ROLE_LABELS } from '../../lib/staff/format';
import { useAction, useServerList } from '../../lib/staff/hooks';
import { TOASTS, type UserAction } from './texts';
import type { UserRow } from './user-dialogs';
import { changeRole, createUser, fetchUsersPage, runAction } from './users-api';

export type AccountAction = Exclude<UserAction, 'role'>;

export function useUsersPage() {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList((q) => fetchUsersPage(api, q));
  const create = useAction<null>(
    (_s, v) => createUser(api, v as never),
    (_s, out) => {
      const u = out as UserRow;
      enqueueSnackbar(TOASTS.created(fullName(u), ROLE_LABELS[u.role], u.email), { variant: 'success' });
      list.reload();
    },
  );
  const role = useAction<UserRow | null>(
    (user, v) => changeRole(api, user!.id, v.role as Role),
    (user, out) => {
      enqueueSnackbar(TOASTS.role(fullName(user!), ROLE_LABELS[(out as { role: string }).role]), { variant: 'success' });
      list.reload();
    },
  );
  const account = useAction<{ user: UserRow; action: AccountAction } | null>(
    (s) => runAction(api, s!.user.id, s!.action),
    (s) => {
      enqueueSnackbar(TOASTS[s!.action](fullName(s!.user), s!.user.email), { variant: 'success' });
      list.reload();
    },
  );
  return {
    list,
    create,
    role,
    account,
    /** The roles the signed-in role may give (machines/staff/user-rules). */
    roles: assignableRoles(auth.role),
    /** Whether the signed-in role may act on this user at all. */
    mayActOn: (row: UserRow) => canActOn(auth.role, row.email === auth.user?.email, row.role),
    pick: (user: UserRow, action: UserAction) => (action === 'role' ? role.open(user) : account.open({ user, action })),
  };
}
