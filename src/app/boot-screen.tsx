// What shows while the runtime configuration loads, and when it cannot be used (spec §8): the
// configuration error, or a network error the user may retry.
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { BootActor } from '../../machines/app/boot-machine.ts';
import { selectBootScreen } from '../../machines/app/shell-selectors.ts';
import { BOOT_RETRY, CONFIGURATION_ERROR, PROFILE_ERROR_NETWORK } from './shell-text.ts';

export { CONFIGURATION_ERROR };

export function BootScreen({ boot }: { boot: BootActor }) {
  const state = useSelector(boot, selectBootScreen);
  if (state === 'loading') {
    return (
      <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 8, px: 2 }} data-boot-failure={state}>
      {state === 'network' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => boot.send({ type: 'boot.retry' })}>
              {BOOT_RETRY}
            </Button>
          }
        >
          {PROFILE_ERROR_NETWORK}
        </Alert>
      ) : (
        <Alert severity="error">{CONFIGURATION_ERROR}</Alert>
      )}
    </Box>
  );
}
