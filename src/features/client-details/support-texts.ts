// Strings of the client record's Support section that tests assert.
export const SECTION_SUPPORT = 'Support tickets';
export const NO_TICKETS = 'No support tickets.';
export const TICKETS_LIST = 'Support tickets of this client';
export const LAST_UPDATE = 'Last update';
