// The /users dialogs: a new staff (or client) user with a role, then (a role that delivers
// services) their working hours; and changing a user's role. Both offer only the roles the
// signed-in role may give.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Role } from '../../../machines/guard/roles.ts';
import { fieldError } from '../../lib/staff/confirm-dialog.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { fullName, ROLE_LABELS } from '../../lib/staff/format.ts';
import type { ActionHandle } from '../../lib/staff/hooks.ts';
import { EMPTY_PERSON, PersonFields } from './person-fields.tsx';
import { canCreateUser } from '../../../machines/staff/account-forms.ts';
import { ShiftRows } from '../../lib/staff/shift-rows.tsx';
import { ACTION_LABELS, CREATE_USER, HOURS_INTRO, HOURS_LABEL, HOURS_LATER, HOURS_TITLE, NEW_USER, SAVE_HOURS, SAVING_HOURS } from './users-texts.ts';
import type { InviteHandle } from './users-hooks.ts';

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  date_joined: string;
  phone_number?: string | null;
  /** The identity service's word: never signed in yet (only administrators are told). */
  awaiting_first_sign_in?: boolean;
}

const EMPTY = { ...EMPTY_PERSON, role: '' };

function RoleSelect({
  label,
  value,
  roles,
  onChange,
  error,
}: {
  label: string;
  value: string;
  roles: Role[];
  onChange: (role: string) => void;
  error?: string;
}) {
  return (
    <TextField label={label} select required value={value} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error}>
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function NewUserDialog({ action, roles }: { action: ActionHandle<null>; roles: Role[] }) {
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [field]: value }));
  return (
    <FormDialog
      action={action}
      id="new-user"
      title={NEW_USER}
      submitLabel={CREATE_USER}
      pendingLabel="Creating…"
      ready={canCreateUser(values)}
      onSubmit={() => action.submit(values)}
      onExited={() => setValues(EMPTY)}
    >
      <PersonFields values={values} onChange={set} fieldErrors={action.fieldErrors} />
      <RoleSelect label="Role" value={values.role} roles={roles} onChange={(role) => set('role', role)} error={fieldError(action, 'role')} />
    </FormDialog>
  );
}

export function ChangeRoleDialog({ action, roles }: { action: ActionHandle<UserRow | null>; roles: Role[] }) {
  const user = action.subject;
  const [role, setRole] = useState<string>('');
  const chosen = role || user?.role || '';
  return (
    <Dialog
      open={action.isOpen}
      onClose={() => !action.pending && action.cancel()}
      slotProps={{ transition: { onExited: () => setRole('') } }}
      aria-labelledby="role-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="role-title">
        {ACTION_LABELS.role}: {user ? fullName(user) : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {action.error && <Alert severity="error">{action.error}</Alert>}
          <RoleSelect label="New role" value={chosen} roles={roles} onChange={setRole} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={action.cancel} disabled={action.pending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!user || chosen === user.role || action.pending} onClick={() => action.submit({ role: chosen })}>
          {action.pending ? 'Saving…' : ACTION_LABELS.role}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Right after inviting a staff member who delivers services: their weekly hours, or later on purpose. */
export function WorkingHoursDialog({ invite }: { invite: InviteHandle }) {
  const user = invite.user;
  const name = user ? fullName(user) : '';
  return (
    <Dialog open={invite.askingHours} aria-labelledby="hours-title" fullWidth maxWidth="sm">
      <DialogTitle id="hours-title">{HOURS_TITLE(name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {invite.error && <Alert severity="error">{invite.error}</Alert>}
          {user && <Typography>{HOURS_INTRO(name, ROLE_LABELS[user.role] ?? user.role)}</Typography>}
          <ShiftRows label={HOURS_LABEL(name)} rows={invite.weekly} onChange={invite.setHours} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={invite.later} disabled={invite.pending}>
          {HOURS_LATER}
        </Button>
        <Button variant="contained" onClick={invite.saveHours} disabled={!invite.canSaveHours || invite.pending}>
          {invite.pending ? SAVING_HOURS : SAVE_HOURS}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
