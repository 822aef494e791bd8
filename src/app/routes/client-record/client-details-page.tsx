// /client/{clientId}/details: one client's record for staff. A banner that stays visible (who,
// how to reach them, consent, allergies and alerts), then tabs; the tab is the URL's `?tab=`
// (machines/clients/record-tabs.ts), so a link opens it. One page view is one audit event:
// every read the view makes carries the view's id (recordViewClient).
import { Alert, Box, Button, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { auditViewOf, type RecordTab, tabOf, tabQuery, visibleTabs } from '../../../../machines/clients/record-tabs.ts';
import { ADMIN_ROLES } from '../../../../machines/guard/roles.ts';
import { getHref, ShellContext, useShell } from '../../port.ts';
import { AppointmentsSection, SECTION_APPOINTMENTS } from '../../../features/appointments/index.ts';
import {
  AuditSection,
  ClientHeader,
  ConsentSection,
  EnrollmentsSection,
  OnboardingSection,
  ProfileSection,
  recordViewClient,
  type ThriveCheck,
  ThriveSection,
  useClientRecord,
  type UserDetail,
} from '../../../features/clients/index.ts';
import { ClientBalance } from '../../../features/billing/index.ts';
import { MEMBERSHIPS_SECTION, MembershipsSection, readsMemberships } from '../../../features/memberships/index.ts';
import { COGNITIVE_SECTION, CognitiveSection } from '../../../features/cognitive/index.ts';
import { LABS_SECTION, LabsSection } from '../../../features/labs/index.ts';
import { OverviewSection } from './overview-section.tsx';
import { SECTION_SUPPORT, SupportQueueSlot, type SupportQueueView, SupportSection } from '../../../features/support/index.ts';
import { VISITS_SECTION, VisitsSection } from '../../../features/visits/index.ts';
import {
  DETAILS_LOAD_FAILED,
  DETAILS_NOT_FOUND,
  RECORD_TAB_LABELS,
  SECTION_AUDIT,
  SECTION_CONSENT,
  SECTION_ONBOARDING,
  SECTION_PROFILE,
  SECTION_PROGRAMS,
  SECTION_THRIVE,
} from '../../../features/clients/index.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, mb: 3, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A version 4 UUID; `crypto.randomUUID` exists only in secure contexts (not plain http on a LAN). */
function newViewId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function TabBody({
  tab,
  user,
  clientId,
  search,
  reload,
  thrive,
}: {
  tab: RecordTab;
  user: UserDetail;
  clientId: number;
  search: string;
  reload: () => void;
  thrive: { data: unknown; failed: boolean; error: string | null };
}) {
  // Memberships are billing's readers' (issue 35): other staff see the appointments without them.
  const { role } = useShell().auth;
  switch (tab) {
    case 'overview':
      return <OverviewSection profile={user.Profile} />;
    case 'profile':
      return (
        <Section title={SECTION_PROFILE}>
          <ProfileSection key={user.Profile.user_profile_id} profile={user.Profile} onSaved={reload} />
        </Section>
      );
    case 'onboarding':
      return (
        <Section title={SECTION_ONBOARDING}>
          <OnboardingSection profile={user.Profile} />
        </Section>
      );
    case 'programs':
      return (
        <Section title={SECTION_PROGRAMS}>
          <EnrollmentsSection clientId={clientId} />
        </Section>
      );
    case 'appointments':
      return (
        <>
          <Section title={SECTION_APPOINTMENTS}>
            <AppointmentsSection clientId={clientId} />
          </Section>
          {readsMemberships(role) && (
            <Section title={MEMBERSHIPS_SECTION.title}>
              <MembershipsSection clientId={clientId} />
            </Section>
          )}
        </>
      );
    case 'visits':
      return (
        <Section title={VISITS_SECTION.title}>
          <VisitsSection clientId={clientId} />
        </Section>
      );
    case 'labs':
      return (
        <Section title={LABS_SECTION.title}>
          <LabsSection clientId={clientId} />
        </Section>
      );
    case 'assessments':
      return (
        <Section title={COGNITIVE_SECTION.title}>
          <CognitiveSection clientId={clientId} />
        </Section>
      );
    case 'support':
      return (
        <Section title={SECTION_SUPPORT}>
          <SupportSection clientId={clientId} />
        </Section>
      );
    case 'thrive':
      return (
        <Section title={SECTION_THRIVE}>
          <ThriveSection checks={(thrive.data as ThriveCheck[] | null) ?? []} error={thrive.failed ? thrive.error : null} />
        </Section>
      );
    case 'consent':
      return (
        <Section title={SECTION_CONSENT}>
          <ConsentSection profile={user.Profile} onChanged={reload} />
        </Section>
      );
    case 'audit':
      return (
        <Section title={SECTION_AUDIT}>
          <AuditSection key={search} clientId={clientId} view={auditViewOf(search)} />
        </Section>
      );
  }
}

function ClientRecord({ clientId }: { clientId: number }) {
  const { record, thrive, role } = useClientRecord(clientId);
  const search = useSearch();
  const isAdmin = !!role && ADMIN_ROLES.includes(role);
  const tab = tabOf(search, isAdmin);
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
  return (
    <>
      <ClientHeader user={user} balance={<ClientBalance client={clientId} />} />
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Client record"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {visibleTabs(isAdmin).map((t) => (
          <Tab
            key={t}
            value={t}
            label={RECORD_TAB_LABELS[t]}
            component={Link}
            href={getHref('clientDetails', { clientId }, tabQuery(t))}
            id={`record-tab-${t}`}
            aria-controls="record-tabpanel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="record-tabpanel" aria-labelledby={`record-tab-${tab}`} sx={{ minWidth: 0 }}>
        <TabBody tab={tab} user={user} clientId={clientId} search={search} reload={record.reload} thrive={thrive} />
      </Box>
    </>
  );
}

/** The record with its own view of the API: every read of this page view names the view. */
function RecordView({ clientId }: { clientId: number }) {
  const shell = useShell();
  const [viewId] = useState(newViewId);
  const viewShell = useMemo(() => ({ ...shell, api: recordViewClient(shell.api, viewId) }), [shell, viewId]);
  return (
    <ShellContext.Provider value={viewShell}>
      <ClientRecord clientId={clientId} />
    </ShellContext.Provider>
  );
}

/** `supportQueue`: the support domain's staff queue, composed in by the route (src/app/routes/index.tsx). */
export function ClientDetailsPage({ supportQueue = null }: { supportQueue?: SupportQueueView | null }) {
  const params = useParams<{ clientId: string }>();
  const clientId = Number(params.clientId);
  return (
    <SupportQueueSlot.Provider value={supportQueue}>
      <Box sx={{ p: { xs: 2, md: 3 }, pt: { xs: 0, md: 0 }, maxWidth: 1200, minWidth: 0 }} data-page="client-details">
        {Number.isInteger(clientId) && clientId > 0 ? <RecordView key={clientId} clientId={clientId} /> : <Alert severity="error">{DETAILS_NOT_FOUND}</Alert>}
      </Box>
    </SupportQueueSlot.Provider>
  );
}
