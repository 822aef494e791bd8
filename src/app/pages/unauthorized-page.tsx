// /unauthorized (spec §2 "Other"): reachable by anyone, signed in or not. It always offers a way
// out: home ("/" sends each role to its own home) for a user with a role, sign-out for anyone
// signed in (a user without a role has nowhere else to go), sign-in for a visitor.
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { getHref } from '../paths.ts';
import { SIGN_OUT, UNAUTHORIZED_HOME, UNAUTHORIZED_SIGN_IN, UNAUTHORIZED_TITLE, unauthorizedText } from '../shell-text.ts';

interface UnauthorizedPageProps {
  superAdminEmail: string;
  /** Signed in: offer sign-out. */
  onSignOut?: () => void;
  /** Signed in with a role: offer their home page. */
  hasHome?: boolean;
}

export function UnauthorizedPage({ superAdminEmail, onSignOut, hasHome = false }: UnauthorizedPageProps) {
  const text = unauthorizedText(superAdminEmail);
  const [before, after] = text.split(superAdminEmail);
  return (
    <Box component="main" sx={{ maxWidth: '30rem', mx: 'auto', mt: 8, px: 2 }} data-page="unauthorized">
      <Typography variant="h4" component="h1" gutterBottom>
        {UNAUTHORIZED_TITLE}
      </Typography>
      <Typography data-testid="unauthorized-text">
        {before}
        <Link href={`mailto:${superAdminEmail}`}>{superAdminEmail}</Link>
        {after}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
        {hasHome && (
          <Button component={RouterLink} href={getHref('home')} variant="contained">
            {UNAUTHORIZED_HOME}
          </Button>
        )}
        {onSignOut ? (
          <Button variant={hasHome ? 'outlined' : 'contained'} onClick={onSignOut}>
            {SIGN_OUT}
          </Button>
        ) : (
          <Button component={RouterLink} href={getHref('login')} variant="contained">
            {UNAUTHORIZED_SIGN_IN}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
