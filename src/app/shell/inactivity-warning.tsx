// Automatic logoff (HIPAA 164.312(a)(2)(iii)): renders the app machine's `inactivity` child.
// Any input counts as activity (the app machine's activity watcher) and dismisses the warning.
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSelector } from '@xstate/react';
import { selectInactivity } from '../../../machines/app/selectors.ts';
import { selectInactivityWarning } from '../../../machines/app/shell-selectors.ts';
import { INACTIVITY_WARNING_TITLE, inactivityWarningText } from '../shell-text.ts';
import { modalRoot } from './modal-root.ts';
import { useShell } from './shell-context.tsx';

export function InactivityWarning() {
  const { app } = useShell();
  const inactivity = useSelector(app, selectInactivity);
  const warning = useSelector(inactivity, selectInactivityWarning);
  const warningMs = useSelector(app, (s) => s.context.inactivity.warningMs);
  return (
    <Dialog open={warning} container={modalRoot} aria-labelledby="inactivity-title" aria-describedby="inactivity-text" data-testid="inactivity-warning">
      <DialogTitle id="inactivity-title">{INACTIVITY_WARNING_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-text" role="alert">
          {inactivityWarningText(Math.round(warningMs / 1000))}
        </DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
