// The client's profile, editable by every staff role: only changed fields are sent, under the
// same rules as the portal's profile page and the server (machines/rules/profile-rules.ts).
import { Alert, Button, Grid, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { PHONE_PROFILE_FIELDS, profilePatchOf } from '../../../../machines/rules/profile-rules.ts';
import { DateField } from '../../../lib/date-field.tsx';
import { CONTACT_METHOD_LABELS, postalCodeLabel } from '../../../lib/labels.ts';
import { PhoneField } from '../../../lib/staff/phone-field.tsx';
import type { Profile, ProfilePatch } from '../clients-api.ts';
import { useProfileSave } from './details-hooks.ts';
import { SAVE_PROFILE } from './texts.ts';

type Field = { name: keyof ProfilePatch & keyof Profile; label: string; type?: string; options?: Array<[string, string]> };

const FIELDS: Field[] = [
  { name: 'title', label: 'Title' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  {
    name: 'gender',
    label: 'Gender',
    options: [
      ['', 'Not specified'],
      ['M', 'Male'],
      ['F', 'Female'],
    ],
  },
  { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { name: 'phone_number', label: 'Phone' },
  { name: 'alternate_phone', label: 'Alternate phone' },
  { name: 'alternate_email', label: 'Alternate email' },
  { name: 'preferred_contact_method', label: 'Preferred contact', options: Object.entries(CONTACT_METHOD_LABELS) },
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zipcode', label: 'Postal code' },
  { name: 'country', label: 'Country' },
  { name: 'occupation', label: 'Occupation' },
  { name: 'organization', label: 'Organization' },
  { name: 'emergency_contact_name', label: 'Emergency contact' },
  { name: 'emergency_contact_relation', label: 'Relation' },
  { name: 'emergency_contact_number', label: 'Emergency number' },
  { name: 'abha_number', label: 'ABHA number' },
  // Shown on the record's banner and on every appointment (issue 24).
  { name: 'allergies', label: 'Allergies' },
  { name: 'alert_notes', label: 'Alert notes' },
];

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function ProfileSection({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const initial = Object.fromEntries(FIELDS.map((f) => [f.name, asText(profile[f.name])]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const changed = Object.keys(profilePatchOf(values, profile as unknown as Record<string, unknown>)).length > 0;
  const save = useProfileSave(profile.client_id, profile as unknown as Record<string, unknown>, onSaved);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save.save(values);
      }}
    >
      {save.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {save.error}
        </Alert>
      )}
      <Grid container spacing={2}>
        {FIELDS.map((f) => {
          const err = save.fieldErrors[f.name]?.join(' ');
          if ((PHONE_PROFILE_FIELDS as readonly string[]).includes(f.name)) {
            return (
              <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
                <PhoneField
                  label={f.label}
                  name={f.name}
                  value={values[f.name]}
                  onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
                  error={!!err}
                  helperText={err}
                />
              </Grid>
            );
          }
          if (f.type === 'date') {
            return (
              <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
                <DateField
                  fullWidth
                  size="small"
                  name={f.name}
                  label={f.label}
                  value={values[f.name]}
                  onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
                  disableFuture
                  error={!!err}
                  helperText={err}
                />
              </Grid>
            );
          }
          return (
            <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <TextField
                fullWidth
                size="small"
                name={f.name}
                label={f.name === 'zipcode' ? postalCodeLabel() : f.label}
                select={!!f.options}
                value={values[f.name]}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
                error={!!err}
                helperText={err}
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
        <Button type="submit" variant="contained" disabled={!changed || save.pending}>
          {save.pending ? 'Saving…' : SAVE_PROFILE}
        </Button>
        <Button
          disabled={!changed || save.pending}
          onClick={() => {
            // The refusal belonged to the discarded edit: its banner and field reasons go with it.
            save.cancel();
            setValues(initial);
          }}
        >
          Discard changes
        </Button>
      </Stack>
    </form>
  );
}
