// Rows to the contract's shapes (openapi.yaml: UserSummary, UserDetail, Profile), typed by the
// generated contract so a renamed or missing field fails the typecheck.
import type { components } from '../../../openapi/generated/api.ts';
import type { AttributeType } from '../../identity/contracts.ts';
import { type AadhaarVault, maskAadhaar } from './aadhaar.ts';
import { JSON_COLUMNS, PROFILE_COLUMNS, type ProfileRow, type UserRow } from './data.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

type Schemas = components['schemas'];

export function presentUser(row: UserRow): Schemas['UserSummary'] {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    role: row.role,
    is_active: row.is_active,
    date_joined: iso(row.date_joined),
    status: row.status,
  };
}

/** The Aadhaar number in full only for the client themself (`reveal`). */
export function presentProfile(row: ProfileRow, options: { reveal: boolean; vault: AadhaarVault }): Schemas['Profile'] {
  const profile: Record<string, unknown> = {
    user_profile_id: row.user_profile_id,
    client_id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone_number: row.phone_number,
    email: row.email,
    role: row.role,
    is_active: row.is_active,
    date_of_birth: row.date_of_birth,
    hipaa_consent: row.hipaa_consent,
    hipaa_consent_date: row.hipaa_consent_date ? iso(row.hipaa_consent_date) : null,
    hipaa_consent_version: row.hipaa_consent_version,
    aadhar_number: options.reveal && row.aadhar_sealed ? options.vault.open(row.aadhar_sealed) : maskAadhaar(row.aadhar_last4),
  };
  for (const column of PROFILE_COLUMNS) profile[column] = row[column] ?? null;
  for (const column of JSON_COLUMNS) profile[column] = row[column] ?? {};
  profile.appointment_duration = row.appointment_duration;
  profile.preferred_contact_method = row.preferred_contact_method;
  // Built column by column from the lists above; the contract test validates every answer.
  return profile as Schemas['Profile'];
}

/** Cognito-style attributes of the user, from the clinic's own record. */
export function userAttributes(row: UserRow): AttributeType[] {
  const attributes: AttributeType[] = [
    { Name: 'sub', Value: row.sub },
    { Name: 'email', Value: row.email },
    { Name: 'given_name', Value: row.first_name },
    { Name: 'family_name', Value: row.last_name },
    { Name: 'custom:role', Value: row.role },
  ];
  if (row.phone_number) attributes.push({ Name: 'phone_number', Value: row.phone_number });
  return attributes;
}

export function presentUserDetail(row: ProfileRow, options: { reveal: boolean; vault: AadhaarVault }): Schemas['UserDetail'] {
  return { ...presentUser(row), Profile: presentProfile(row, options), UserAttributes: userAttributes(row) };
}
