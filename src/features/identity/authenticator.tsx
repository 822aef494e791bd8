// The sign-in component: tabs (Sign in / Create Account, the latter hidden with `hideSignUp`),
// the screen the machine is on, and the protected content once authenticated.
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { type Screen, selectScreen } from '../../../machines/identity/selectors.ts';
import { SIGN_OUT } from '../../../machines/identity/texts.ts';
import { type AuthState, useAuth, useAuthenticatorRef } from './auth-provider.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

// /login's first paint draws the sign-in screen (and the spinner before it); the other screens,
// and the tabs only shown when sign-up is offered, load on demand.
const FlowScreen = lazy(() => import('./screens.tsx').then((m) => ({ default: m.FlowScreen })));
const SignUpTabs = lazy(() => import('./sign-up-tabs.tsx').then((m) => ({ default: m.SignUpTabs })));

// Screens that wait for the identity service (or for the next step) show a spinner.
const WAITING: ReadonlySet<Screen> = new Set<Screen>(['idle', 'setup', 'signOut', 'autoSignIn', 'transition', 'authenticated']);

export interface AuthenticatorProps {
  /** Hides the Create Account tab (the product's /login has no self sign-up, spec §1). */
  hideSignUp?: boolean;
  usernamePlaceholder?: string;
  passwordPlaceholder?: string;
  /** What shows once authenticated; by default who is signed in and a Sign out button. */
  children?: ReactNode | ((auth: AuthState) => ReactNode);
}

export function Authenticator({ hideSignUp, usernamePlaceholder, passwordPlaceholder, children }: AuthenticatorProps) {
  const actor = useAuthenticatorRef();
  const auth = useAuth();
  const screen = useSelector(actor, selectScreen);

  if (screen === 'authenticated' && auth.status === 'authenticated') {
    if (typeof children === 'function') return <>{children(auth)}</>;
    return <>{children ?? <SignedIn auth={auth} />}</>;
  }

  return (
    <Box sx={{ width: '100%', maxWidth: '30rem', mx: 'auto' }} data-screen={screen}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Suspense fallback={<Spinner />}>
          {(screen === 'signIn' || screen === 'signUp') && !hideSignUp && <SignUpTabs actor={actor} screen={screen} />}
          <ScreenView key={screen} screen={screen} usernamePlaceholder={usernamePlaceholder} passwordPlaceholder={passwordPlaceholder} />
        </Suspense>
      </Paper>
    </Box>
  );
}

function ScreenView({ screen, usernamePlaceholder, passwordPlaceholder }: { screen: Screen; usernamePlaceholder?: string; passwordPlaceholder?: string }) {
  const actor = useAuthenticatorRef();
  if (screen === 'signIn') {
    return <SignInScreen actor={actor} usernamePlaceholder={usernamePlaceholder} passwordPlaceholder={passwordPlaceholder} />;
  }
  if (WAITING.has(screen)) return <Spinner />;
  return <FlowScreen actor={actor} screen={screen} />;
}

function Spinner() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

function SignedIn({ auth }: { auth: AuthState }) {
  return (
    <Box sx={{ width: '100%', maxWidth: '30rem', mx: 'auto', display: 'grid', gap: 2 }} data-screen="authenticated">
      <Typography>{auth.user?.email || auth.user?.username}</Typography>
      <Button variant="outlined" onClick={auth.signOut}>
        {SIGN_OUT}
      </Button>
    </Box>
  );
}
