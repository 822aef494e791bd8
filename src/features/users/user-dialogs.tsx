// The /users dialogs: a new staff (or client) user with a role, and changing a user's role. Both
// offer only the roles the signed-in role may give.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { Role } from '../../../machines/guard/roles';
import { fieldError } from '../../lib/staff/confirm-dialog';
import { fullName, ROLE_LABELS } from '../../lib/staff/format';
import type { ActionHandle } from '../../lib/staff/hooks';
import { ACTION_LABELS, CREATE_USER, NEW_USER } from './texts';

export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  date_joined: string;
}

const EMPTY = { first_name: '', last_name: '', email: '', phone_number: '', role: '' };

export function NewUserDialog({ action, roles }: { action: ActionHandle<null>; roles: Role[] }) {
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const err = (field: string) => fieldError(action, field);
  const ready = values.first_name.trim() && values.last_name.trim() && values.email.trim() && values.role;
  return (
    <Dialog open={action.isOpen} onClose={() => !action.pending && action.cancel()} slotProps={{ transition: { onExited: () => setValues(EMPTY) } }} aria-labelledby="new-user-title" fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) action.submit(values);
        }}
      >
        <DialogTitle id="new-user-title">{NEW_USER}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {action.state.context.error && <Alert severity="error">{action.state.context.error}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="First name" required fullWidth autoFocus value={values.first_name} onChange={set('first_name')} error={!!err('first_name')} helperText={err('first_name')} />
              <TextField label="Last name" required fullWidth value={values.last_name} onChange={set('last_name')} error={!!err('last_name')} helperText={err('last_name')} />
            </Stack>
            <TextField label="Email" type="email" required value={values.email} onChange={set('email')} error={!!err('email')} helperText={err('email') ?? 'The invitation goes to this address.'} />
            <TextField label="Phone" placeholder="+919812345678" value={values.phone_number} onChange={set('phone_number')} error={!!err('phone_number')} helperText={err('phone_number')} />
            <TextField label="Role" select required value={values.role} onChange={set('role')} error={!!err('role')} helperText={err('role')}>
              {roles.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={action.cancel} disabled={action.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || action.pending}>
            {action.pending ? 'Creating…' : CREATE_USER}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function ChangeRoleDialog({ action, roles }: { action: ActionHandle<UserRow | null>; roles: Role[] }) {
  const user = action.subject;
  const [role, setRole] = useState<string>('');
  const chosen = role || user?.role || '';
  return (
    <Dialog open={action.isOpen} onClose={() => !action.pending && action.cancel()} slotProps={{ transition: { onExited: () => setRole('') } }} aria-labelledby="role-title" fullWidth maxWidth="xs">
      <DialogTitle id="role-title">
        {ACTION_LABELS.role}: {user ? fullName(user) : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {action.state.context.error && <Alert severity="error">{action.state.context.error}</Alert>}
          <TextField label="New role" select value={chosen} onChange={(e) => setRole(e.target.value)}>
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
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
