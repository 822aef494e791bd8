// Turns a rejected identity call into the message the form shows (spec §8): a network failure
// reads as the network-error text, anything else as its own message.
import { TEXTS } from './texts.ts';

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
