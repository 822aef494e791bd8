// 'New client': the front desk's short form (name, email, phone, date of birth, gender). The
// server creates the sign-in account and emails the invitation; the toast says so.
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../lib/date-field.tsx';
import { fieldError } from '../../lib/staff/confirm-dialog.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';
import { EMPTY_PERSON, PersonFields, personReady } from './person-fields.tsx';
import { CREATE_CLIENT, NEW_CLIENT } from './texts.ts';

const EMPTY = { ...EMPTY_PERSON, date_of_birth: '', gender: '' };

export function NewClientDialog({ action }: { action: ActionHandle<null> }) {
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const err = (field: string) => fieldError(action, field);
  return (
    <FormDialog
      action={action}
      id="new-client"
      title={NEW_CLIENT}
      submitLabel={CREATE_CLIENT}
      pendingLabel="Creating…"
      ready={personReady(values)}
      onSubmit={() => action.submit({ ...values, gender: values.gender || null })}
      onExited={() => setValues(EMPTY)}
    >
      <PersonFields values={values} onChange={set} fieldErrors={action.fieldErrors} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          label="Date of birth"
          fullWidth
          value={values.date_of_birth}
          onChange={(value) => set('date_of_birth', value)}
          disableFuture
          error={!!err('date_of_birth')}
          helperText={err('date_of_birth')}
        />
        <TextField label="Gender" select fullWidth value={values.gender} onChange={(e) => set('gender', e.target.value)}>
          <MenuItem value="">Not specified</MenuItem>
          <MenuItem value="M">Male</MenuItem>
          <MenuItem value="F">Female</MenuItem>
        </TextField>
      </Stack>
    </FormDialog>
  );
}
