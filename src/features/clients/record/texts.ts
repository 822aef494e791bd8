// Strings of the client details page that tests assert.
export const DETAILS_NOT_FOUND = 'This client does not exist.';
export const DETAILS_LOAD_FAILED = 'The client could not be loaded.';
export const SECTION_PROFILE = 'Profile';
export const SECTION_ONBOARDING = 'Onboarding answers';
export const SECTION_PROGRAMS = 'Programs and enrollments';
export const SECTION_CONSENT = 'Consent';
export const SECTION_THRIVE = 'Thrive checks';
export const SECTION_AUDIT = 'Audit trail';
export const SAVE_PROFILE = 'Save profile';
export const PROFILE_SAVED = 'Profile saved.';
export const ENROL = 'Enrol in a program';
export const ENROLLED = (program: string) => `Enrolled in ${program}.`;
export const ENROLLMENT_CHANGED = (program: string, status: string) => `${program}: ${status}.`;
export const NOT_ANSWERED = 'Not answered yet.';
export const NO_ENROLLMENTS = 'Not enrolled in any program.';
export const CONSENT_GIVEN = (date: string, version: string) => `Consented on ${date} (version ${version}).`;
export const CONSENT_MISSING = 'No HIPAA consent recorded yet. The client is asked when they next sign in to the portal.';
export const ALERT_NO_CONSENT = 'No HIPAA consent';
// Consent from the client's signed paper form, recorded by staff (issue 22, 12).
export const CONSENT_RECORD_FORM = 'Record signed form';
export const CONSENT_FORM_TITLE = 'Record the consent form the client signed';
export const CONSENT_DECISION_LABEL = 'The client';
export const CONSENT_DECISION_GIVEN = 'Gave consent';
export const CONSENT_DECISION_WITHDRAWN = 'Withdrew consent';
export const CONSENT_SIGNED_ON = 'Date signed';
export const CONSENT_REASON = 'Reason';
export const CONSENT_REASON_HELP = 'Why you are recording it for the client, for example: signed the paper form at the front desk.';
export const CONSENT_FORM_SUBMIT = 'Record';
export const CONSENT_FORM_PENDING = 'Recording...';
export const CONSENT_FORM_RECORDED = 'Consent recorded from the signed form.';
export const CONSENT_WITHDRAWAL_RECORDED = 'Consent withdrawal recorded from the signed form.';
export const CONSENT_WITHDRAWN_NOTE = 'Withdrawn';
export const CONSENT_GIVEN_NOTE = 'Given';
export const ALERT_INACTIVE = 'Deactivated';
export const ALERT_NO_EMERGENCY = 'No emergency contact';
export const ALERT_NO_DOB = 'No date of birth';
export const ONBOARDING_TITLES: Record<string, string> = {
  health_goals: 'Health goals',
  client_story: 'Client story',
  lifestyle_history: 'Lifestyle history',
  family_history: 'Family history',
};
/** The button of each verb of the enrollment chart (which verbs show is the chart's answer). */
export const ENROLLMENT_ACTIONS = {
  pause: { label: 'Pause' },
  resume: { label: 'Resume' },
  complete: { label: 'Complete' },
  cancel: { label: 'Cancel enrollment' },
} as const;
// The record's banner and tabs (issue 24).
export const BACK_TO_CLIENTS = 'All clients';
export const BANNER_ALLERGIES = (allergies: string) => `Allergies: ${allergies}`;
export const BANNER_ALERT = (note: string) => `Alert: ${note}`;
export const BANNER_CONSENT_GIVEN = 'Consent given';
export const BANNER_NO_ABHA = 'No ABHA number';
export const BANNER_NO_PHONE = 'No phone';
export const RECORD_TAB_LABELS = {
  overview: 'Overview',
  profile: 'Profile',
  onboarding: 'Onboarding',
  programs: 'Programs',
  appointments: 'Appointments',
  visits: 'Visits',
  labs: 'Labs',
  assessments: 'Assessments',
  support: 'Support',
  thrive: 'Thrive',
  consent: 'Consent',
  audit: 'Audit',
} as const;
export const OVERVIEW_EMPTY = 'Nothing has happened on this record yet.';
