// The app's root: MUI theme, toasts, and the boot machine (machines/app/boot-machine.ts: loading
// /config.json, then the identity service configured from it). Once booted, the sign-in
// component's AuthProvider and the app shell render. Toasts: top-right, 5000 ms (spec §2, §9).
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { SnackbarProvider } from 'notistack';
import type { RuntimeConfig } from '../../openapi/runtime-config';
import { AuthProvider, useAuthenticatorRef } from '../features/sign-in/auth-provider';
import { LoginPage } from '../features/sign-in/login-page';
import { BootScreen } from './boot-screen';
import { AppShell } from './shell/app-shell';
import { bootLogic } from './shell/app-api';
import { theme } from './theme';

export const TOAST_DURATION_MS = 5000;

export function AppRoot({ logic = bootLogic }: { logic?: typeof bootLogic }) {
  const boot = useActorRef(logic);
  const config = useSelector(boot, (s) => (s.matches('ready') ? (s.context.config as RuntimeConfig) : null));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={TOAST_DURATION_MS} maxSnack={3}>
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
  return <AppShell config={config} authenticator={authenticator} loginPage={<LoginPage />} />;
}
