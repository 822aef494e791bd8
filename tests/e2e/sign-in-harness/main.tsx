// A test-only page: the sign-in component with its Create Account tab, configured exactly as
// the app does (runtime config → aws-amplify with the identity endpoint). The product's /login
// hides sign-up (spec §1); this page is how the end-to-end suite reaches that flow.
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createRoot } from 'react-dom/client';
import { theme } from '../../../src/app/theme.ts';
import { AuthProvider } from '../../../src/features/identity/auth-provider.tsx';
import { Authenticator } from '../../../src/features/identity/authenticator.tsx';
import { configureAmplify, loadRuntimeConfig } from '../../../src/lib/runtime-config.ts';

const config = await loadRuntimeConfig();
configureAmplify(config);
createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <main style={{ padding: 16 }}>
      <AuthProvider>
        <Authenticator />
      </AuthProvider>
    </main>
  </ThemeProvider>,
);
