// Issue 22, 12: the signed-form rules the client details page and the server share.
import { describe, expect, it } from 'vitest';
import { CONSENT_ON_BEHALF_MESSAGES as M, consentFormFilledIn, consentOnBehalfErrors } from '../../../../machines/consent/consent-on-behalf-rules.ts';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('consentOnBehalfErrors', () => {
  it('accepts a form given or withdrawn, signed today or before, with a reason', () => {
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '2026-11-23', reason: 'Paper form.' }, NOW)).toEqual({});
    expect(consentOnBehalfErrors({ decision: 'withdrawn', signed_on: '2020-01-01', reason: 'Withdrawal form.' }, NOW)).toEqual({});
  });

  it('refuses a blank reason (trimmed), an over-long one, no decision and a missing date', () => {
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '2026-11-23', reason: '  ' }, NOW)).toEqual({ reason: [M.required] });
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '2026-11-23', reason: 'x'.repeat(501) }, NOW)).toEqual({ reason: [M.reasonTooLong] });
    expect(consentOnBehalfErrors({ signed_on: '', reason: 'ok' }, NOW)).toEqual({ decision: [M.required], signed_on: [M.required] });
  });

  it('refuses a date in the future (anywhere on earth) and before 2000', () => {
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '2026-11-25', reason: 'ok' }, NOW)).toEqual({ signed_on: [M.signedInFuture] });
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '2026-11-24', reason: 'ok' }, NOW)).toEqual({});
    expect(consentOnBehalfErrors({ decision: 'given', signed_on: '1999-12-31', reason: 'ok' }, NOW)).toEqual({ signed_on: [M.signedTooEarly] });
  });
});

describe('consentFormFilledIn', () => {
  it('waits for a signing date and a reason; the rest is for the errors above', () => {
    expect(consentFormFilledIn({ signed_on: '', reason: 'Paper form' })).toBe(false);
    expect(consentFormFilledIn({ signed_on: '2026-11-20', reason: '  ' })).toBe(false);
    expect(consentFormFilledIn({ signed_on: '2026-11-20', reason: 'Paper form' })).toBe(true);
    // Filled in, yet refused: a date in the future is named by the shared rules, not by a disabled button.
    const future = { decision: 'given' as const, signed_on: '2027-01-01', reason: 'Paper form' };
    expect(consentFormFilledIn(future)).toBe(true);
    expect(consentOnBehalfErrors(future, NOW).signed_on).toEqual([M.signedInFuture]);
  });
});
