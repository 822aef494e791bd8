// The new-version banner (spec §2, §4): the version machine polls /version.json; when a newer
// build is deployed a polite live region announces it and 'Refresh Now' reloads.
import { Alert, Button } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { versionMachine } from '../../../machines/version/version-machine';
import { fetchVersion } from '../../lib/runtime-config';
import { NEW_VERSION_AVAILABLE, REFRESH_NOW } from '../shell-text';

const versionLogic = versionMachine.provide({
  actors: { fetchVersion: fromPromise(async () => (await fetchVersion()).version) },
  actions: { reloadPage: () => window.location.reload() },
});

export function VersionBanner() {
  const version = useActorRef(versionLogic);
  useEffect(() => {
    const onVisibility = () => version.send({ type: document.hidden ? 'visibility.hidden' : 'visibility.visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [version]);
  const updateAvailable = useSelector(version, (s) => s.matches('updateAvailable'));
  return (
    <div role="status" aria-live="polite">
      {updateAvailable && (
        <Alert
          severity="info"
          data-testid="version-banner"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" variant="outlined" onClick={() => version.send({ type: 'version.refresh' })}>
              {REFRESH_NOW}
            </Button>
          }
        >
          {NEW_VERSION_AVAILABLE}
        </Alert>
      )}
    </div>
  );
}
