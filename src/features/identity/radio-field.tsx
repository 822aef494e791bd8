// A choice bound to the authenticator's form (a contact to verify, an MFA type), used by the
// screens after sign-in's first step, which load on demand.
import { FormControlLabel, FormHelperText, Radio, RadioGroup } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { AuthenticatorRef } from './auth-provider.tsx';

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
