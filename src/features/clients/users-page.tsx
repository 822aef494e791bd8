// /users (ADMIN, SUPER_ADMIN): every user with role and status, server-side like /clients; a new
// user with a role; per user, the actions the signed-in role may take (change role, deactivate or
// reactivate, resend the invitation, reset the password), each confirmed, toasted and audited.
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link as MuiLink,
  Menu,
  MenuItem,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { Link } from 'wouter';
import { getHref } from '../../app/port.ts';
import { contactMethodLabel } from '../../lib/labels.ts';
import { accountActions } from '../../../machines/staff/user-rules.ts';
import { ConfirmDialog } from '../../lib/staff/confirm-dialog.tsx';
import { formatDate, formatPhone, fullName, ROLE_LABELS } from '../../lib/staff/format.ts';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid.tsx';
import {
  ACTION_LABELS,
  ACTIONS_FOR,
  CONFIRM_TEXT,
  HOURS_COLUMN,
  INVITATION_ACCEPTED,
  INVITATION_WAITING,
  NEW_USER,
  NO_WORKING_HOURS,
  OPEN_USER,
  RETRY,
  USER_DETAILS_CLOSE,
  type UserAction,
  USERS_EMPTY,
  USERS_LOAD_FAILED,
  USERS_SEARCH_LABEL,
  USERS_TITLE,
} from './users-texts.ts';
import { ChangeRoleDialog, NewUserDialog, type UserRow, WorkingHoursDialog } from './user-dialogs.tsx';
import { USER_SORT_FIELDS } from './clients-api.ts';
import { type StaffScheduling, useUsersPage } from './users-hooks.ts';

/**
 * A name is a target 24 px tall at least (WCAG 2.5.8): a long one reaches the row's actions button
 * in the next column on a phone, and a text-high target beside it is too small to hit.
 */
const NAME_TARGET = { display: 'inline-block', minHeight: 24, lineHeight: '24px', verticalAlign: 'middle' } as const;

