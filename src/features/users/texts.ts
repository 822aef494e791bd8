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
};
export const USER_DETAILS_CLOSE = 'Close';
export const OPEN_USER = (name: string) => `Open ${name}`;
export const INVITATION_WAITING = 'Invited; has not signed in yet';
export const INVITATION_ACCEPTED = 'Has signed in';
