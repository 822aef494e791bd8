// The providers every screen shares (theme, toasts) around the boot sequence: the runtime
// configuration loads first (aws-amplify is configured from it), then the sign-in component's
// AuthProvider and the app shell render. Toasts: top-right, 5000 ms (spec §2, §9).
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { useEffect, useState } from 'react';
import type { RuntimeConfig } from '../../openapi/runtime-config';
import { configureAmplify, fetchVersion, hasUserPool, loadRuntimeConfig } from '../lib/runtime-config';
import { AuthProvider, useAuth } from '../features/sign-in/auth-provider';
import { LoginPage } from '../features/sign-in/login-page';
import { BootScreen } from './boot-screen';
import { AppShell } from './shell/app-shell';
import { theme } from './theme';

export const TOAST_DURATION_MS = 5000;

type Boot =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig; version: string | null }
  | { status: 'failed'; reason: 'configuration' | 'network' };

export function AppRoot() {
  const [boot, setBoot] = useState<Boot>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadRuntimeConfig(), fetchVersion().catch(() => null)])
      .then(([config, version]) => {
        if (cancelled) return;
        if (!hasUserPool(config)) {
          console.error('The runtime configuration names no user pool:', config.amplify);
          setBoot({ status: 'failed', reason: 'configuration' });
          return;
        }
        configureAmplify(config);
        setBoot({ status: 'ready', config, version: version?.version ?? null });
      })
      .catch((error: unknown) => {
        console.error('Could not load /config.json', error);
        if (!cancelled) setBoot({ status: 'failed', reason: 'network' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={TOAST_DURATION_MS}
        maxSnack={3}
      >
        {boot.status === 'ready' ? (
          <AuthProvider>
            <SignedInApp config={boot.config} />
          </AuthProvider>
        ) : (
          <BootScreen boot={boot} />
        )}
      </SnackbarProvider>
    </ThemeProvider>
  );
}

function SignedInApp({ config }: { config: RuntimeConfig }) {
  const auth = useAuth();
  return <AppShell config={config} auth={auth} loginPage={<LoginPage />} />;
}
