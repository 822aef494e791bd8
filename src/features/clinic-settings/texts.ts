// Strings of /backoffice that tests assert.
export const BACKOFFICE_TITLE = 'Back office';
export const PROGRAMS_TITLE = 'Programs';
export const CLINIC_TITLE = 'Clinic details';
export const NEW_PROGRAM = 'New program';
export const EDIT_PROGRAM = 'Edit program';
export const SAVE_PROGRAM = 'Save program';
export const SAVE_SETTINGS = 'Save clinic details';
export const SETTINGS_SAVED = 'Clinic details saved.';
export const PROGRAM_SAVED = (name: string) => `${name} saved.`;
export const PROGRAM_DEACTIVATED = (name: string) => `${name} was deactivated; it is no longer offered for new enrollments.`;
export const PROGRAM_ACTIVATED = (name: string) => `${name} is offered again.`;
export const NO_PROGRAMS = 'No programs yet.';
export const SUPER_ADMIN_EMAIL_LABEL = 'Super administrator email (shown on /unauthorized)';
export const SUPER_ADMIN_EMAIL_HELP = (fallback: string) => `Leave empty to use the server's address (${fallback}).`;
export const LOCALE_LABEL = 'Dates and numbers';
export const DIAL_CODE_LABEL = 'Phone dial code';
/** The locales the contract accepts, each shown with how it writes a date. */
export const LOCALE_OPTIONS: Array<[string, string]> = [
  ['en-IN', 'India (23/11/2026, 10:30 am)'],
  ['en-GB', 'United Kingdom (23/11/2026, 10:30)'],
  ['en-US', 'United States (11/23/2026, 10:30 AM)'],
  ['en-AE', 'United Arab Emirates (23/11/2026, 10:30 AM)'],
  ['en-SG', 'Singapore (23/11/2026, 10:30 am)'],
  ['en-AU', 'Australia (23/11/2026, 10:30 am)'],
];

// The clinic logo (issue 24), on the clinic details tab.
export const LOGO_HEADING = 'Logo';
export const LOGO_HELP = 'Shown on the sign-in page above the heading. A PNG, JPEG or WebP image of at most 1 MB.';
export const LOGO_NONE = 'No logo: the sign-in page shows the clinic’s name alone.';
export const LOGO_UPLOAD = 'Upload logo';
export const LOGO_REPLACE = 'Replace logo';
export const LOGO_REMOVE = 'Remove logo';
export const LOGO_SAVED = 'Logo saved.';
export const LOGO_REMOVED = 'Logo removed.';
export const LOGO_TOO_BIG = 'The logo may be at most 1 MB.';
export const LOGO_PREVIEW_ALT = 'The clinic’s current logo';

/** Who does which work (clinic settings, issue 32). */
export const WORK_ROUTING = {
  title: 'Who does which work',
  help: 'The lab desk (/labs) enters and releases lab results; each ticket category is answered on /support and on the client’s record. Admins answer every ticket.',
  work: 'Work',
  labDesk: 'Lab desk',
  tickets: (category: string) => `${category} tickets`,
  save: 'Save who does which work',
} as const;
