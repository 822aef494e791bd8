// The clients domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { ClientsPage } from './clients-page.tsx';
export { OnboardingPage } from './portal/onboarding-page.tsx';
export { usePortalHome } from './portal/portal-hooks.ts';
export { ProfilePage } from './portal/profile-page.tsx';
export { PORTAL_TEXT } from './portal/texts.ts';
export { riskText } from './portal/thrive-check-explain.ts';
export { ThriveCheckPage } from './portal/thrive-check-page.tsx';
export { AuditSection } from './record/audit-section.tsx';
export { ClientHeader } from './record/client-header.tsx';
export { ConsentSection } from './record/consent-section.tsx';
export {
  getClient,
  getProfile,
  listUsers,
  myUserId,
  recordViewClient,
  thriveChecks,
  type UserQuery,
  type ConsentRecord,
  type Enrollment,
  type Profile,
  type ThriveCheck,
  type UserDetail,
} from './clients-api.ts';
export { useClientRecord, useConsentHistory, useEnrollmentList } from './record/details-hooks.ts';
export { EnrollmentsSection } from './record/enrollments-section.tsx';
export { OnboardingSection } from './record/onboarding-section.tsx';
export { ProfileSection } from './record/profile-section.tsx';
export {
  DETAILS_LOAD_FAILED,
  DETAILS_NOT_FOUND,
  ONBOARDING_TITLES,
  OVERVIEW_EMPTY,
  RECORD_TAB_LABELS,
  SECTION_AUDIT,
  SECTION_CONSENT,
  SECTION_ONBOARDING,
  SECTION_PROFILE,
  SECTION_PROGRAMS,
  SECTION_THRIVE,
} from './record/texts.ts';
export { ThriveSection } from './record/thrive-checks-section.tsx';
export { UsersPage } from './users-page.tsx';
export type { StaffScheduling } from './users-hooks.ts';
