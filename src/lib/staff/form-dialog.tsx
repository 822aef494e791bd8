// A staff form in a dialog (New client, New user, Enrol, a program, a payment, a credit note): the
// title, the server's refusal above the fields, Cancel, and a submit button that shows progress.
// `FormDialogFrame` takes what it shows from whichever chart decides when it is open, pending or
// refused; `FormDialog` binds it to the staff action machine's handle, as most forms use.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { ActionHandle } from './hooks.ts';

interface FormDialogFields {
  id: string;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  /** Whether the required fields are filled in (the submit button waits for them). */
  ready: boolean;
  onSubmit: () => void;
  /** Called once the dialog has closed, to clear the form for next time. */
  onExited?: () => void;
  maxWidth?: 'xs' | 'sm';
  /** The dismissing button's words (default "Cancel"). */
  cancelLabel?: string;
  /** A submit that takes something back (a credit note) is coloured as such. */
  submitColor?: 'primary' | 'error';
  children: ReactNode;
}

export function FormDialogFrame(
  props: FormDialogFields & {
    open: boolean;
    /** What was sent is on its way: nothing else is sent, and the dialog stays. */
    pending: boolean;
    /** The server's refusal, said above the fields. */
    error: string | null;
    onCancel: () => void;
  },
) {
  return (
    <Dialog
      open={props.open}
      onClose={() => !props.pending && props.onCancel()}
      slotProps={{ transition: { onExited: props.onExited } }}
      aria-labelledby={`${props.id}-title`}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (props.ready && !props.pending) props.onSubmit();
        }}
      >
        <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {props.error && <Alert severity="error">{props.error}</Alert>}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel} disabled={props.pending}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" color={props.submitColor ?? 'primary'} disabled={!props.ready || props.pending}>
            {props.pending ? props.pendingLabel : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The form of a staff action (src/lib/staff/hooks.ts `useAction`): open, pending and refused as its machine says. */
export function FormDialog<S>({ action, ...fields }: FormDialogFields & { action: ActionHandle<S> }) {
  return <FormDialogFrame {...fields} open={action.isOpen} pending={action.pending} error={action.error} onCancel={action.cancel} />;
}
