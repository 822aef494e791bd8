// /unauthorized (spec §2 "Other"): reachable by anyone, signed in or not.
import { Box, Link, Typography } from '@mui/material';
import { UNAUTHORIZED_TITLE, unauthorizedText } from '../shell-text';

export function UnauthorizedPage({ superAdminEmail }: { superAdminEmail: string }) {
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
    </Box>
  );
}
