// The honest page for a route whose screen belongs to a later piece of work: it says so, and
// the navigation does not link to it.
import { Box, Typography } from '@mui/material';
import { NOT_AVAILABLE_TEXT, NOT_AVAILABLE_TITLE } from '../shell-text.ts';

export function NotAvailablePage() {
  return (
    <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 6, px: 2 }} data-page="not-available">
      <Typography variant="h5" component="h1" gutterBottom>
        {NOT_AVAILABLE_TITLE}
      </Typography>
      <Typography color="text.secondary">{NOT_AVAILABLE_TEXT}</Typography>
    </Box>
  );
}
