// Consent status and history (every consent recorded, newest first: the client's own in the app,
// and the signed paper forms staff record for them, given or withdrawn, with the reason).
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { ScrollTable } from '../../../lib/scroll-table.tsx';
import { useState } from 'react';
import { CONSENT_REASON_MAX, consentFormFilledIn } from '../../../../machines/consent/consent-on-behalf-rules.ts';
import { fieldError } from '../../../lib/staff/confirm-dialog.tsx';
import { DateField } from '../../../lib/date-field.tsx';
import { clinicToday } from '../../../lib/format.ts';
import { formatDate, formatDateTime } from '../../../lib/staff/format.ts';
import { FormDialog } from '../../../lib/staff/form-dialog.tsx';
import type { ConsentRecord, Profile } from '../clients-api.ts';
import { useConsentHistory, useConsentOnBehalf } from './details-hooks.ts';
import {
  CONSENT_DECISION_GIVEN,
  CONSENT_DECISION_LABEL,
  CONSENT_DECISION_WITHDRAWN,
  CONSENT_FORM_PENDING,
  CONSENT_FORM_SUBMIT,
  CONSENT_FORM_TITLE,
  CONSENT_GIVEN,
  CONSENT_GIVEN_NOTE,
  CONSENT_MISSING,
  CONSENT_REASON,
  CONSENT_REASON_HELP,
  CONSENT_RECORD_FORM,
  CONSENT_SIGNED_ON,
  CONSENT_WITHDRAWN_NOTE,
} from './texts.ts';

// The clinic's day, not UTC's: before 05:30 in India UTC still says yesterday.
const today = () => clinicToday();
const EMPTY = { decision: 'given', signed_on: '', reason: '' };

export function ConsentSection({ profile, onChanged }: { profile: Profile; onChanged: () => void }) {
  const history = useConsentHistory(profile.client_id);
  const record = useConsentOnBehalf(profile.client_id, () => {
    history.reload();
    onChanged();
  });
  const [form, setForm] = useState(EMPTY);
  const rows = (history.data ?? []) as ConsentRecord[];
  return (
    <>
      {profile.hipaa_consent ? (
        <Alert severity="success">{CONSENT_GIVEN(formatDate(profile.hipaa_consent_date), profile.hipaa_consent_version ?? '—')}</Alert>
      ) : (
        <Alert severity="warning">{CONSENT_MISSING}</Alert>
      )}
      <Box sx={{ mt: 1 }}>
        <Button onClick={() => record.open(null)}>{CONSENT_RECORD_FORM}</Button>
      </Box>
      {history.failed && <Alert severity="error">{history.error}</Alert>}
      {rows.length > 0 && (
        <ScrollTable size="small" aria-label="Consent history" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Consent</TableCell>
              <TableCell>Version</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Recorded by</TableCell>
              <TableCell>Reason</TableCell>
              <TableCell>Device</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-decision={r.decision}>
                <TableCell>{r.decision === 'withdrawn' ? CONSENT_WITHDRAWN_NOTE : CONSENT_GIVEN_NOTE}</TableCell>
                <TableCell>{r.version}</TableCell>
                <TableCell>{r.reason === null ? formatDateTime(r.consented_at) : formatDate(r.consented_at)}</TableCell>
                <TableCell>{r.recorded_by === profile.client_id ? 'The client' : `User #${r.recorded_by}`}</TableCell>
                <TableCell>{r.reason ?? '—'}</TableCell>
                <TableCell>{r.user_agent ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      {!history.loading && !history.failed && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No consent history.
        </Typography>
      )}
      <FormDialog
        action={record}
        id="consent-form"
        title={CONSENT_FORM_TITLE}
        submitLabel={CONSENT_FORM_SUBMIT}
        pendingLabel={CONSENT_FORM_PENDING}
        ready={consentFormFilledIn(form)}
        onSubmit={() => record.submit(form)}
        onExited={() => setForm(EMPTY)}
      >
        <FormControl>
          <FormLabel id="consent-decision-label">{CONSENT_DECISION_LABEL}</FormLabel>
          <RadioGroup row aria-labelledby="consent-decision-label" value={form.decision} onChange={(e) => setForm({ ...form, decision: e.target.value })}>
            <FormControlLabel value="given" control={<Radio />} label={CONSENT_DECISION_GIVEN} />
            <FormControlLabel value="withdrawn" control={<Radio />} label={CONSENT_DECISION_WITHDRAWN} />
          </RadioGroup>
        </FormControl>
        <DateField
          label={CONSENT_SIGNED_ON}
          name="signed_on"
          required
          value={form.signed_on}
          onChange={(signed_on) => setForm((f) => ({ ...f, signed_on }))}
          maxDate={today()}
          error={Boolean(fieldError(record, 'signed_on'))}
          helperText={fieldError(record, 'signed_on')}
        />
        <TextField
          label={CONSENT_REASON}
          required
          multiline
          minRows={2}
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
          slotProps={{ htmlInput: { maxLength: CONSENT_REASON_MAX } }}
          error={Boolean(fieldError(record, 'reason'))}
          helperText={fieldError(record, 'reason') ?? CONSENT_REASON_HELP}
        />
      </FormDialog>
    </>
  );
}
