// The §8 profile-load banner text for a failure.
import type { ProfileLoadFailure } from '../../../machines/app/app-machine';
import {
  GENDER_NOT_SPECIFIED,
  PROFILE_ERROR_401,
  PROFILE_ERROR_403,
  PROFILE_ERROR_5XX,
  PROFILE_ERROR_NETWORK,
  PROFILE_ERROR_UNKNOWN,
} from '../shell-text';

export function profileErrorText(failure: ProfileLoadFailure | null): string {
  if (!failure) return PROFILE_ERROR_UNKNOWN;
  if (failure.kind === 'network') return PROFILE_ERROR_NETWORK;
  if (failure.status === 401) return PROFILE_ERROR_401;
  if (failure.status === 403) return PROFILE_ERROR_403;
  if (failure.status !== undefined && failure.status >= 500) return PROFILE_ERROR_5XX;
  return failure.message || PROFILE_ERROR_UNKNOWN;
}

export function genderLabel(gender: string | null): string {
  return gender === 'M' ? 'Male' : gender === 'F' ? 'Female' : GENDER_NOT_SPECIFIED;
}
