// The clients domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { ClientsPage } from './clients-page';
export { OnboardingPage } from './portal/onboarding-page';
export { usePortalHome } from './portal/portal-hooks';
export { ProfilePage } from './portal/profile-page';
export { PORTAL_TEXT } from './portal/texts';
export { riskText } from './portal/thrive-check-explain';
export { ThriveCheckPage } from './portal/thrive-check-page';
export { AuditSection } from './record/audit-section';
export { ClientHeader } from './record/client-header';
export { ConsentSection } from './record/consent-section';
export { recordViewClient, type ConsentRecord, type Enrollment, type Profile, type ThriveCheck, type UserDetail } from './clients-api';
export { useClientRecord, useConsentHistory, useEnrollmentList } from './record/details-hooks';
export { EnrollmentsSection } from './record/enrollments-section';
export { OnboardingSection } from './record/onboarding-section';
export { ProfileSection } from './record/profile-section';
export { DETAILS_LOAD_FAILED, DETAILS_NOT_FOUND, ONBOARDING_TITLES, OVERVIEW_EMPTY, RECORD_TAB_LABELS, SECTION_AUDIT, SECTION_CONSENT, SECTION_ONBOARDING, SECTION_PROFILE, SECTION_PROGRAMS, SECTION_THRIVE } from './record/texts';
export { ThriveSection } from './record/thrive-checks-section';
export { UsersPage } from './users-page';
