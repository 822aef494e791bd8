// A staff form in a dialog (New client, New user, Enrol, a program): the title, the server's
// refusal above the fields, Cancel, and a submit button that shows progress. The action machine
// behind it decides when it is open, pending or refused.
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { ActionHandle } from './hooks.ts';

export function FormDialog<S>(props: {
  action: ActionHandle<S>;
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
  children: ReactNode;
}) {
  const { action } = props;
  return (
    <Dialog
      open={action.isOpen}
      onClose={() => !action.pending && action.cancel()}
      slotProps={{ transition: { onExited: props.onExited } }}
      aria-labelledby={`${props.id}-title`}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (props.ready) props.onSubmit();
        }}
      >
        <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {action.error && <Alert severity="error">{action.error}</Alert>}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={action.cancel} disabled={action.pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!props.ready || action.pending}>
            {action.pending ? props.pendingLabel : props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
