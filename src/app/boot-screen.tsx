// What shows while the runtime configuration loads, and when it cannot be used.
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { RuntimeConfig } from '../../openapi/runtime-config';

export const CONFIGURATION_ERROR = 'Configuration error (see console) – please contact the administrator';

type Boot =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig; version: string | null }
  | { status: 'failed'; reason: 'configuration' | 'network' };

export function BootScreen({ boot }: { boot: Boot }) {
  if (boot.status === 'loading') {
    return (
      <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (boot.status === 'failed') {
    return (
      <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 8, px: 2 }}>
        <Alert severity="error">{CONFIGURATION_ERROR}</Alert>
      </Box>
    );
  }
  return (
    <Box component="main" data-app-ready="true" sx={{ maxWidth: '30rem', mx: 'auto', mt: 8, px: 2 }}>
      <Typography variant="h5" component="h1">
        Thrive Clinic
      </Typography>
    </Box>
  );
}
