// The dismissible §8 banner shown when the signed-in user's profile could not be loaded.
import { Alert } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useShell } from './shell-context';
import { profileErrorText } from './profile-errors';

export function ProfileBanner() {
  const { profile } = useShell();
  const failure = useSelector(profile ?? undefined, (s) => (s?.matches({ failed: 'bannerShown' }) ? s.context.failure : undefined));
  if (!profile || failure === undefined) return null;
  return (
    <Alert severity="error" role="alert" data-testid="profile-banner" onClose={() => profile.send({ type: 'banner.dismiss' })} sx={{ borderRadius: 0 }}>
      {profileErrorText(failure)}
    </Alert>
  );
}
