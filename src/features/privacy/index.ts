// The privacy domain's public entry (issue 38): what route modules (src/app/routes/) compose, and
// all another domain may take from this one. Portal: the "Download my data" card on the profile.
export { MyDataCard } from './my-data-card.tsx';
