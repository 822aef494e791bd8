// What the portal booking checks answer with, in one place (tests assert them).
export const PORTAL_BOOKING_TEXTS = {
  noCredit: 'You have no session left for this therapy. Buy a package at the clinic, then book online.',
} as const;
