// The sign-in component: tabs (Sign in / Create Account, the latter hidden with `hideSignUp`),
// the screen the machine is on, and the protected content once authenticated.
import { Box, Button, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { type Screen, selectScreen } from '../../../machines/sign-in/selectors.ts';
import { SIGN_OUT, TEXTS } from '../../../machines/sign-in/texts.ts';
import { type AuthState, useAuth, useAuthenticatorRef } from './auth-provider.tsx';
import {
  ConfirmResetPasswordScreen,
  ConfirmSignInScreen,
  ConfirmSignUpScreen,
  ConfirmVerifyUserScreen,
  ForceNewPasswordScreen,
  ForgotPasswordScreen,
  SelectMfaTypeScreen,
  SetupEmailScreen,
  SetupTotpScreen,
  SignInScreen,
  SignUpScreen,
  VerifyUserScreen,
} from './screens.tsx';

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
        {(screen === 'signIn' || screen === 'signUp') && !hideSignUp && (
          <Tabs
            value={screen}
            variant="fullWidth"
            sx={{ mb: 2 }}
            onChange={(_, value: Screen) => actor.send({ type: value === 'signUp' ? 'nav.signUp' : 'nav.signIn' })}
          >
            <Tab value="signIn" label={TEXTS.signIn} />
            <Tab value="signUp" label={TEXTS.createAccount} />
          </Tabs>
        )}
        <ScreenView
          key={screen}
          screen={screen}
          usernamePlaceholder={usernamePlaceholder}
          passwordPlaceholder={passwordPlaceholder}
        />
      </Paper>
    </Box>
  );
}

function ScreenView({
  screen,
  usernamePlaceholder,
  passwordPlaceholder,
}: { screen: Screen; usernamePlaceholder?: string; passwordPlaceholder?: string }) {
  const actor = useAuthenticatorRef();
  switch (screen) {
    case 'signIn':
      return (
        <SignInScreen actor={actor} usernamePlaceholder={usernamePlaceholder} passwordPlaceholder={passwordPlaceholder} />
      );
    case 'signUp':
      return <SignUpScreen actor={actor} />;
    case 'confirmSignUp':
      return <ConfirmSignUpScreen actor={actor} />;
    case 'confirmSignIn':
      return <ConfirmSignInScreen actor={actor} />;
    case 'setupTotp':
      return <SetupTotpScreen actor={actor} />;
    case 'forceNewPassword':
      return <ForceNewPasswordScreen actor={actor} />;
    case 'selectMfaType':
      return <SelectMfaTypeScreen actor={actor} />;
    case 'setupEmail':
      return <SetupEmailScreen actor={actor} />;
    case 'forgotPassword':
      return <ForgotPasswordScreen actor={actor} />;
    case 'confirmResetPassword':
      return <ConfirmResetPasswordScreen actor={actor} />;
    case 'verifyUser':
      return <VerifyUserScreen actor={actor} />;
    case 'confirmVerifyUser':
      return <ConfirmVerifyUserScreen actor={actor} />;
    default:
      return (
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      );
  }
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
