// Automatic logoff settings (HIPAA 164.312(a)(2)(iii)): 15 minutes; the localStorage key below can
// only shorten it (tests and clinics with shared workstations), never lengthen it.
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from '../../../machines/inactivity/inactivity-machine.ts';

export const INACTIVITY_TIMEOUT_STORAGE_KEY = 'clinic.inactivityTimeoutMs';

export function inactivitySettings(stored: string | null): { timeoutMs: number; warningMs: number } {
  const asked = Number(stored);
  const timeoutMs = Number.isFinite(asked) && asked >= 1000 ? Math.min(asked, INACTIVITY_TIMEOUT_MS) : INACTIVITY_TIMEOUT_MS;
  return { timeoutMs, warningMs: Math.min(INACTIVITY_WARNING_MS, Math.floor(timeoutMs / 4)) };
}

export function readStoredTimeout(): string | null {
  try {
    return window.localStorage.getItem(INACTIVITY_TIMEOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}
