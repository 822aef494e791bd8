// 'New client': the front desk's short form (name, email, phone, date of birth, gender). The
// server creates the sign-in account and emails the invitation; the toast says so.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { fieldError } from '../../lib/staff/confirm-dialog';
import type { ActionHandle } from '../../lib/staff/hooks';
import { CREATE_CLIENT, NEW_CLIENT } from './texts';

const EMPTY = { first_name: '', last_name: '', email: '', phone_number: '', date_of_birth: '', gender: '' };

export function NewClientDialog({ action }: { action: ActionHandle<null> }) {
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const err = (field: string) => fieldError(action, field);
  const ready = values.first_name.trim() && values.last_name.trim() && values.email.trim();
  return (
    <Dialog
      open={action.isOpen}
      onClose={() => !action.pending && action.cancel()}
      slotProps={{ transition: { onExited: () => setValues(EMPTY) } }}
      aria-labelledby="new-client-title"
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) action.submit({ ...values, gender: values.gender || null });
        }}
      >
        <DialogTitle id="new-client-title">{NEW_CLIENT}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {action.state.context.error && <Alert severity="error">{action.state.context.error}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="First name" required fullWidth autoFocus value={values.first_name} onChange={set('first_name')} error={!!err('first_name')} helperText={err('first_name')} />
              <TextField label="Last name" required fullWidth value={values.last_name} onChange={set('last_name')} error={!!err('last_name')} helperText={err('last_name')} />
            </Stack>
            <TextField label="Email" type="email" required value={values.email} onChange={set('email')} error={!!err('email')} helperText={err('email') ?? 'The invitation goes to this address.'} />
            <TextField label="Phone" placeholder="+919812345678" value={values.phone_number} onChange={set('phone_number')} error={!!err('phone_number')} helperText={err('phone_number') ?? 'International format, e.g. +919812345678'} />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Date of birth" type="date" fullWidth value={values.date_of_birth} onChange={set('date_of_birth')} slotProps={{ inputLabel: { shrink: true } }} error={!!err('date_of_birth')} helperText={err('date_of_birth')} />
              <TextField label="Gender" select fullWidth value={values.gender} onChange={set('gender')}>
                <MenuItem value="">Not specified</MenuItem>
                <MenuItem value="M">Male</MenuItem>
                <MenuItem value="F">Female</MenuItem>
              </TextField>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={action.cancel} disabled={action.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!ready || action.pending}>
            {action.pending ? 'Creating…' : CREATE_CLIENT}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
