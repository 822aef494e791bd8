// The country code in front of sign-up's phone number field, bound to the authenticator's form.
// Its own module: MUI's Select (menu, popover, modal) loads only when a phone field shows.
import { MenuItem, TextField } from '@mui/material';
import { useSelector } from '@xstate/react';
import { DEFAULT_DIAL_CODE, DIAL_CODES } from '../../../machines/rules/dial-codes.ts';
import { FIELD_LABELS } from '../../../machines/identity/texts.ts';
import type { AuthenticatorRef } from './auth-provider.tsx';

const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 300 } } } };

export function DialCodeSelect({ actor, disabled }: { actor: AuthenticatorRef; disabled?: boolean }) {
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
