// /client/{clientId}/details: one client's record for staff. Header (name, age, contact,
// alerts), then sections: profile (editable), onboarding answers, programs and enrollments,
// consent, thrive checks, and for ADMIN and SUPER_ADMIN the audit trail.
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { ADMIN_ROLES } from '../../../machines/guard/roles';
import { AppointmentsSection } from './appointments-section';
import { SECTION_APPOINTMENTS } from './appointments-texts';
import { AuditSection } from './audit-section';
import { ClientHeader } from './client-header';
import { CognitiveSection } from './cognitive-section';
import { COGNITIVE_SECTION } from './cognitive-texts';
import { ConsentSection } from './consent-section';
import type { ThriveCheck, UserDetail } from './details-api';
import { useClientRecord } from './details-hooks';
import { EnrollmentsSection } from './enrollments-section';
import { OnboardingSection } from './onboarding-section';
import { ProfileSection } from './profile-section';
import { ThriveSection } from './thrive-section';
import { SupportSection } from './support-section';
import { LabsSection } from './labs-section';
import { VisitsSection } from './visits-section';
import { VISITS_SECTION } from './visits-texts';
import { LABS_SECTION } from './labs-texts';
import { SECTION_SUPPORT } from './support-texts';
import {
  DETAILS_LOAD_FAILED,
  DETAILS_NOT_FOUND,
  SECTION_AUDIT,
  SECTION_CONSENT,
  SECTION_ONBOARDING,
  SECTION_PROFILE,
  SECTION_PROGRAMS,
  SECTION_THRIVE,
} from './texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ClientRecord({ clientId }: { clientId: number }) {
  const { record, thrive, role } = useClientRecord(clientId);
  const user = record.data as UserDetail | null;
  if (!user) {
    if (record.failed) {
      return (
        <Alert
          severity="error"
          action={
            !record.missing && (
              <Button color="inherit" size="small" onClick={record.retry}>
                Retry
              </Button>
            )
          }
        >
          {record.missing ? DETAILS_NOT_FOUND : `${DETAILS_LOAD_FAILED} ${record.error}`}
        </Alert>
      );
    }
    return <CircularProgress aria-label="Loading the client" />;
  }
  const checks = thrive.data as ThriveCheck[] | null;
  return (
    <>
      <ClientHeader user={user} />
      <Section title={SECTION_PROFILE}>
        <ProfileSection key={user.Profile.user_profile_id} profile={user.Profile} onSaved={record.reload} />
      </Section>
      <Section title={SECTION_ONBOARDING}>
        <OnboardingSection profile={user.Profile} />
      </Section>
      <Section title={SECTION_PROGRAMS}>
        <EnrollmentsSection clientId={clientId} />
      </Section>
      <Section title={SECTION_APPOINTMENTS}>
        <AppointmentsSection clientId={clientId} />
      </Section>
      <Section title={VISITS_SECTION.title}>
        <VisitsSection clientId={clientId} />
      </Section>
      <Section title={SECTION_CONSENT}>
        <ConsentSection profile={user.Profile} onChanged={record.reload} />
      </Section>
      {(checks || thrive.failed) && (
        <Section title={SECTION_THRIVE}>
          <ThriveSection checks={checks ?? []} error={thrive.failed ? thrive.error : null} />
        </Section>
      )}
      <Section title={COGNITIVE_SECTION.title}>
        <CognitiveSection clientId={clientId} />
      </Section>
      <Section title={SECTION_SUPPORT}>
        <SupportSection clientId={clientId} />
      </Section>
      <Section title={LABS_SECTION.title}>
        <LabsSection clientId={clientId} />
      </Section>
      {role && ADMIN_ROLES.includes(role) && (
        <Section title={SECTION_AUDIT}>
          <AuditSection clientId={clientId} />
        </Section>
      )}
    </>
  );
}

export function ClientDetailsPage() {
  const params = useParams<{ clientId: string }>();
  const clientId = Number(params.clientId);
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-page="client-details">
      {Number.isInteger(clientId) && clientId > 0 ? <ClientRecord key={clientId} clientId={clientId} /> : <Alert severity="error">{DETAILS_NOT_FOUND}</Alert>}
    </Box>
  );
}
