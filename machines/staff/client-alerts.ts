// What staff should notice first on a client's record: a deactivated account, no HIPAA consent,
// no emergency contact, no date of birth. The view words each alert.

export type ClientAlert = 'inactive' | 'noConsent' | 'noEmergencyContact' | 'noDateOfBirth';

export function clientAlerts(user: {
  is_active: boolean;
  Profile: { hipaa_consent: boolean; emergency_contact_name: string | null; emergency_contact_number: string | null; date_of_birth: string | null };
}): ClientAlert[] {
  const p = user.Profile;
  const alerts: ClientAlert[] = [];
  if (!user.is_active) alerts.push('inactive');
  if (!p.hipaa_consent) alerts.push('noConsent');
  if (!p.emergency_contact_name || !p.emergency_contact_number) alerts.push('noEmergencyContact');
  if (!p.date_of_birth) alerts.push('noDateOfBirth');
  return alerts;
}

/** The alerts that block care (shown as errors rather than warnings). */
export const isBlocking = (alert: ClientAlert): boolean => alert === 'noConsent' || alert === 'inactive';
