// The HIPAA authorization modal (spec §2, §4): renders the app machine's consent child (recording
// consent is its actor, the toasts are the app machine's notices). The dialog traps
// focus, is labelled by its title and described by its text; with no onClose, Escape and backdrop clicks do not
// dismiss it (consent is required to continue).
import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import type { ProfileSummary } from '../../../machines/app/app-machine.ts';
import { selectConsent } from '../../../machines/app/selectors.ts';
import { selectConsentOpen, selectConsentSaving, selectConsentTicked } from '../../../machines/app/shell-selectors.ts';
import { CONSENT_ACCEPT_LABEL, CONSENT_CONTINUE, CONSENT_PROCESSING, CONSENT_TITLE } from '../shell-text.ts';
import { ConsentText } from './consent-text.tsx';
import { modalRoot } from './modal-root.ts';
import { useShell } from './shell-context.tsx';
import { formatDate } from '../../lib/format.ts';

/** The app machine's `consent` child, while it asks. */
export function ConsentDialog({ client }: { client: ProfileSummary }) {
  const { app } = useShell();
  const consentRef = useSelector(app, selectConsent);
  if (!consentRef) return null;
  return <ConsentDialogView consent={consentRef} client={client} />;
}

function ConsentDialogView({ consent, client }: { consent: NonNullable<ReturnType<typeof selectConsent>>; client: ProfileSummary }) {
  const { config } = useShell();
  const open = useSelector(consent, selectConsentOpen);
  const ticked = useSelector(consent, selectConsentTicked);
  const saving = useSelector(consent, selectConsentSaving);
  const today = formatDate(new Date());
  const name = `${client.first_name} ${client.last_name}`.trim();

  return (
    <Dialog open={open} container={modalRoot} aria-labelledby="consent-title" aria-describedby="consent-text" maxWidth="md" fullWidth>
      <DialogTitle id="consent-title">{CONSENT_TITLE}</DialogTitle>
      <DialogContent
        dividers
        onKeyDown={(e) => {
          // Enter submits, so a keyboard user learns why nothing happens while the box is unticked.
          if (e.key === 'Enter' && !saving) consent.send({ type: 'consent.submit' });
        }}
      >
        <Typography>
          Client: <strong data-testid="consent-client-name">{name}</strong>
        </Typography>
        <Typography gutterBottom>
          Date: <span data-testid="consent-date">{today}</span>
        </Typography>
        <Box id="consent-text" tabIndex={0} aria-label="Authorization text" sx={{ maxHeight: '45vh', overflowY: 'auto', pr: 1, my: 1 }}>
          <Typography variant="body2">
            I, {name}, authorize {config.clinicName} to use and disclose my protected health information as described below.
          </Typography>
          <ConsentText clinicName={config.clinicName} />
        </Box>
        <FormControlLabel
          control={<Checkbox checked={ticked} disabled={saving} onChange={() => consent.send({ type: 'consent.toggle' })} />}
          label={CONSENT_ACCEPT_LABEL}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!ticked || saving} onClick={() => consent.send({ type: 'consent.submit' })}>
          {saving ? CONSENT_PROCESSING : CONSENT_CONTINUE}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
