// The app's root: MUI theme, toasts, and the boot machine (machines/app/boot-machine.ts: loading
// /config.json, then the identity service configured from it). Once booted, the sign-in
// component's AuthProvider and the app shell render. Toasts: top-right, 5000 ms (spec §2, §9).
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { RuntimeConfig } from '../../openapi/runtime-config';
import { AuthProvider, useAuthenticatorRef } from '../features/sign-in/auth-provider';
import { LoginPage } from '../features/sign-in/login-page';
import { BootScreen } from './boot-screen';
import { AppShell } from './shell/app-shell';
import { bootLogic } from './shell/app-api';
import { theme } from './theme';

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

export function AppRoot({ logic = bootLogic }: { logic?: typeof bootLogic }) {
  const boot = useActorRef(logic);
  const config = useSelector(boot, (s) => (s.matches('ready') ? (s.context.config as RuntimeConfig) : null));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} maxSnack={3} Components={TOAST_COMPONENTS}>
        {config ? (
          <AuthProvider>
            <SignedInApp config={config} />
          </AuthProvider>
        ) : (
          <BootScreen boot={boot} />
        )}
      </SnackbarProvider>
    </ThemeProvider>
  );
}

function SignedInApp({ config }: { config: RuntimeConfig }) {
  const authenticator = useAuthenticatorRef();
  return <AppShell config={config} authenticator={authenticator} loginPage={<LoginPage clinicName={config.clinicName} clinicLogo={config.clinicLogo} />} />;
}
