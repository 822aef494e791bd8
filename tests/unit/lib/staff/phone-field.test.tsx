// @vitest-environment happy-dom
// PhoneField (src/lib/staff/phone-field.tsx): the number after the clinic's dial code is stored as
// one string of digits, "+919812345678", however a person spaces it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneField } from '../../../../src/lib/staff/phone-field.tsx';

afterEach(cleanup);

function Form({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <PhoneField
      label="Phone"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('PhoneField', () => {
  it('puts the clinic dial code in front and leaves out the spaces and dashes a number is written with', () => {
    const seen: string[] = [];
    render(<Form seen={seen} />);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '98123 45-678' } });
    expect(seen.at(-1)).toBe('+919812345678');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('9812345678');
  });

  it('keeps a number pasted with its own code, and gives nothing for an empty box', () => {
    const seen: string[] = [];
    render(<Form seen={seen} />);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+44 20 7946 0958' } });
    expect(seen.at(-1)).toBe('+442079460958');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: ' ' } });
    expect(seen.at(-1)).toBe('');
  });
});