function RowActions({ row, onPick }: { row: UserRow; onPick: (action: UserAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items: UserAction[] = accountActions(row.is_active, row.awaiting_first_sign_in === true);
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

/** A staff member's account at a glance, with what may be done to it. */
function UserDetails({ user, mayAct, onPick, onClose }: { user: UserRow | null; mayAct: boolean; onPick: (action: UserAction) => void; onClose: () => void }) {
  return (
    <Dialog open={!!user} onClose={onClose} aria-labelledby="user-details-title" fullWidth maxWidth="xs">
      {user && (
        <>
          <DialogTitle id="user-details-title">{fullName(user)}</DialogTitle>
          <DialogContent>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0, '& dd': { m: 0, overflowWrap: 'anywhere' } }}
            >
              <Typography component="dt" color="text.secondary">
                Email
              </Typography>
              <Typography component="dd">{user.email}</Typography>
              <Typography component="dt" color="text.secondary">
                {contactMethodLabel('phone')}
              </Typography>
              <Typography component="dd">{formatPhone(user.phone_number)}</Typography>
              <Typography component="dt" color="text.secondary">
                Role
              </Typography>
              <Typography component="dd">{ROLE_LABELS[user.role] ?? user.role}</Typography>
              <Typography component="dt" color="text.secondary">
                Status
              </Typography>
              <Typography component="dd">{user.is_active ? 'Active' : 'Deactivated'}</Typography>
              <Typography component="dt" color="text.secondary">
                Joined
              </Typography>
              <Typography component="dd">{formatDate(user.date_joined)}</Typography>
              {user.awaiting_first_sign_in !== undefined && (
                <>
                  <Typography component="dt" color="text.secondary">
                    Sign-in
                  </Typography>
                  <Typography component="dd">{user.awaiting_first_sign_in ? INVITATION_WAITING : INVITATION_ACCEPTED}</Typography>
                </>
              )}
            </Box>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap' }}>
            {mayAct &&
              accountActions(user.is_active, user.awaiting_first_sign_in === true).map((a) => (
                <Button key={a} onClick={() => onPick(a)}>
                  {ACTION_LABELS[a]}
                </Button>
              ))}
            <Button onClick={onClose}>{USER_DETAILS_CLOSE}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** /users; `scheduling` is the appointments domain's part, composed by the route module. */
export function UsersPage({ scheduling }: { scheduling: StaffScheduling }) {
  const { list, invite, inviteReady, openInvite, lacksHours, role, account, roles, mayActOn, pick } = useUsersPage(scheduling);
  const [opened, setOpened] = useState<UserRow | null>(null);
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const columns: GridColDef<UserRow>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 170,
      valueGetter: (_v, row) => fullName(row),
      // A client opens on their record; a staff member's account opens here.
      renderCell: ({ row }) =>
        row.role === 'CLIENT' ? (
          <MuiLink component={Link} href={getHref('clientDetails', { clientId: row.id })} sx={NAME_TARGET}>
            {fullName(row)}
          </MuiLink>
        ) : (
          <MuiLink component="button" type="button" aria-label={OPEN_USER(fullName(row))} onClick={() => setOpened(row)} sx={NAME_TARGET}>
            {fullName(row)}
          </MuiLink>
        ),
    },
    { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 220 },
    { field: 'role', headerName: 'Role', width: 140, valueGetter: (v) => ROLE_LABELS[v as string] ?? v },
    {
      field: 'is_active',
      headerName: 'Status',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <Chip size="small" label={row.is_active ? 'Active' : 'Deactivated'} color={row.is_active ? 'success' : 'default'} />,
    },
    {
      field: 'working_hours',
      headerName: HOURS_COLUMN,
      width: 190,
      sortable: false,
      // Who delivers services but has no hours is marked: booking lists them as such, not bookable.
      renderCell: ({ row }) =>
        lacksHours(row) ? <Chip size="small" color="warning" variant="outlined" label={NO_WORKING_HOURS} data-no-hours={row.id} /> : null,
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
  // On a phone the grid shows what fits beside the name: the actions come next, so they are never
  // the column scrolled out of sight (issue 24).
  const shown = phone ? [columns[0], columns[columns.length - 1], ...columns.slice(1, -1)] : columns;
  const pending = account.subject;

  return (
    <GridPage page="users" title={USERS_TITLE} actionLabel={NEW_USER} onAction={openInvite} actionReady={inviteReady}>
      <ServerGrid<UserRow>
        list={list}
        columns={shown}
        sortFields={USER_SORT_FIELDS}
        title={USERS_TITLE}
        searchLabel={USERS_SEARCH_LABEL}
        filters={[
          { name: 'role', label: 'Role', minWidth: 170, options: [['', 'All roles'], ...Object.entries(ROLE_LABELS)] },
          {
            name: 'status',
            label: 'Status',
            minWidth: 150,
            options: [
              ['', 'Active'],
              ['inactive', 'Deactivated'],
            ],
          },
        ]}
        emptyText={USERS_EMPTY}
        loadFailedText={USERS_LOAD_FAILED}
        retryLabel={RETRY}
      />
      <UserDetails
        user={opened}
        mayAct={!!opened && mayActOn(opened)}
        onPick={(a) => {
          if (opened) pick(opened, a);
          setOpened(null);
        }}
        onClose={() => setOpened(null)}
      />
      <NewUserDialog action={invite.form} roles={roles} />
      <WorkingHoursDialog invite={invite} />
      <ChangeRoleDialog action={role} roles={roles} />
      <ConfirmDialog
        action={account}
        title={pending ? `${ACTION_LABELS[pending.action]}: ${fullName(pending.user)}` : ''}
        confirmLabel={pending ? ACTION_LABELS[pending.action] : 'Confirm'}
      >
        {pending && CONFIRM_TEXT[pending.action](fullName(pending.user), pending.user.email)}
      </ConfirmDialog>
    </GridPage>
  );
}
