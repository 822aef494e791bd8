// The person fields of the staff pages' "new account" dialogs (New client, New user): first and
// last name, the email the invitation goes to, and the phone (starting with the clinic's dial
// code); each shows the reason it was refused.
import { Stack, TextField } from '@mui/material';
import { fieldError } from '../../lib/staff/confirm-dialog.tsx';
import { PhoneField } from '../../lib/staff/phone-field.tsx';
import type { PersonValues } from '../../../machines/staff/account-forms.ts';

export { EMPTY_PERSON, personReady } from '../../../machines/staff/account-forms.ts';

export const PERSON_TEXT = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  emailHelp: 'The invitation goes to this address.',
} as const;

export function PersonFields({
  values,
  onChange,
  fieldErrors,
}: {
  values: PersonValues;
  onChange: (field: keyof PersonValues, value: string) => void;
  fieldErrors: Record<string, string[]>;
}) {
  const err = (field: string) => fieldError({ fieldErrors }, field);
  const set = (field: keyof PersonValues) => (e: { target: { value: string } }) => onChange(field, e.target.value);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={PERSON_TEXT.firstName}
          required
          fullWidth
          autoFocus
          value={values.first_name}
          onChange={set('first_name')}
          error={!!err('first_name')}
          helperText={err('first_name')}
        />
        <TextField
          label={PERSON_TEXT.lastName}
          required
          fullWidth
          value={values.last_name}
          onChange={set('last_name')}
          error={!!err('last_name')}
          helperText={err('last_name')}
        />
      </Stack>
      <TextField
        label={PERSON_TEXT.email}
        type="email"
        required
        value={values.email}
        onChange={set('email')}
        error={!!err('email')}
        helperText={err('email') ?? PERSON_TEXT.emailHelp}
      />
      <PhoneField
        label={PERSON_TEXT.phone}
        name="phone_number"
        value={values.phone_number}
        onChange={(value) => onChange('phone_number', value)}
        error={!!err('phone_number')}
        helperText={err('phone_number')}
      />
    </>
  );
}
