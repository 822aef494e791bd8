// The client's profile, editable by every staff role: only changed fields are sent.
import { Alert, Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useShell } from '../../app/shell/shell-context';
import { useAction } from '../../lib/staff/hooks';
import { type Profile, type ProfilePatch, patchProfile } from './details-api';
import { PROFILE_SAVED, SAVE_PROFILE } from './texts';

type Field = { name: keyof ProfilePatch & keyof Profile; label: string; type?: string; options?: Array<[string, string]> };

const FIELDS: Field[] = [
  { name: 'title', label: 'Title' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'gender', label: 'Gender', options: [['', 'Not specified'], ['M', 'Male'], ['F', 'Female']] },
  { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { name: 'phone_number', label: 'Phone' },
  { name: 'alternate_phone', label: 'Alternate phone' },
  { name: 'alternate_email', label: 'Alternate email' },
  { name: 'preferred_contact_method', label: 'Preferred contact', options: [['phone', 'Phone'], ['email', 'Email'], ['sms', 'SMS'], ['whatsapp', 'WhatsApp']] },
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipcode', label: 'PIN code' },
  { name: 'country', label: 'Country' },
  { name: 'occupation', label: 'Occupation' },
  { name: 'organization', label: 'Organization' },
  { name: 'emergency_contact_name', label: 'Emergency contact' },
  { name: 'emergency_contact_relation', label: 'Relation' },
  { name: 'emergency_contact_number', label: 'Emergency number' },
  { name: 'abha_number', label: 'ABHA number' },
];

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function ProfileSection({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const initial = Object.fromEntries(FIELDS.map((f) => [f.name, asText(profile[f.name])]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const changed = FIELDS.filter((f) => values[f.name] !== initial[f.name]);
  const save = useAction<null>(
    (_s, body) => patchProfile(api, profile.client_id, body as ProfilePatch),
    () => {
      enqueueSnackbar(PROFILE_SAVED, { variant: 'success' });
      onSaved();
    },
  );
  const submit = () => {
    const body: Record<string, unknown> = {};
    for (const f of changed) {
      const v = values[f.name].trim();
      // Names and the contact method cannot be empty; other fields are cleared with null.
      body[f.name] = v === '' && !['first_name', 'last_name', 'preferred_contact_method'].includes(f.name) ? null : f.name === 'phone_number' || f.name.endsWith('_phone') || f.name === 'emergency_contact_number' ? v.replace(/[^\d+]/g, '') || null : v;
    }
    save.open(null);
    save.submit(body);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (changed.length) submit();
      }}
    >
      {save.state.context.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.state.context.error}
        </Alert>
      )}
      <Grid container spacing={2}>
        {FIELDS.map((f) => {
          const err = save.state.context.fieldErrors[f.name]?.join(' ');
          return (
            <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                name={f.name}
                label={f.label}
                type={f.type ?? 'text'}
                select={!!f.options}
                value={values[f.name]}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                error={!!err}
                helperText={err}
                slotProps={f.type === 'date' ? { inputLabel: { shrink: true } } : undefined}
              >
                {f.options?.map(([value, label]) => (
                  <MenuItem key={value} value={value}>
                    {label}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          );
        })}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!changed.length || save.pending}>
          {save.pending ? 'Saving…' : SAVE_PROFILE}
        </Button>
        <Button disabled={!changed.length || save.pending} onClick={() => setValues(initial)}>
          Discard changes
        </Button>
      </Stack>
    </form>
  );
}
