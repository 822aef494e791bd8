// The §8 profile-load banner text for a failure: the one failure wording (src/lib/api-failure.ts).
import type { ProfileLoadFailure } from '../../../machines/app/app-machine.ts';
import { failureText } from '../../lib/api-failure.ts';
import { GENDER_NOT_SPECIFIED, PROFILE_ERROR_UNKNOWN } from '../shell-text.ts';

export function profileErrorText(failure: ProfileLoadFailure | null): string {
  if (!failure) return PROFILE_ERROR_UNKNOWN;
  if (failure.kind === 'network') return failureText(0);
  if (failure.kind === 'http' && failure.status !== undefined) return failureText(failure.status, failure.message);
  return failure.message || PROFILE_ERROR_UNKNOWN;
}

export function genderLabel(gender: string | null): string {
  return gender === 'M' ? 'Male' : gender === 'F' ? 'Female' : GENDER_NOT_SPECIFIED;
}
