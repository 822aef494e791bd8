// /labs: the lab desk outside the back office (issue 32), for the staff who run it (clinic
// settings, default NURSE and ADMIN): the open orders, each moved along the order chart, and a
// value per marker once processing. The catalogue and pincodes stay in the back office.
import { Alert, Box, Typography } from '@mui/material';
import { DEFAULT_LAB_DESK_ROLES, runsLabDesk } from '../../../machines/staff/work-routing.ts';
import { useShell } from '../../app/port.ts';
import { LabDesk } from './lab-desk.tsx';
import { LAB_DESK_TEXT as T } from './desk-texts.ts';

export function LabDeskPage() {
  const { auth, config } = useShell();
  const mine = runsLabDesk(auth.role, config.labDeskRoles ?? DEFAULT_LAB_DESK_ROLES);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1100 }} data-page="lab-desk">
      <Typography variant="h5" component="h1" gutterBottom>
        {T.pageTitle}
      </Typography>
      {mine ? <LabDesk catalogue={false} /> : <Alert severity="info">{T.notYours}</Alert>}
    </Box>
  );
}
