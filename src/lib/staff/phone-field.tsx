// A phone number as a dial code and the number: the code starts as the clinic's (+91 in India)
// and the value given back is the stored form, "+919812345678" (empty while no number is typed).
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DIAL_CODES, splitPhoneNumber } from '../../../machines/rules/dial-codes.ts';
import { clinicFormat } from '../format.ts';

export function PhoneField({
  label,
  name,
  value,
  onChange,
  error,
  helperText,
  size = 'small',
}: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: boolean;
  helperText?: string;
  /** As the form's other fields. */
  size?: 'small' | 'medium';
}) {
  const split = splitPhoneNumber(value, clinicFormat().dialCode);
  // The chosen code is kept while the number is empty (an empty value carries no code).
  const [dial, setDial] = useState(split.dial);
  const number = value ? split.number : '';
  const code = value ? split.dial : dial;
  // A number typed or pasted with its own code ("+44 20 …") is taken as it is. Spaces, dashes, dots
  // and brackets people write numbers with ("98123 45678") are not part of the stored number.
  const emit = (nextDial: string, nextNumber: string) => {
    const typed = nextNumber.replace(/[\s\-.()]/g, '');
    onChange(!typed ? '' : typed.startsWith('+') ? typed : `${nextDial}${typed}`);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
      <TextField
        select
        size={size}
        label="Code"
        name={name ? `${name}__dial` : undefined}
        value={code}
        onChange={(e) => {
          setDial(e.target.value);
          emit(e.target.value, number);
        }}
        sx={{ width: 110, flexShrink: 0 }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
      >
        {DIAL_CODES.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        size={size}
        label={label}
        name={name}
        value={number}
        inputMode="tel"
        onChange={(e) => emit(code, e.target.value)}
        error={error}
        helperText={helperText}
      />
    </Stack>
  );
}
