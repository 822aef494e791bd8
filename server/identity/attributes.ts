// Which attributes exist in the pool and who may write them. `custom:role` and the verified
// flags are written by administrators only: a user must not grant themselves a role.
import { IdentityError } from './contracts.ts';
import { invalidParameter } from './errors.ts';
import type { Attr } from './input.ts';

export const STANDARD_ATTRIBUTES = new Set([
  'email',
  'phone_number',
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'website',
  'picture',
  'birthdate',
  'gender',
  'locale',
  'zoneinfo',
  'address',
  'updated_at',
]);
export const ADMIN_ONLY_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified', 'custom:role']);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[0-9]{4,15}$/;

export function checkAttribute(a: Attr, by: 'user' | 'admin'): void {
  const known = STANDARD_ATTRIBUTES.has(a.Name) || ADMIN_ONLY_ATTRIBUTES.has(a.Name);
  if (!known) throw invalidParameter(`Attribute does not exist in the schema: ${a.Name}`);
  if (by === 'user' && ADMIN_ONLY_ATTRIBUTES.has(a.Name)) {
    throw new IdentityError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
  }
  if (a.Name === 'email' && !EMAIL.test(a.Value)) throw invalidParameter('Invalid email address format.');
  if (a.Name === 'phone_number' && !PHONE.test(a.Value)) throw invalidParameter('Invalid phone number format.');
  if (a.Name.endsWith('_verified') && a.Value !== 'true' && a.Value !== 'false') {
    throw invalidParameter(`Invalid value for ${a.Name}: must be true or false.`);
  }
}
