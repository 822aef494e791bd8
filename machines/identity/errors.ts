// Turns a rejected identity call into the message the form shows (spec §8): a network failure
// reads as the network-error text, anything else as its own message.
import { PASSWORDLESS_TEXTS, TEXTS } from './texts.ts';

export function isNetworkError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  if (!e) return false;
  if (e.name === 'NetworkError') return true;
  return /network error|failed to fetch|networkerror|load failed/i.test(String(e.message ?? ''));
}

export function errorMessage(error: unknown): string {
  if (isNetworkError(error)) return TEXTS.networkError;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(error);
}

const nameOf = (error: unknown): string => String((error as { name?: unknown } | null)?.name ?? '');

/** A refused sign-in code: wrong (the session lives on for another try), or spent, expired or tried too often. */
export function codeErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'CodeMismatchException') return PASSWORDLESS_TEXTS.wrongCode;
  if (name === 'NotAuthorizedException' && /session/i.test(errorMessage(error))) return PASSWORDLESS_TEXTS.codeExpired;
  return errorMessage(error);
}

/**
 * A passkey sign-in that failed in the browser. Browsers answer a cancelled dialog and a device
 * with no passkey for the account alike (NotAllowedError, which aws-amplify names
 * PasskeyAuthenticationCanceled), so one message says both.
 */
export function passkeyErrorMessage(error: unknown): string {
  switch (nameOf(error)) {
    case 'NotAllowedError':
    case 'PasskeyAuthenticationCanceled':
    case 'PasskeyOperationAborted':
      return PASSWORDLESS_TEXTS.passkeyCancelled;
    case 'PasskeyRetrievalFailed':
      return PASSWORDLESS_TEXTS.noPasskey;
    case 'PasskeyNotSupported':
      return PASSWORDLESS_TEXTS.passkeyUnsupported;
    default:
      return errorMessage(error);
  }
}

/** Adding a passkey that failed in the browser; `cancelled` is what the screen says to a cancelled dialog. */
export function passkeyRegistrationMessage(error: unknown, cancelled: string = PASSWORDLESS_TEXTS.addCancelled): string {
  switch (nameOf(error)) {
    case 'NotAllowedError':
    case 'PasskeyRegistrationCanceled':
    case 'PasskeyOperationAborted':
      return cancelled;
    case 'PasskeyAlreadyExists':
      return PASSWORDLESS_TEXTS.alreadyAdded;
    case 'PasskeyNotSupported':
      return PASSWORDLESS_TEXTS.passkeyUnsupported;
    default:
      return errorMessage(error);
  }
}
