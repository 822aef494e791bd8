// Strings of /users that tests assert.
export const USERS_TITLE = 'Users';
export const NEW_USER = 'New user';
export const CREATE_USER = 'Create user';
export const USERS_SEARCH_LABEL = 'Search name, email or phone';
export const USERS_EMPTY = 'No users match.';
export const USERS_LOAD_FAILED = 'The users could not be loaded.';
export const RETRY = 'Retry';
export const ACTIONS_FOR = (name: string) => `Actions for ${name}`;
export const ACTION_LABELS = {
  role: 'Change role',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  resend: 'Resend invitation',
  reset: 'Reset password',
} as const;
export type UserAction = keyof typeof ACTION_LABELS;
export const CONFIRM_TEXT: Record<Exclude<UserAction, 'role'>, (name: string, email: string) => string> = {
  deactivate: (name) => `${name} will be signed out everywhere and can no longer sign in. Their records stay; you can reactivate them later.`,
  reactivate: (name) => `${name} will be able to sign in again with their password.`,
  resend: (_name, email) => `A new temporary password will be emailed to ${email}; the previous one stops working.`,
  reset: (name, email) => `${name}'s password stops working now. A code to choose a new one will be emailed to ${email}.`,
};
export const TOASTS = {
  created: (name: string, role: string, email: string) => `${name} was added as ${role}. An invitation with a temporary password was emailed to ${email}.`,
  role: (name: string, role: string) => `${name} is now ${role}.`,
  deactivate: (name: string) => `${name} was deactivated and signed out.`,
  reactivate: (name: string) => `${name} can sign in again.`,
  resend: (_name: string, email: string) => `The invitation was sent again to ${email}.`,
  reset: (name: string, email: string) => `${name}'s password was reset. A code to choose a new one was emailed to ${email}.`,
  hoursSaved: (name: string) => `${name}'s working hours were saved: they can be booked now.`,
  noHours: (name: string) => `${name} has no working hours yet: the list and booking show them as such until an administrator sets them.`,
};
// A new staff member's working hours, asked for right after the invitation (issue 32).
export const HOURS_TITLE = (name: string) => `Working hours: ${name}`;
export const HOURS_INTRO = (name: string, role: string) =>
  `${name} delivers services as ${role}. Set the weekly hours they work (the clinic's opening hours to start from); until they have hours, they cannot be booked.`;
export const HOURS_LABEL = (name: string) => `${name}'s weekly hours`;
export const SAVE_HOURS = 'Save hours';
export const SAVING_HOURS = 'Saving…';
export const HOURS_LATER = 'Later';
/** The users list's mark on a staff member who delivers services and has no working hours. */
export const NO_WORKING_HOURS = 'No working hours set';
export const HOURS_COLUMN = 'Working hours';
export const USER_DETAILS_CLOSE = 'Close';
export const OPEN_USER = (name: string) => `Open ${name}`;
export const INVITATION_WAITING = 'Invited; has not signed in yet';
export const INVITATION_ACCEPTED = 'Has signed in';
