// The top of a client's record: name, age, contact, and what staff should notice first.
import { Box, Chip, Stack, Typography } from '@mui/material';
import { ageInYears } from '../../../machines/staff/age';
import { type ClientAlert, clientAlerts, isBlocking } from '../../../machines/staff/client-alerts';
import { contactMethodLabel } from '../../lib/labels';
import { fullName } from '../../lib/staff/format';
import type { UserDetail } from './details-api';
import { ALERT_INACTIVE, ALERT_NO_CONSENT, ALERT_NO_DOB, ALERT_NO_EMERGENCY } from './texts';

const GENDER: Record<string, string> = { M: 'Male', F: 'Female' };

const ALERT_TEXT: Record<ClientAlert, string> = {
  inactive: ALERT_INACTIVE,
  noConsent: ALERT_NO_CONSENT,
  noEmergencyContact: ALERT_NO_EMERGENCY,
  noDateOfBirth: ALERT_NO_DOB,
};

export function ClientHeader({ user }: { user: UserDetail }) {
  const p = user.Profile;
  const age = ageInYears(p.date_of_birth);
  const facts = [age !== null ? `${age} years` : null, GENDER[p.gender ?? ''] ?? 'Not specified', p.city].filter(Boolean).join(' · ');
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1">
        {[p.title, fullName(user)].filter(Boolean).join(' ')}
      </Typography>
      <Typography color="text.secondary" data-testid="client-facts">
        {facts}
      </Typography>
      <Typography sx={{ mt: 0.5 }} data-testid="client-contact">
        {user.email} · {user.phone_number ?? 'No phone'} · prefers {contactMethodLabel(p.preferred_contact_method)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} aria-label="Alerts">
        {clientAlerts(user).map((alert) => (
          <Chip key={alert} label={ALERT_TEXT[alert]} color={isBlocking(alert) ? 'error' : 'warning'} size="small" />
        ))}
      </Stack>
    </Box>
  );
}
