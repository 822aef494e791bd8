// One labelled input bound to the authenticator's form: values, change and blur go to the
// machine; its field errors show under the input as alerts. The input is MUI's outlined text field
// put together from its parts (what TextField renders), because TextField also carries the whole
// Select (menu, popover, modal) that the sign-in form never shows; the country-code select of
// sign-up's phone field loads on demand.
import { Box, FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { FIELD_LABELS } from '../../../machines/identity/texts.ts';
import type { AuthenticatorRef } from './auth-provider.tsx';

const DialCodeSelect = lazy(() => import('./dial-code-select.tsx').then((m) => ({ default: m.DialCodeSelect })));

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
  const fieldLabel = label ?? FIELD_LABELS[name] ?? name;
  const input = (
    // TextField's outlined variant, part for part (class names and ids included).
    <FormControl className="MuiTextField-root" required fullWidth disabled={disabled} error={hasErrors}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {fieldLabel}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={fieldLabel}
        placeholder={placeholder}
        type={INPUT_TYPES[name] ?? 'text'}
        autoComplete={newPassword && name === 'password' ? 'new-password' : AUTOCOMPLETE[name]}
        value={value}
        fullWidth
        onChange={(e) => actor.send({ type: 'form.change', name, value: e.target.value })}
        onBlur={() => actor.send({ type: 'form.blur', name })}
        inputProps={{
          'aria-describedby': hasErrors ? errorId : undefined,
          'aria-invalid': hasErrors || undefined,
          inputMode: name === 'confirmation_code' ? 'numeric' : undefined,
        }}
      />
    </FormControl>
  );
  return (
    <Box>
      {name === 'phone_number' ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Suspense fallback={null}>
            <DialCodeSelect actor={actor} disabled={disabled} />
          </Suspense>
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
