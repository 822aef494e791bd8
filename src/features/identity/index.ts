// The identity domain's pieces other domains' pages compose: the profile's passkeys card (issue 39).
export { PasskeysCard } from './passkeys-card.tsx';
export { StaffProfilePage } from './staff-profile-page.tsx';
