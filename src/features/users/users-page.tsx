// /users (ADMIN, SUPER_ADMIN): every user with role and status, server-side like /clients; a new
// user with a role; per user, the actions the signed-in role may take (change role, deactivate or
// reactivate, resend the invitation, reset the password), each confirmed, toasted and audited.
import { Chip, IconButton, Menu, MenuItem } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { accountActions } from '../../../machines/staff/user-rules';
import { ConfirmDialog } from '../../lib/staff/confirm-dialog';
import { formatDate, fullName, ROLE_LABELS } from '../../lib/staff/format';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid';
import { ACTION_LABELS, ACTIONS_FOR, CONFIRM_TEXT, NEW_USER, RETRY, type UserAction, USERS_EMPTY, USERS_LOAD_FAILED, USERS_SEARCH_LABEL, USERS_TITLE } from './texts';
import { ChangeRoleDialog, NewUserDialog, type UserRow } from './user-dialogs';
import { USER_SORT_FIELDS } from './users-api';
import { useUsersPage } from './users-hooks';

function RowActions({ row, onPick }: { row: UserRow; onPick: (action: UserAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: UserAction[] = accountActions(row.is_active);
  return (
    <>
      <IconButton size="small" aria-label={ACTIONS_FOR(fullName(row))} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <span aria-hidden>⋮</span>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {items.map((a) => (
          <MenuItem
            key={a}
            onClick={() => {
              setAnchor(null);
              onPick(a);
            }}
          >
            {ACTION_LABELS[a]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function UsersPage() {
  const { list, create, role, account, roles, mayActOn, pick } = useUsersPage();
  const columns: GridColDef<UserRow>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 170, valueGetter: (_v, row) => fullName(row) },
    { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 220 },
    { field: 'role', headerName: 'Role', width: 140, valueGetter: (v) => ROLE_LABELS[v as string] ?? v },
    {
      field: 'is_active',
      headerName: 'Status',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={row.is_active ? 'Active' : 'Deactivated'} color={row.is_active ? 'success' : 'default'} />,
    },
    { field: 'date_joined', headerName: 'Joined', width: 130, valueGetter: (v) => formatDate(v as string) },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      renderCell: ({ row }) => (mayActOn(row) ? <RowActions row={row} onPick={(a) => pick(row, a)} /> : null),
    },
  ];
  const pending = account.subject;

  return (
    <GridPage page="users" title={USERS_TITLE} actionLabel={NEW_USER} onAction={() => create.open(null)}>
      <ServerGrid<UserRow>
        list={list}
        columns={columns}
        sortFields={USER_SORT_FIELDS}
        title={USERS_TITLE}
        searchLabel={USERS_SEARCH_LABEL}
        filters={[
          { name: 'role', label: 'Role', minWidth: 170, options: [['', 'All roles'], ...Object.entries(ROLE_LABELS)] },
          { name: 'status', label: 'Status', minWidth: 150, options: [['', 'Active'], ['inactive', 'Deactivated']] },
        ]}
        emptyText={USERS_EMPTY}
        loadFailedText={USERS_LOAD_FAILED}
        retryLabel={RETRY}
      />
      <NewUserDialog action={create} roles={roles} />
      <ChangeRoleDialog action={role} roles={roles} />
      <ConfirmDialog action={account} title={pending ? `${ACTION_LABELS[pending.action]}: ${fullName(pending.user)}` : ''} confirmLabel={pending ? ACTION_LABELS[pending.action] : 'Confirm'}>
        {pending && CONFIRM_TEXT[pending.action](fullName(pending.user), pending.user.email)}
      </ConfirmDialog>
    </GridPage>
  );
}
