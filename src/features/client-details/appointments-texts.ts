// Strings of the client record's Appointments section that tests assert.
export const SECTION_APPOINTMENTS = 'Appointments';
export const UPCOMING = 'Upcoming';
export const PAST = 'Past';
export const CANCELLED = 'Cancelled';
export const PACKAGE_BALANCE = 'Package balance';
export const NO_APPOINTMENTS = 'None.';
export const NO_PACKAGES = 'No packages.';
export const SELL_PACKAGE = 'Sell a package';
export const PACKAGE_SOLD = 'Package sold.';
export const SESSIONS_LEFT = (left: number, total: number) => `${left} of ${total} sessions left`;
export const SESSIONS_HELD = (held: number) => `${held} booked`;
export const EXPIRES = (date: string) => `valid until ${date}`;
