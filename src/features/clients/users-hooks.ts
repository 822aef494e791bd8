// /users's machines bound to its adapter: the server-side list, inviting a user (and a new staff
// member's working hours, the invite chart), changing a role, and the account actions; each
// success toasts and reloads the list. What scheduling knows (who delivers services, the clinic's
// hours, saving a new member's hours) comes from the appointments domain through the route module
// (src/app/routes/users.tsx), as a StaffScheduling.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { withoutWorkingHours } from '../../../machines/appointments/scheduling-rules.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import { type InvitedUser, inviteMachine, needsWorkingHours, type WeeklyShift } from '../../../machines/staff/invite-machine.ts';
import { inviteSelectors } from '../../../machines/staff/selectors.ts';
import { assignableRoles, canActOn } from '../../../machines/staff/user-rules.ts';
import { useShell } from '../../app/port.ts';
import { fullName, ROLE_LABELS } from '../../lib/staff/format.ts';
import { type ActionHandle, useAction, useRecord, useServerList } from '../../lib/staff/hooks.ts';
import { TOASTS, type UserAction } from './users-texts.ts';
import type { UserRow } from './user-dialogs.tsx';
import type { ApiClient } from '../../lib/api-client.ts';
import type { HoursFacts } from '../appointments/index.ts';
import { changeRole, createStaffUser, fetchUsersPage, runAction } from './clients-api.ts';

/** Scheduling's reads and write the users page needs, provided by its route module. */
export interface StaffScheduling {
  loadHoursFacts(api: ApiClient): Promise<HoursFacts>;
  saveWeeklyHours(api: ApiClient, staff: number, weekly: WeeklyShift[]): Promise<unknown>;
}

/** The invite chart: the person and role, then (a role that delivers services) their working hours. */
function useInvite(scheduling: StaffScheduling, onChanged: () => void) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const latest = useRef({ api, enqueueSnackbar, onChanged, scheduling });
  latest.current = { api, enqueueSnackbar, onChanged, scheduling };
  const ref = usePageActor(
    inviteMachine.provide({
      actors: {
        createUser: fromPromise(({ input }) => createStaffUser(latest.current.api, input)),
        saveHours: fromPromise(({ input }) => latest.current.scheduling.saveWeeklyHours(latest.current.api, input.staff, input.weekly)),
      },
      actions: {
        notifyInvited: (_, { user }: { user: InvitedUser }) => {
          latest.current.enqueueSnackbar(TOASTS.created(fullName(user), ROLE_LABELS[user.role] ?? user.role, user.email), { variant: 'success' });
          latest.current.onChanged();
        },
        notifyHoursSaved: (_, { user }: { user: InvitedUser }) => {
          latest.current.enqueueSnackbar(TOASTS.hoursSaved(fullName(user)), { variant: 'success' });
          latest.current.onChanged();
        },
        notifyNoHours: (_, { user }: { user: InvitedUser }) => latest.current.enqueueSnackbar(TOASTS.noHours(fullName(user)), { variant: 'info' }),
      },
    }),
  );
  const editing = useSelector(ref, inviteSelectors.isEditing);
  const pending = useSelector(ref, inviteSelectors.isPending);
  const error = useSelector(ref, inviteSelectors.error);
  const fieldErrors = useSelector(ref, inviteSelectors.fieldErrors);
  /** The person-and-role step, as the form dialog reads an action. */
  const form: ActionHandle<null> = {
    isOpen: editing,
    pending: editing && pending,
    subject: null,
    values: {},
    error: editing ? error : null,
    fieldErrors: editing ? fieldErrors : {},
    open: () => undefined,
    cancel: () => ref.send({ type: 'invite.cancel' }),
    submit: (values) => ref.send({ type: 'invite.submit', values: values ?? {} }),
    save: (values) => ref.send({ type: 'invite.submit', values }),
  };
  return {
    ref,
    form,
    askingHours: useSelector(ref, inviteSelectors.isAskingHours),
    pending,
    user: useSelector(ref, inviteSelectors.user),
    weekly: useSelector(ref, inviteSelectors.weekly),
    canSaveHours: useSelector(ref, inviteSelectors.canSaveHours),
    error,
    setHours: (weekly: WeeklyShift[]) => ref.send({ type: 'invite.setHours', weekly }),
    saveHours: () => ref.send({ type: 'invite.saveHours' }),
    later: () => ref.send({ type: 'invite.later' }),
  };
}

export type InviteHandle = ReturnType<typeof useInvite>;

export type AccountAction = Exclude<UserAction, 'role'>;

export function useUsersPage(scheduling: StaffScheduling) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList((q) => fetchUsersPage(api, q));
  const facts = useRecord(() => scheduling.loadHoursFacts(api));
  const invite = useInvite(scheduling, () => {
    list.reload();
    facts.reload();
  });
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
  const known = facts.data;
  return {
    list,
    invite,
    /** Opens the invitation with what scheduling says: who delivers services, the clinic's hours. */
    /**
     * Whether scheduling's facts are in (or could not be had): an invitation opened before them
     * would not know that a nurse delivers services, and would skip asking for her hours.
     */
    inviteReady: !facts.loading,
    openInvite: () => invite.ref.send({ type: 'invite.open', deliveringRoles: known?.deliveringRoles ?? [], openingHours: known?.openingHours ?? [] }),
    /** A staff member of a role that delivers services with no working hours set (marked on the list). */
    lacksHours: (row: UserRow) =>
      !!known &&
      row.is_active &&
      needsWorkingHours(row.role, known.deliveringRoles) &&
      withoutWorkingHours([row.id], known.staffHours, known.staffExceptions, Date.now()).has(row.id),
    role,
    account,
    /** The roles the signed-in role may give (machines/staff/user-rules). */
    roles: assignableRoles(auth.role),
    /** Whether the signed-in role may act on this user at all. */
    mayActOn: (row: UserRow) => canActOn(auth.role, row.email === auth.user?.email, row.role),
    pick: (user: UserRow, action: UserAction) => (action === 'role' ? role.open(user) : account.open({ user, action })),
  };
}
