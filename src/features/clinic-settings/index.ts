// The clinic-settings domain's public entry: what route modules (src/app/routes/) compose, and all another
// domain may take from this one (lint forbids importing the domain's other files from outside).
export { ClinicSettingsSection } from './clinic-settings-section.tsx';
export { ProgramsSection } from './programs-section.tsx';
export { BACKOFFICE_TITLE, CLINIC_TITLE, PROGRAMS_TITLE } from './texts.ts';
export { getSettings, listPrograms } from './clinic-settings-api.ts';
