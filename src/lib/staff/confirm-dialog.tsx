// A confirmation for one staff action (deactivate, resend, reset, ...): what will happen, a
// Cancel, and a confirm button that shows progress; the server's refusal stays in the dialog.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import type { ActionHandle } from './hooks.ts';

export function ConfirmDialog<S>({
  action,
  title,
  confirmLabel,
  children,
}: {
  action: ActionHandle<S>;
  title: string;
  confirmLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={action.isOpen} onClose={() => !action.pending && action.cancel()} aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {action.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {action.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={action.cancel} disabled={action.pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => action.submit()} disabled={action.pending}>
          {action.pending ? 'Working…' : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The server's reason for one field, for a TextField's helperText. */
export function fieldError(action: { fieldErrors: Record<string, string[]> }, field: string): string | undefined {
  return action.fieldErrors[field]?.join(' ');
}
