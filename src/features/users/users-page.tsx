// /users (ADMIN, SUPER_ADMIN): every user with role and status, server-side like /clients; a new
// user with a role; per user, the actions the signed-in role may take (change role, deactivate or
// reactivate, resend the invitation, reset the password), each confirmed, toasted and audited.
import { Alert, Box, Button, Chip, IconButton, Menu, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { Role } from '../../../machines/guard/roles';
import { assignableRoles, canActOn } from '../../../machines/staff/user-rules';
import { useShell } from '../../app/shell/shell-context';
import { ConfirmDialog } from '../../lib/staff/confirm-dialog';
import { formatDate, fullName, ROLE_LABELS } from '../../lib/staff/format';
import { useAction, useServerList } from '../../lib/staff/hooks';
import { ChangeRoleDialog, NewUserDialog, type UserRow } from './user-dialogs';
import { changeRole, createUser, fetchUsersPage, runAction, USER_SORT_FIELDS } from './users-api';
import { ACTION_LABELS, ACTIONS_FOR, CONFIRM_TEXT, NEW_USER, TOASTS, type UserAction, USERS_EMPTY, USERS_LOAD_FAILED, USERS_SEARCH_LABEL, USERS_TITLE } from './texts';

type Account = Exclude<UserAction, 'role'>;

function RowActions({ row, onPick }: { row: UserRow; onPick: (action: UserAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: UserAction[] = row.is_active ? ['role', 'deactivate', 'resend', 'reset'] : ['reactivate'];
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
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const [state, send] = useServerList((q) => fetchUsersPage(api, q));
  const [search, setSearch] = useState('');
  const roles = assignableRoles(auth.role);
  const reload = () => send({ type: 'list.reload' });

  const create = useAction<null>(
    (_s, v) => createUser(api, v as never),
    (_s, out) => {
      const u = out as UserRow;
      enqueueSnackbar(TOASTS.created(fullName(u), ROLE_LABELS[u.role], u.email), { variant: 'success' });
      reload();
    },
  );
  const role = useAction<UserRow | null>(
    (user, v) => changeRole(api, user!.id, v.role as Role),
    (user, out) => {
      enqueueSnackbar(TOASTS.role(fullName(user!), ROLE_LABELS[(out as { role: string }).role]), { variant: 'success' });
      reload();
    },
  );
  const account = useAction<{ user: UserRow; action: Account } | null>(
    (s) => runAction(api, s!.user.id, s!.action),
    (s) => {
      enqueueSnackbar(TOASTS[s!.action](fullName(s!.user), s!.user.email), { variant: 'success' });
      reload();
    },
  );
  const pick = (user: UserRow, action: UserAction) => (action === 'role' ? role.open(user) : account.open({ user, action }));

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
      renderCell: ({ row }) => (canActOn(auth.role, row.email === auth.user?.email, row.role) ? <RowActions row={row} onPick={(a) => pick(row, a)} /> : null),
    },
  ];
  const { query, rows, count, error } = state.context;
  // A stable model: the grid treats a new array as a new sort and would reset to the first page.
  const sortModel: GridSortModel = useMemo(
    () =>
      query.ordering
        ? [{ field: Object.keys(USER_SORT_FIELDS).find((k) => USER_SORT_FIELDS[k] === query.ordering!.replace(/^-/, '')) ?? 'name', sort: query.ordering.startsWith('-') ? 'desc' : 'asc' }]
        : [],
    [query.ordering],
  );
  const pending = account.subject;

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-page="users">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {USERS_TITLE}
        </Typography>
        <Button variant="contained" onClick={() => create.open(null)}>
          {NEW_USER}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={USERS_SEARCH_LABEL}
          type="search"
          size="small"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            send({ type: 'list.search', search: e.target.value });
          }}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <TextField select size="small" label="Role" value={query.filters.role ?? ''} onChange={(e) => send({ type: 'list.filter', name: 'role', value: e.target.value })} sx={{ minWidth: 170 }}>
          <MenuItem value="">All roles</MenuItem>
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Status" value={query.filters.status ?? ''} onChange={(e) => send({ type: 'list.filter', name: 'status', value: e.target.value })} sx={{ minWidth: 150 }}>
          <MenuItem value="">Active</MenuItem>
          <MenuItem value="inactive">Deactivated</MenuItem>
        </TextField>
      </Stack>
      {state.matches('failed') && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={() => send({ type: 'list.retry' })}>Retry</Button>}>
          {USERS_LOAD_FAILED} {error}
        </Alert>
      )}
      <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 420 }}>
        <DataGrid
          aria-label={USERS_TITLE}
          rows={rows as unknown as UserRow[]}
          columns={columns}
          rowCount={count}
          loading={state.hasTag('pending')}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={[10, 25, 50, 100]}
          paginationModel={{ page: query.page, pageSize: query.pageSize }}
          onPaginationModelChange={(m) => send({ type: 'list.page', page: m.page, pageSize: m.pageSize })}
          sortModel={sortModel}
          onSortModelChange={(m) => {
            const first = m[0];
            const ordering = first?.sort && USER_SORT_FIELDS[first.field] ? `${first.sort === 'desc' ? '-' : ''}${USER_SORT_FIELDS[first.field]}` : null;
            if (ordering !== query.ordering) send({ type: 'list.sort', ordering });
          }}
          slots={{ noRowsOverlay: () => <Box sx={{ p: 4, textAlign: 'center' }}>{USERS_EMPTY}</Box> }}
        />
      </Box>
      <NewUserDialog action={create} roles={roles} />
      <ChangeRoleDialog action={role} roles={roles} />
      <ConfirmDialog action={account} title={pending ? `${ACTION_LABELS[pending.action]}: ${fullName(pending.user)}` : ''} confirmLabel={pending ? ACTION_LABELS[pending.action] : 'Confirm'}>
        {pending && CONFIRM_TEXT[pending.action](fullName(pending.user), pending.user.email)}
      </ConfirmDialog>
    </Box>
  );
}
