// The staff pages' rules that used to sit in views: a record's alerts and which account actions
// an account's state allows.
import { describe, expect, it } from 'vitest';
import { clientAlerts, isBlocking } from '../../../../machines/staff/client-alerts.ts';
import { accountActions } from '../../../../machines/staff/user-rules.ts';

const complete = { hipaa_consent: true, emergency_contact_name: 'Arjun', emergency_contact_number: '+919812300000', date_of_birth: '1990-01-01' };

describe('client alerts', () => {
  it('names what is missing, the blocking ones first', () => {
    expect(clientAlerts({ is_active: true, Profile: complete })).toEqual([]);
    expect(
      clientAlerts({
        is_active: false,
        Profile: { hipaa_consent: false, emergency_contact_name: 'Arjun', emergency_contact_number: null, date_of_birth: null },
      }),
    ).toEqual(['inactive', 'noConsent', 'noEmergencyContact', 'noDateOfBirth']);
    expect(['inactive', 'noConsent', 'noEmergencyContact', 'noDateOfBirth'].filter((a) => isBlocking(a as never))).toEqual(['inactive', 'noConsent']);
  });
});

describe('account actions', () => {
  it('changes or closes an active account, only reopens a deactivated one', () => {
    expect(accountActions(true)).toEqual(['role', 'deactivate', 'reset']);
    expect(accountActions(true, true)).toEqual(['role', 'deactivate', 'resend', 'reset']);
    expect(accountActions(false, true)).toEqual(['reactivate']);
    expect(accountActions(false)).toEqual(['reactivate']);
  });
});
