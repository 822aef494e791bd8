// Strings of the client record's Support section that tests assert.
export const SECTION_SUPPORT = 'Support tickets';
