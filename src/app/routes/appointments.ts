// The route module of appointments (src/app/paths.ts): the page, taken from its domain's public entry.
export { AppointmentsPage } from '../../features/appointments/index.ts';
