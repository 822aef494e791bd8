// @vitest-environment happy-dom
// FormDialogFrame (src/lib/staff/form-dialog.tsx), the frame every staff form dialog shares: the
// title names the dialog, the server's refusal stands above the fields, the submit waits for the
// required fields and, while what was sent is on its way, shows progress and neither it nor the
// dismissing button (nor Escape) can be used.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialogFrame } from '../../../../src/lib/staff/form-dialog.tsx';

afterEach(cleanup);

function mount(state: { ready?: boolean; pending?: boolean; error?: string | null; cancelLabel?: string }) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <FormDialogFrame
      open
      pending={state.pending ?? false}
      error={state.error ?? null}
      onCancel={onCancel}
      id="t"
      title="Advance received"
      submitLabel="Issue receipt"
      pendingLabel="Saving…"
      cancelLabel={state.cancelLabel}
      ready={state.ready ?? true}
      onSubmit={onSubmit}
    >
      <input aria-label="Amount" />
    </FormDialogFrame>,
  );
  return { onSubmit, onCancel, dialog: within(screen.getByRole('dialog', { name: 'Advance received' })) };
}

describe('FormDialogFrame', () => {
  it('submits once the fields are ready, and is dismissed by its button or Escape', () => {
    const { onSubmit, onCancel, dialog } = mount({ cancelLabel: 'Close' });
    fireEvent.click(dialog.getByRole('button', { name: 'Issue receipt' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('waits for the required fields: Enter in a field sends nothing', () => {
    const { onSubmit, dialog } = mount({ ready: false });
    expect((dialog.getByRole('button', { name: 'Issue receipt' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(dialog.getByLabelText('Amount'));
    expect(onSubmit).not.toHaveBeenCalled();
    dialog.getByRole('button', { name: 'Cancel' });
  });

  it('while pending shows progress, and neither sends again nor closes', () => {
    const { onSubmit, onCancel, dialog } = mount({ pending: true, error: 'The clinic does not offer this rate.' });
    expect((dialog.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((dialog.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(dialog.getByLabelText('Amount'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(dialog.getByRole('alert').textContent).toBe('The clinic does not offer this rate.');
  });
});
