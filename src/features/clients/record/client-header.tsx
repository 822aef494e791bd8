// The record's banner, visible while the record scrolls (sticky under the app bar): who the
// client is, how to reach them, consent, and what staff must notice first — allergies and alerts.
import { Avatar, Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ageInYears } from '../../../../machines/staff/age.ts';
import { type ClientAlert, clientAlerts, isBlocking } from '../../../../machines/staff/client-alerts.ts';
import { getHref } from '../../../app/port.ts';
import { contactMethodLabel } from '../../../lib/labels.ts';
import { formatPhone, fullName } from '../../../lib/staff/format.ts';
import type { UserDetail } from '../clients-api.ts';
import {
  ALERT_INACTIVE,
  ALERT_NO_CONSENT,
  ALERT_NO_DOB,
  ALERT_NO_EMERGENCY,
  BACK_TO_CLIENTS,
  BANNER_ALERT,
  BANNER_ALLERGIES,
  BANNER_CONSENT_GIVEN,
  BANNER_NO_ABHA,
  BANNER_NO_PHONE,
} from './texts.ts';

const GENDER: Record<string, string> = { M: 'Male', F: 'Female' };

const ALERT_TEXT: Record<ClientAlert, string> = {
  inactive: ALERT_INACTIVE,
  noConsent: ALERT_NO_CONSENT,
  noEmergencyContact: ALERT_NO_EMERGENCY,
  noDateOfBirth: ALERT_NO_DOB,
};

const initials = (user: UserDetail) => `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();

/** `balance`: the client's billing balance, composed in by the record's route (the billing domain's). */
export function ClientHeader({ user, balance }: { user: UserDetail; balance?: ReactNode }) {
  const p = user.Profile;
  const age = ageInYears(p.date_of_birth);
  const facts = [age !== null ? `${age} years` : null, GENDER[p.gender ?? ''] ?? 'Not specified'].filter(Boolean).join(' · ');
  const name = [p.title, fullName(user)].filter(Boolean).join(' ');
  return (
    <Box
      component="header"
      data-testid="client-banner"
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: (t) => t.zIndex.appBar - 1,
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
        mx: { xs: -2, md: -3 },
        px: { xs: 2, md: 3 },
        py: 1,
        mb: 1,
      }}
    >
      <MuiLink component={Link} href={getHref('clients')} variant="body2">
        ← {BACK_TO_CLIENTS}
      </MuiLink>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
        {/* MUI's default grey under white initials fails contrast (1.9:1); grey 700 gives 6.2:1. */}
        <Avatar src={p.profile_picture ?? undefined} alt="" sx={{ width: 48, height: 48, bgcolor: 'grey.700', color: 'common.white' }}>
          {initials(user)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="client-facts" sx={{ overflowWrap: 'anywhere' }}>
            {facts} · {p.abha_number ? `ABHA ${p.abha_number}` : BANNER_NO_ABHA}
          </Typography>
          <Typography variant="body2" data-testid="client-contact" sx={{ overflowWrap: 'anywhere' }}>
            {user.email} · {user.phone_number ? formatPhone(user.phone_number) : BANNER_NO_PHONE} · prefers {contactMethodLabel(p.preferred_contact_method)}
          </Typography>
        </Box>
      </Stack>
      <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} aria-label="Alerts" data-testid="client-alerts">
        {p.allergies && <Chip label={BANNER_ALLERGIES(p.allergies)} color="error" size="small" sx={{ maxWidth: '100%' }} />}
        {p.alert_notes && <Chip label={BANNER_ALERT(p.alert_notes)} color="warning" size="small" sx={{ maxWidth: '100%' }} />}
        {p.hipaa_consent && <Chip label={BANNER_CONSENT_GIVEN} color="success" variant="outlined" size="small" />}
        {clientAlerts(user).map((alert) => (
          <Chip key={alert} label={ALERT_TEXT[alert]} color={isBlocking(alert) ? 'error' : 'warning'} size="small" />
        ))}
      </Stack>
      {balance && <Box sx={{ mt: 1 }}>{balance}</Box>}
    </Box>
  );
}
