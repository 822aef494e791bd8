// A visit is shown only at its own address: another therapy's or another client's visit is "not
// found" there (the decision the visit page used to make inline).
import { describe, expect, it } from 'vitest';
import { isVisitAt } from '../../../../machines/visits/selectors.ts';

describe('a visit at an address', () => {
  const visit = { therapy: 'hbot', client: 7 };

  it('is found at its own therapy and client', () => {
    expect(isVisitAt(visit, { therapy: 'hbot', clientId: 7 })).toBe(true);
  });

  it("is not found under another therapy or another client's record", () => {
    expect(isVisitAt(visit, { therapy: 'iv', clientId: 7 })).toBe(false);
    expect(isVisitAt(visit, { therapy: 'hbot', clientId: 8 })).toBe(false);
  });
});
