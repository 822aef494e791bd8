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
/** A package sold through billing (issue 35): its credits start when this invoice is paid. */
export const AWAITING_INVOICE = (number: string) => `credits start when ${number} is paid`;
/** Selling a package when none is defined (issue 32): the button says why, and ADMIN is shown where packages are defined. */
export const NO_PACKAGES_DEFINED = 'No package is defined yet, so there is none to sell.';
export const ASK_ADMIN_FOR_PACKAGES = 'An administrator defines packages in the back office.';
export const DEFINE_PACKAGES = 'Define packages';
