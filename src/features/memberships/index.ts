// The memberships domain's public entry (issue 35): what route modules (src/app/routes/) compose,
// and all another domain may take from this one. Back office: the Memberships tab. Desk: the client
// record's Memberships section. Portal: the membership card on My packages.
export { MembershipPlansTab } from './plans-tab.tsx';
export { MembershipsSection } from './client-memberships-section.tsx';
export { MyMembershipCard } from './my-membership-card.tsx';
export { readsMemberships } from '../../../machines/memberships/desk-rules.ts';
export { MEMBERSHIPS_TAB_LABEL, SECTION_TEXT as MEMBERSHIPS_SECTION } from './texts.ts';
