// The route module of portalOnboard (src/app/paths.ts): the page, taken from its domain's public entry.
export { OnboardingPage } from '../../features/clients/index.ts';
