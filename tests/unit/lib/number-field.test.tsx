// @vitest-environment happy-dom
// The back office's number field: the reason it was refused under it while it is, its hint
// otherwise, and the text typed handed on as typed (the form's rules read it).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField } from '../../../src/lib/number-field.tsx';

afterEach(cleanup);

describe('NumberField', () => {
  it('shows its hint, and the refusal instead while there is one', () => {
    const { rerender } = render(<NumberField label="Valid for (days)" value="" onChange={() => {}} hint="Empty: no expiry" />);
    const input = screen.getByLabelText('Valid for (days)');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Empty: no expiry')).toBeTruthy();
    rerender(
      <NumberField label="Valid for (days)" value="0" onChange={() => {}} hint="Empty: no expiry" error="Ensure this value is greater than or equal to 1." />,
    );
    expect(screen.getByLabelText('Valid for (days)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
    expect(screen.queryByText('Empty: no expiry')).toBeNull();
  });

  it('hands on the text typed', () => {
    const onChange = vi.fn();
    render(<NumberField label="Sessions" required value="" onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: /Sessions/ });
    expect(input.getAttribute('type')).toBe('number');
    fireEvent.change(input, { target: { value: '12' } });
    expect(onChange).toHaveBeenCalledWith('12');
  });
});
