// A number typed into a form, with its reason below it when refused (the form's rules or the
// server's, by field) and otherwise its hint. The value stays the text typed: the form's rules
// read it, so '' (left empty) and a half-typed number reach them as they are.
import { TextField } from '@mui/material';

export interface NumberFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the value was refused; nothing while it is not. */
  error?: string;
  /** What the field says while nothing is wrong. */
  hint?: string;
  required?: boolean;
  size?: 'small' | 'medium';
}

export function NumberField({ label, value, onChange, error, hint, required, size }: NumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      required={required}
      size={size}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? hint}
    />
  );
}
