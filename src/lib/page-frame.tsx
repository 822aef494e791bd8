// The frame every portal page shares: a width-limited column, its heading, and the failed-load
// notice with a retry.
import { Alert, Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The failed-load notice's words, the same on every portal page. */
export const PAGE_FRAME_TEXT = {
  loadFailed: 'We could not load this page. Please try again.',
  retry: 'Try again',
};

export function PageFrame({ title, page, children }: { title: string; page: string; children: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', px: 2, py: 3 }} data-page={page}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert severity="error" action={<Button onClick={onRetry}>{PAGE_FRAME_TEXT.retry}</Button>}>
      {PAGE_FRAME_TEXT.loadFailed}
    </Alert>
  );
}
