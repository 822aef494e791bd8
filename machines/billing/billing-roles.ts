// Who may do what with billing (issue 34, "Who may"): RECEPTION and ADMIN bill and take payments;
// DOCTOR and NURSE see a client's balance; a CLIENT sees and pays only their own; SUPER_ADMIN
// reads. The clinic's tax settings, tax data and products are back office (ADMIN). Pure.

/** Bill, issue, credit, take payments and advances. */
export const BILLING_ROLES = ['RECEPTION', 'ADMIN'] as const;
/** Read documents, settings, products and tax data (staff side). */
export const BILLING_READERS = ['RECEPTION', 'ADMIN', 'SUPER_ADMIN'] as const;
/** Read a client's balance (the appointment panel and the record's banner). */
export const BALANCE_READERS = ['NURSE', 'DOCTOR', ...BILLING_READERS] as const;
/** Keep the tax settings, the items' tax data and the products. */
export const BILLING_ADMINS = ['ADMIN'] as const;

const among = (roles: readonly string[]) => (role: string) => roles.includes(role);
export const billsClients = among(BILLING_ROLES);
export const readsBilling = among(BILLING_READERS);
export const readsBalance = among(BALANCE_READERS);
export const keepsBillingSettings = among(BILLING_ADMINS);
