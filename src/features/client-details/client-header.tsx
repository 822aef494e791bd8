// The top of a client's record: name, age, contact, and what staff should notice first.
import { Box, Chip, Stack, Typography } from '@mui/material';
import { ageInYears } from '../../../machines/staff/age';
import { fullName } from '../../lib/staff/format';
import type { UserDetail } from './details-api';
import { ALERT_INACTIVE, ALERT_NO_CONSENT, ALERT_NO_DOB, ALERT_NO_EMERGENCY } from './texts';

const GENDER: Record<string, string> = { M: 'Male', F: 'Female' };

export function clientAlerts(user: UserDetail): string[] {
  const p = user.Profile;
  const alerts: string[] = [];
  if (!user.is_active) alerts.push(ALERT_INACTIVE);
  if (!p.hipaa_consent) alerts.push(ALERT_NO_CONSENT);
  if (!p.emergency_contact_name || !p.emergency_contact_number) alerts.push(ALERT_NO_EMERGENCY);
  if (!p.date_of_birth) alerts.push(ALERT_NO_DOB);
  return alerts;
}

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
        {user.email} · {user.phone_number ?? 'No phone'} · prefers {p.preferred_contact_method}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} aria-label="Alerts">
        {clientAlerts(user).map((alert) => (
          <Chip key={alert} label={alert} color={alert === ALERT_NO_CONSENT || alert === ALERT_INACTIVE ? 'error' : 'warning'} size="small" />
        ))}
      </Stack>
    </Box>
  );
}
