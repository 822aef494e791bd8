// The route module of portalInClinic, portalIntakeCall (src/app/paths.ts): the page, taken from its domain's public entry.
export { InClinicPage, IntakeCallPage } from '../../features/appointments/index.ts';
