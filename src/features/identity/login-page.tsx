// /login (spec §2): the heading, the Authenticator without the Create Account tab, and the
// sign-in placeholders. Above the heading, the clinic's name as set on /backoffice (issue 24): it is
// not one of the specification's strings, which stay as they are; above the name, the clinic's
// logo when one is uploaded.
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LOGO_ALT, TEXTS } from '../../../machines/identity/texts.ts';
import type { AuthState } from './auth-provider.tsx';
import { Authenticator } from './authenticator.tsx';

export interface LoginPageProps {
  /** Offers the Create Account tab; the product's /login leaves it off (spec §1). */
  allowSignUp?: boolean;
  /** The clinic's name (/config.json), shown above the heading; the harness leaves it off. */
  clinicName?: string;
  /** Where the clinic's logo is fetched (/config.json), or nothing when none is uploaded. */
  clinicLogo?: string | null;
  children?: ReactNode | ((auth: AuthState) => ReactNode);
}

export function LoginPage({ allowSignUp = false, clinicName, clinicLogo, children }: LoginPageProps) {
  return (
    <Box component="main" sx={{ px: 2, py: { xs: 3, sm: 6 }, maxWidth: '30rem', mx: 'auto', display: 'grid', gap: 3 }}>
      {clinicLogo && (
        // Fixed box so the form below does not jump when the image arrives.
        <Box
          component="img"
          src={clinicLogo}
          alt={clinicName ? LOGO_ALT(clinicName) : ''}
          data-testid="sign-in-clinic-logo"
          sx={{ display: 'block', mx: 'auto', height: 64, maxWidth: '100%', objectFit: 'contain' }}
        />
      )}
      {clinicName && (
        <Typography
          variant="h6"
          component="p"
          color="primary"
          data-testid="sign-in-clinic-name"
          sx={{ textAlign: 'center', fontWeight: 600, overflowWrap: 'anywhere', mb: -1 }}
        >
          {clinicName}
        </Typography>
      )}
      <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
        {TEXTS.loginHeading}
      </Typography>
      <Authenticator hideSignUp={!allowSignUp} usernamePlaceholder={TEXTS.usernamePlaceholder} passwordPlaceholder={TEXTS.passwordPlaceholder}>
        {children}
      </Authenticator>
    </Box>
  );
}
