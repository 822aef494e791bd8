// Coming back from the payment gateway (issues 34 and 35): the browser can arrive a moment before
// the gateway's webhook records the payment, so a page the gateway returns to reads what it paid
// again a few times before saying it is not yet seen. My invoices and My packages wait alike.
export const GATEWAY_RETURN = {
  /** How many times the page reads again while the payment is not yet seen. */
  checks: 3,
  /** The pause before each read, in milliseconds. */
  pauseMs: 2000,
} as const;
