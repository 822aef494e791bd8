// The dismissible §8 banner shown when the signed-in user's profile could not be loaded.
import { Alert } from '@mui/material';
import { useSelector } from '@xstate/react';
import { selectProfileBanner } from '../../../machines/app/selectors.ts';
import { profileErrorText } from './profile-errors.ts';
import { useShell } from './shell-context.tsx';

export function ProfileBanner() {
  const { app } = useShell();
  const banner = useSelector(app, selectProfileBanner);
  if (!banner) return null;
  return (
    <Alert severity="error" role="alert" data-testid="profile-banner" onClose={() => app.send({ type: 'banner.dismiss' })} sx={{ borderRadius: 0 }}>
      {profileErrorText(banner.failure)}
    </Alert>
  );
}
