// The new-version banner (spec §2, §4): the app machine's `version` child polls /version.json;
// when a newer build is deployed a polite live region announces it and 'Refresh Now' reloads.
import { Alert, Button } from '@mui/material';
import { useSelector } from '@xstate/react';
import { selectVersion } from '../../../machines/app/selectors.ts';
import { selectUpdateAvailable } from '../../../machines/app/shell-selectors.ts';
import { NEW_VERSION_AVAILABLE, REFRESH_NOW } from '../shell-text.ts';
import { useShell } from './shell-context.tsx';

export function VersionBanner() {
  const { app } = useShell();
  const version = useSelector(app, selectVersion);
  const updateAvailable = useSelector(version, selectUpdateAvailable);
  return (
    <div role="status" aria-live="polite">
      {updateAvailable && (
        <Alert
          severity="info"
          data-testid="version-banner"
          sx={{ borderRadius: 0 }}
          action={
            <Button color="inherit" size="small" variant="outlined" onClick={() => version?.send({ type: 'version.refresh' })}>
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
