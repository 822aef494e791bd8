// /support (staff): the queue of the tickets the signed-in role answers (clinic settings; ADMIN
// every category), worked here: opened, answered, assigned and moved along the ticket chart.
import { Box, Typography } from '@mui/material';
import { SupportQueueSection } from './support-queue.tsx';
import { SUPPORT_TEXTS as T } from '../../../machines/support/support-texts.ts';

export function StaffSupportPage() {
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }} data-page="support">
      <Typography variant="h5" component="h1" gutterBottom>
        {T.staffTitle}
      </Typography>
      <SupportQueueSection />
    </Box>
  );
}
