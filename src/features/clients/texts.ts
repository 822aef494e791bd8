// Every string of the clients hub that tests assert, in one place.
export const CLIENTS_TITLE = 'Clients';
export const NEW_CLIENT = 'New client';
export const CLIENTS_SEARCH_LABEL = 'Search name, email or phone';
export const CLIENTS_EMPTY = 'No clients match.';
export const CLIENTS_LOAD_FAILED = 'The clients could not be loaded.';
export const RETRY = 'Retry';
export const CREATE_CLIENT = 'Create client';
export const clientCreatedToast = (name: string, email: string) => `${name} was added. An invitation with a temporary password was emailed to ${email}.`;
export const FILTER_PROGRAM = 'Program';
export const FILTER_CONSENT = 'Consent';
export const FILTER_STATUS = 'Status';
export const CONSENTED = 'Consented';
export const NOT_CONSENTED = 'Not consented';
export const ANY_STATUS = 'Any status';
export const DEACTIVATED = 'Deactivated';
/** The client statuses of issue 18, as the hub's column and filter name them. */
export const CLIENT_STATUS_LABELS = { prospective: 'Prospective', active: 'Active', inactive: 'Inactive', archived: 'Archived' } as const;
