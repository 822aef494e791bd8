// The app's root: MUI theme and the boot machine (machines/app/boot-machine.ts: loading
// /config.json, then the identity service configured from it). Once booted, the toasts, the
// sign-in component's AuthProvider and the app shell render.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../lib/page-actor.ts';
import type { RuntimeConfig } from '../../openapi/runtime-config.ts';
import { AuthProvider, LoginPage, useAuthenticatorRef } from '../features/identity/shell.ts';
import { BootScreen } from './boot-screen.tsx';
import { deferred } from './deferred.tsx';
import { LoadingPage } from './pages/loading-page.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { bootLogic } from './shell/app-api.ts';
import { selectBootConfig } from '../../machines/app/shell-selectors.ts';
import { theme } from './theme.ts';

// The toast library is not part of the first paint: it downloads while /config.json loads (the
// boot screen shows meanwhile), so it is normally in before the app renders.
const ToastProvider = deferred(async () => (await import('./toasts.tsx')).ToastProvider, <LoadingPage />);
void ToastProvider.preload().catch(() => {
  // Rendering tries again.
});

export function AppRoot({ logic = bootLogic }: { logic?: typeof bootLogic }) {
  const boot = usePageActor(logic);
  const config = useSelector(boot, selectBootConfig) as RuntimeConfig | null;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {config ? (
        <ToastProvider>
          <AuthProvider>
            <SignedInApp config={config} />
          </AuthProvider>
        </ToastProvider>
      ) : (
        <BootScreen boot={boot} />
      )}
    </ThemeProvider>
  );
}

function SignedInApp({ config }: { config: RuntimeConfig }) {
  const authenticator = useAuthenticatorRef();
  return <AppShell config={config} authenticator={authenticator} loginPage={<LoginPage clinicName={config.clinicName} clinicLogo={config.clinicLogo} />} />;
}
