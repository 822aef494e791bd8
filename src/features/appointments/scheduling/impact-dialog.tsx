// The impacted appointments of a change and the three ways on: keep them as exceptions, cancel
// them with a message to each client, or drop the change (nothing saved yet).
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/staff/format.ts';
import type { ImpactedChange } from './scheduling-hooks.ts';
import {
  CANCEL_AND_NOTIFY,
  CANCEL_REASON_LABEL,
  DEFAULT_CANCEL_REASON,
  DROP_CHANGE,
  IMPACT_INTRO,
  IMPACT_MORE,
  IMPACT_TITLE,
  KEEP_AS_EXCEPTIONS,
} from './texts.ts';

export function ImpactDialog({ change }: { change: Pick<ImpactedChange, 'deciding' | 'abandon' | 'keep' | 'cancelAppointments'> }) {
  const impact = change.deciding;
  const [reason, setReason] = useState(DEFAULT_CANCEL_REASON);
  return (
    <Dialog open={!!impact} onClose={change.abandon} aria-labelledby="impact-title" fullWidth maxWidth="sm">
      <DialogTitle id="impact-title">{IMPACT_TITLE}</DialogTitle>
      {impact && (
        <DialogContent>
          <Typography gutterBottom>{IMPACT_INTRO(impact.total)}</Typography>
          <List dense aria-label="Affected appointments" data-testid="impacted-appointments">
            {impact.appointments.map(({ appointment, reasons }) => (
              <ListItem key={appointment.id} disableGutters>
                <ListItemText primary={`${formatDateTime(appointment.start)} · ${appointment.service_name}`} secondary={reasons.join(' ')} />
              </ListItem>
            ))}
          </List>
          {impact.total > impact.appointments.length && <Alert severity="info">{IMPACT_MORE(impact.appointments.length, impact.total)}</Alert>}
          <TextField fullWidth size="small" sx={{ mt: 2 }} label={CANCEL_REASON_LABEL} value={reason} onChange={(e) => setReason(e.target.value)} />
        </DialogContent>
      )}
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={change.abandon}>{DROP_CHANGE}</Button>
        <Button variant="outlined" onClick={change.keep}>
          {KEEP_AS_EXCEPTIONS}
        </Button>
        <Button variant="contained" color="warning" disabled={!reason.trim()} onClick={() => change.cancelAppointments(reason)}>
          {CANCEL_AND_NOTIFY}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
