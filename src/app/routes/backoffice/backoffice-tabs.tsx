// /backoffice's tabs: the programs and clinic details, the scheduling set-up (memberships' plans next to the packages), then the lab desk, the therapy set-up and billing's tax settings (the support queue is /support's).
import { Box, Tab, Tabs } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useSearch } from 'wouter';
import { LabDesk } from '../../../features/labs/index.ts';
import { TherapiesTab } from '../../../features/visits/index.ts';
import { BILLING_TAB_LABEL, BillingSettingsTab } from '../../../features/billing/index.ts';
import { MEMBERSHIPS_TAB_LABEL, MembershipPlansTab } from '../../../features/memberships/index.ts';
import { BookingRulesTab, ClinicHoursTab, PackagesTab, ResourcesTab, ServicesTab, StaffHoursTab, TAB_LABELS } from '../../../features/appointments/index.ts';

// The scheduling tabs with memberships' next to Packages (issue 35), then billing's (issue 34).
const { general, services, resources, staffHours, clinicHours, packages, ...rest } = TAB_LABELS;
const LABELS = { general, services, resources, staffHours, clinicHours, packages, memberships: MEMBERSHIPS_TAB_LABEL, ...rest, billing: BILLING_TAB_LABEL };
type TabKey = keyof typeof LABELS;

const PANELS: Record<Exclude<TabKey, 'general'>, () => ReactNode> = {
  services: () => <ServicesTab />,
  resources: () => <ResourcesTab />,
  staffHours: () => <StaffHoursTab />,
  clinicHours: () => <ClinicHoursTab />,
  packages: () => <PackagesTab />,
  memberships: () => <MembershipPlansTab />,
  rules: () => <BookingRulesTab />,
  labs: () => <LabDesk />,
  therapies: () => <TherapiesTab />,
  billing: () => <BillingSettingsTab />,
};

/** The tab strip over `general` (the page's existing sections) and the scheduling panels; `notice` shows above it, knows the open tab and may open another. */
export function BackofficeTabs({ general, notice }: { general: ReactNode; notice?: (tab: TabKey, open: (tab: TabKey) => void) => ReactNode }) {
  // A link may open a tab (`/backoffice?tab=packages`: where a package is defined, from the client's record).
  const asked = new URLSearchParams(useSearch()).get('tab');
  const [tab, setTab] = useState<TabKey>(asked && asked in LABELS ? (asked as TabKey) : 'general');
  return (
    <>
      {notice?.(tab, setTab)}
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => setTab(v)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Back office sections"
        sx={{ mb: 2 }}
      >
        {(Object.keys(LABELS) as TabKey[]).map((k) => (
          <Tab key={k} value={k} label={LABELS[k]} id={`backoffice-tab-${k}`} aria-controls={`backoffice-panel-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`backoffice-panel-${tab}`} aria-labelledby={`backoffice-tab-${tab}`}>
        {tab === 'general' ? general : PANELS[tab]()}
      </Box>
    </>
  );
}
