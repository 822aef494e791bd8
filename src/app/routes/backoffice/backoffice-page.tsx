// /backoffice (ADMIN, SUPER_ADMIN): the program catalogue and the clinic's details, and in
// further tabs the scheduling set-up (scheduling/) and the support queue (support/). A stock
// warning above the tabs opens the Therapies tab when an IV stock lot is low or expired.
import { Box, Paper, Typography } from '@mui/material';
import { BACKOFFICE_TITLE, CLINIC_TITLE, ClinicSettingsSection, PROGRAMS_TITLE, ProgramsSection } from '../../../features/clinic-settings/index.ts';
import { BackofficeTabs } from './backoffice-tabs.tsx';
import { StockWarning } from '../../../features/visits/index.ts';

export function BackofficePage() {
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }} data-page="backoffice">
      <Typography variant="h5" component="h1" gutterBottom>
        {BACKOFFICE_TITLE}
      </Typography>
      <BackofficeTabs
        // The Therapies tab warns on its own; leaving it shows the banner again, read afresh.
        notice={(tab, open) => tab !== 'therapies' && <StockWarning onOpenTherapies={() => open('therapies')} />}
        general={
          <>
            <Paper component="section" aria-labelledby="programs-heading" variant="outlined" sx={{ p: 2, mb: 3 }}>
              <Typography id="programs-heading" variant="h6" component="h2" gutterBottom>
                {PROGRAMS_TITLE}
              </Typography>
              <ProgramsSection />
            </Paper>
            <Paper component="section" aria-labelledby="clinic-heading" variant="outlined" sx={{ p: 2 }}>
              <Typography id="clinic-heading" variant="h6" component="h2" gutterBottom>
                {CLINIC_TITLE}
              </Typography>
              <ClinicSettingsSection />
            </Paper>
          </>
        }
      />
    </Box>
  );
}
