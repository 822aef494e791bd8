// One labelled input bound to the authenticator's form: values, change and blur go to the
// machine; its field errors show under the input as alerts.
import { Box, FormControlLabel, FormHelperText, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { DEFAULT_DIAL_CODE, DIAL_CODES } from '../../../machines/rules/dial-codes.ts';
import { FIELD_LABELS } from '../../../machines/sign-in/texts.ts';
import type { AuthenticatorRef } from './auth-provider.tsx';

const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 300 } } } };

const INPUT_TYPES: Record<string, string> = {
  // §2: the username field is email-style (the clinic signs in by email).
  username: 'email',
  password: 'password',
  confirm_password: 'password',
  email: 'email',
  phone_number: 'tel',
  birthdate: 'date',
  profile: 'url',
  website: 'url',
};

const AUTOCOMPLETE: Record<string, string> = {
  username: 'username',
  email: 'email',
  password: 'current-password',
  confirm_password: 'new-password',
  confirmation_code: 'one-time-code',
  phone_number: 'tel-national',
};

export interface FieldProps {
  actor: AuthenticatorRef;
  name: string;
  /** Sign-in's own placeholders (§2); other forms have none. */
  placeholder?: string;
  label?: string;
  newPassword?: boolean;
  disabled?: boolean;
}

export function FormField({ actor, name, placeholder, label, newPassword, disabled }: FieldProps) {
  const value = useSelector(actor, (s) => s.context.values[name] ?? '');
  const errors = useSelector(actor, (s) => s.context.fieldErrors[name]);
  const id = `auth-${name}`;
  const errorId = `${id}-error`;
  const hasErrors = Boolean(errors?.length);
  const input = (
    <TextField
      id={id}
      name={name}
      label={label ?? FIELD_LABELS[name] ?? name}
      placeholder={placeholder}
      type={INPUT_TYPES[name] ?? 'text'}
      autoComplete={newPassword && name === 'password' ? 'new-password' : AUTOCOMPLETE[name]}
      value={value}
      required
      fullWidth
      disabled={disabled}
      error={hasErrors}
      onChange={(e) => actor.send({ type: 'form.change', name, value: e.target.value })}
      onBlur={() => actor.send({ type: 'form.blur', name })}
      slotProps={{
        htmlInput: {
          'aria-describedby': hasErrors ? errorId : undefined,
          'aria-invalid': hasErrors || undefined,
          inputMode: name === 'confirmation_code' ? 'numeric' : undefined,
        },
      }}
    />
  );
  return (
    <Box>
      {name === 'phone_number' ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <DialCodeSelect actor={actor} disabled={disabled} />
          {input}
        </Box>
      ) : (
        input
      )}
      {hasErrors && (
        <Box id={errorId}>
          {errors!.map((message) => (
            <FormHelperText key={message} role="alert" error>
              {message}
            </FormHelperText>
          ))}
        </Box>
      )}
    </Box>
  );
}

function DialCodeSelect({ actor, disabled }: { actor: AuthenticatorRef; disabled?: boolean }) {
  const value = useSelector(actor, (s) => s.context.values.country_code ?? DEFAULT_DIAL_CODE);
  return (
    <TextField
      select
      id="auth-country_code"
      label={FIELD_LABELS.country_code}
      value={value}
      disabled={disabled}
      sx={{ minWidth: '7rem' }}
      onChange={(e) => actor.send({ type: 'form.change', name: 'country_code', value: e.target.value })}
      slotProps={{ select: { MenuProps: MENU_PROPS } }}
    >
      {DIAL_CODES.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A choice bound to the authenticator's form (a contact to verify, an MFA type): value, change and blur go to the machine. */
export interface RadioFieldProps {
  actor: AuthenticatorRef;
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
}

export function RadioField({ actor, name, label, options }: RadioFieldProps) {
  const value = useSelector(actor, (s) => s.context.values[name] ?? '');
  const errors = useSelector(actor, (s) => s.context.fieldErrors[name]);
  return (
    <>
      <RadioGroup
        aria-label={label}
        name={name}
        value={value}
        onChange={(e) => actor.send({ type: 'form.change', name, value: e.target.value })}
        onBlur={() => actor.send({ type: 'form.blur', name })}
      >
        {options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
        ))}
      </RadioGroup>
      {errors?.map((message) => (
        <FormHelperText key={message} role="alert" error>
          {message}
        </FormHelperText>
      ))}
    </>
  );
}
