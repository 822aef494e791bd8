// What a client is told about their packages outside the portal (issue 35), in one place: tests
// assert these words.
export const PACKAGE_EXPIRY_TEXTS = {
  subject: 'Your package sessions expire soon',
  /** "Thrive Clinic: 3 of your 10 HBOT sessions (HBOT ten) expire on 12 Jan 2027. Book them in the portal before then." */
  body: (clinic: string, left: number, total: number, therapy: string, plan: string | null, expires: string) =>
    `${clinic}: ${left} of your ${total} ${therapy} sessions${plan ? ` (${plan})` : ''} expire on ${expires}. ` +
    `Book them in the portal or call ${clinic} before then.`,
} as const;
