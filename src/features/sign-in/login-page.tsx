// /login (spec §2): the heading, the Authenticator without the Create Account tab, and the
// sign-in placeholders.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { TEXTS } from '../../../machines/sign-in/texts.ts';
import type { AuthState } from './auth-provider.tsx';
import { Authenticator } from './authenticator.tsx';

export interface LoginPageProps {
  /** Offers the Create Account tab; the product's /login leaves it off (spec §1). */
  allowSignUp?: boolean;
  children?: ReactNode | ((auth: AuthState) => ReactNode);
}

export function LoginPage({ allowSignUp = false, children }: LoginPageProps) {
  return (
    <Box component="main" sx={{ px: 2, py: { xs: 3, sm: 6 }, maxWidth: '30rem', mx: 'auto', display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {TEXTS.loginHeading}
      </Typography>
      <Authenticator
        hideSignUp={!allowSignUp}
        usernamePlaceholder={TEXTS.usernamePlaceholder}
        passwordPlaceholder={TEXTS.passwordPlaceholder}
      >
        {children}
      </Authenticator>
    </Box>
  );
}
