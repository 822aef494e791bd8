// The toasts of the whole app (notistack): top-right, 5000 ms, three at most (spec §2, §9). Loaded
// on demand with /config.json (app-root.tsx): the boot screen and /login's first paint do not
// need it, and pages reach it through notistack's own useSnackbar, the shell through useNotify.
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useCallback } from 'react';
import { type Notify, NotifyContext } from './notify';

export const TOAST_DURATION_MS = 5000;

// notistack's own variant colours put white text on #43a047 / #2196f3 / #ff9800, below the
// 4.5:1 contrast WCAG AA asks for; these darker shades keep the meaning and pass (7:1 or more).
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#7c4a03' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});
const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} maxSnack={3} Components={TOAST_COMPONENTS}>
      <ShellNotify>{children}</ShellNotify>
    </SnackbarProvider>
  );
}

function ShellNotify({ children }: { children: ReactNode }) {
  const { enqueueSnackbar } = useSnackbar();
  const notify: Notify = useCallback((text, variant) => void enqueueSnackbar(text, { variant }), [enqueueSnackbar]);
  return <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>;
}
