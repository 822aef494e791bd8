// The frame every sign-in screen shares: heading, dismissible form error, the fields, and a
// submit button disabled while validation errors exist or a request is pending. Focus moves to
// the first field when a screen appears.
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { selectFormError, selectIsPending, selectSubmitDisabled } from '../../../machines/identity/selectors.ts';
import type { AuthenticatorRef } from './auth-provider.tsx';

const FOCUSABLE = 'input:not([type="hidden"]):not([aria-hidden="true"]), [role="combobox"], textarea';

export interface AuthFormProps {
  actor: AuthenticatorRef;
  heading?: string;
  submitLabel: string;
  children: ReactNode;
  /** Buttons under the submit button (Back to Sign In, Resend Code, Skip…). */
  footer?: ReactNode;
}

export function AuthForm({ actor, heading, submitLabel, children, footer }: AuthFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const formError = useSelector(actor, selectFormError);
  const pending = useSelector(actor, selectIsPending);
  const submitDisabled = useSelector(actor, selectSubmitDisabled);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-label={heading ?? submitLabel}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {heading && (
        <Typography variant="h6" component="h2">
          {heading}
        </Typography>
      )}
      {formError && (
        <Alert severity="error" onClose={() => actor.send({ type: 'form.dismissError' })}>
          {formError}
        </Alert>
      )}
      {children}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitDisabled}
        startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
      {footer && <Box sx={{ display: 'grid', gap: 1 }}>{footer}</Box>}
    </Box>
  );
}
