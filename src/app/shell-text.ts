// Every user-facing string of the app shell that the specification fixes word for word (§2, §8),
// in one place: views render these and tests assert them.

export const UNAUTHORIZED_TITLE = 'Unauthorized';
export const unauthorizedText = (email: string) =>
  `You are not allowed to see this page. If you believe this is a mistake, please email the super administrator at ${email}.`;
// Not fixed by the specification: the ways out of /unauthorized (issue 24).
export const UNAUTHORIZED_HOME = 'Back to my home page';
export const UNAUTHORIZED_SIGN_IN = 'Go to sign in';

export const NEW_VERSION_AVAILABLE = 'A new version is available!';
export const REFRESH_NOW = 'Refresh Now';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

export const CONSENT_TITLE = 'HIPAA Authorization for Use and Disclosure of Health Information';
export const CONSENT_ACCEPT_LABEL = 'I Accept';
export const CONSENT_CONTINUE = 'Continue to the app';
export const CONSENT_PROCESSING = 'Processing...';
export const CONSENT_TICK_REQUIRED = 'Please accept the terms by checking the box';
export const CONSENT_SAVE_FAILED = 'Failed to record consent. Please try again.';

export const PROFILE_ERROR_NETWORK = 'Network error: Unable to connect to the API server. Please check your internet connection or contact support.';
export const PROFILE_ERROR_401 = 'Authentication error: Your session may have expired. Please try logging in again.';
export const PROFILE_ERROR_403 = "Authorization error: You don't have permission to access this resource.";
export const PROFILE_ERROR_5XX = 'Server error: The server encountered an error. Please try again later.';
export const PROFILE_ERROR_UNKNOWN = 'An unknown error occurred';

export const CONFIGURATION_ERROR = 'Configuration error (see console) – please contact the administrator';
export const BOOT_RETRY = 'Try again';
// Not fixed by the specification: a part of the app whose code did not download (issue 23).
export const MODULE_LOAD_FAILED = 'This part of the app could not be loaded. Check your connection and try again.';

export const PLACEHOLDER_NAME = 'Unknown';
export const GENDER_NOT_SPECIFIED = 'Not specified';

export const INACTIVITY_WARNING_TITLE = 'Are you still there?';
export const inactivityWarningText = (seconds: number) =>
  `For your privacy you will be signed out in ${seconds} seconds because there has been no activity. Move the mouse or press any key to stay signed in.`;
export const SIGNED_OUT_FOR_INACTIVITY = 'You were signed out after a period of inactivity.';

export const NOT_AVAILABLE_TITLE = 'Not available yet';
export const NOT_AVAILABLE_TEXT = 'This part of the clinic application has not been built yet. Everything you can reach from the navigation works.';

export const SIGN_OUT = 'Sign out';
// Not fixed by the specification: the compact bar below 768 px (issue 24).
export const OPEN_NAVIGATION = 'Open navigation';
export const ACCOUNT = 'Account';
export const accountMenuLabel = (name: string) => `Account: ${name}`;

// A SUPER_ADMIN looking at a client's portal (spec §6): what they see is the client's, read-only.
export const PORTAL_READ_ONLY = "You are viewing this client's portal. It is read-only: changes are made from the client's record.";
export const PORTAL_OPEN_RECORD = "Open the client's record";
export const PORTAL_WRITE_REFUSED_TITLE = 'Only the client can use this page';
export const PORTAL_WRITE_REFUSED_TEXT =
  "This page saves answers as the client, so it is not open in the read-only view. Make changes from the client's record.";
