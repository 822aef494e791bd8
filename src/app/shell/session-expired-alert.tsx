// Spec §8: after a failed refresh, 'Your session has expired. Please log in again.' on /login,
// until the user dismisses it or signs in again (the app machine keeps it).
import { Alert, Box } from '@mui/material';
import { useSelector } from '@xstate/react';
import { selectSessionExpired } from '../../../machines/app/selectors.ts';
import { SESSION_EXPIRED } from '../shell-text.ts';
import { useShell } from './shell-context.tsx';

export function SessionExpiredAlert() {
  const { app } = useShell();
  const expired = useSelector(app, selectSessionExpired);
  if (!expired) return null;
  return (
    <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 2, px: 2 }}>
      <Alert severity="warning" role="alert" data-testid="session-expired" onClose={() => app.send({ type: 'notice.dismiss' })}>
        {SESSION_EXPIRED}
      </Alert>
    </Box>
  );
}
