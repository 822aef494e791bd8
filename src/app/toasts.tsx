// The toasts of the whole app (notistack): top-right, 5000 ms, three at most (spec §2, §9); on a
// phone (below 600 px) at the bottom instead, where they cover neither the top bar's menu and
// clinic name nor the page's title (issue 32: the online-booking toast hid both at 360 px). Loaded
// on demand with /config.json (app-root.tsx): the boot screen and /login's first paint do not
// need it, and pages reach it through notistack's own useSnackbar, the shell through useNotify.
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider, useSnackbar } from 'notistack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useCallback } from 'react';
import { type Notify, NotifyContext } from './notify.ts';

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

/** Below this width a toast at the top would lie over the menu, the clinic's name and the page title. */
export const PHONE_TOASTS_QUERY = '(max-width: 599.95px)';

export function ToastProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  return (
    <SnackbarProvider
      anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOAST_DURATION_MS}
      maxSnack={3}
      Components={TOAST_COMPONENTS}
    >
      <ShellNotify>{children}</ShellNotify>
    </SnackbarProvider>
  );
}

function ShellNotify({ children }: { children: ReactNode }) {
  const { enqueueSnackbar } = useSnackbar();
  const notify: Notify = useCallback((text, variant) => void enqueueSnackbar(text, { variant }), [enqueueSnackbar]);
  return <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>;
}
