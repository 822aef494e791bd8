// The desk's word after a check-in (issue 35): the server's sentence about the package credit,
// a success when one was taken, a warning when none was left (the visit is billed at the price).
import { describe, expect, it } from 'vitest';
import { SCHEDULING_TEXTS as T } from '../../../../server/api/appointments/texts.ts';
import { creditNotice } from '../../../../src/features/appointments/appointments-api.ts';

describe('check-in credit notice', () => {
  it('says a credit was used, as a success', () => {
    const message = T.creditRedeemed('10 HBOT sessions');
    expect(message).toBe('Checked in: one credit used from 10 HBOT sessions.');
    expect(creditNotice({ appointment: {}, replacement: null, credit: { outcome: 'redeemed', package: 4, message } })).toEqual({ message, variant: 'success' });
  });
  it('says plainly that no credit was left, as a warning', () => {
    expect(T.noCreditLeft).toBe('Checked in, but no package credit was left for this visit: it is billed at the service’s price.');
    expect(creditNotice({ appointment: {}, replacement: null, credit: { outcome: 'none_left', package: null, message: T.noCreditLeft } })).toEqual({
      message: T.noCreditLeft,
      variant: 'warning',
    });
  });
  it('says nothing for other steps or a client without a package of the therapy', () => {
    expect(creditNotice({ appointment: {}, replacement: null, credit: null })).toBeNull();
    expect(creditNotice(undefined)).toBeNull();
  });
});
