// What a part of the app shows when its code could not be downloaded: a notice and "Try again",
// which loads it again in place. Only download failures stop here; any other error goes on up,
// as it would without this boundary.
import { Alert, Box, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { BOOT_RETRY, MODULE_LOAD_FAILED } from './shell-text.ts';

/** A module of the app that did not arrive. */
export class ModuleLoadError extends Error {
  constructor(cause: unknown) {
    super('a module of the app could not be loaded', { cause });
    this.name = 'ModuleLoadError';
  }
}

interface Props {
  /** Called at every render, so "Try again" renders what the caller has now (a new lazy component). */
  children: () => ReactNode;
}

export class ModuleLoadBoundary extends Component<Props, { failed: ModuleLoadError | null; other: unknown }> {
  override state: { failed: ModuleLoadError | null; other: unknown } = { failed: null, other: null };

  static getDerivedStateFromError(error: unknown) {
    return error instanceof ModuleLoadError ? { failed: error, other: null } : { failed: null, other: error };
  }

  override render() {
    if (this.state.other) throw this.state.other;
    if (!this.state.failed) return this.props.children();
    return (
      <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 6, px: 2 }} data-page="module-load-failed">
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => this.setState({ failed: null })}>
              {BOOT_RETRY}
            </Button>
          }
        >
          {MODULE_LOAD_FAILED}
        </Alert>
      </Box>
    );
  }
}
