// Automatic logoff (HIPAA 164.312(a)(2)(iii)) for a signed-in user: renders the inactivity
// machine. Any input (pointer, key, touch, wheel, scroll) counts as activity and dismisses the
// warning. The timeout is 15 minutes; the localStorage key below can only shorten it (tests and
// clinics with shared workstations), never lengthen it.
import { Dialog, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS, inactivityMachine } from '../../../machines/inactivity/inactivity-machine';
import { INACTIVITY_WARNING_TITLE, inactivityWarningText } from '../shell-text';
import { modalRoot } from './modal-root';

export const INACTIVITY_TIMEOUT_STORAGE_KEY = 'clinic.inactivityTimeoutMs';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

export function inactivitySettings(stored: string | null): { timeoutMs: number; warningMs: number } {
  const asked = Number(stored);
  const timeoutMs = Number.isFinite(asked) && asked >= 1000 ? Math.min(asked, INACTIVITY_TIMEOUT_MS) : INACTIVITY_TIMEOUT_MS;
  return { timeoutMs, warningMs: Math.min(INACTIVITY_WARNING_MS, Math.floor(timeoutMs / 4)) };
}

function readStoredTimeout(): string | null {
  try {
    return window.localStorage.getItem(INACTIVITY_TIMEOUT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function InactivityWatch({ onTimeout }: { onTimeout: () => void }) {
  const [settings] = useState(() => inactivitySettings(readStoredTimeout()));
  const inactivity = useActorRef(inactivityMachine.provide({ actions: { signOut: () => onTimeout() } }), { input: settings });
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      // Restarting the timers on every mouse move is wasteful; twice a second is plenty.
      const now = Date.now();
      if (now - last < 500 && !inactivity.getSnapshot().matches('warning')) return;
      last = now;
      inactivity.send({ type: 'user.activity' });
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [inactivity]);
  const warning = useSelector(inactivity, (s) => s.matches('warning'));
  return (
    <Dialog open={warning} container={modalRoot} aria-labelledby="inactivity-title" aria-describedby="inactivity-text" data-testid="inactivity-warning">
      <DialogTitle id="inactivity-title">{INACTIVITY_WARNING_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-text" role="alert">
          {inactivityWarningText(Math.round(settings.warningMs / 1000))}
        </DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
