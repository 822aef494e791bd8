// Consent status and history (every consent the client recorded, newest first).
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatDateTime } from '../../lib/staff/format';
import type { ConsentRecord, Profile } from './details-api';
import { useConsentHistory } from './details-hooks';
import { CONSENT_GIVEN, CONSENT_MISSING } from './texts';

export function ConsentSection({ profile }: { profile: Profile }) {
  const history = useConsentHistory(profile.client_id);
  const rows = (history.data ?? []) as ConsentRecord[];
  return (
    <>
      {profile.hipaa_consent ? (
        <Alert severity="success">{CONSENT_GIVEN(formatDate(profile.hipaa_consent_date), profile.hipaa_consent_version ?? '—')}</Alert>
      ) : (
        <Alert severity="warning">{CONSENT_MISSING}</Alert>
      )}
      {history.failed && <Alert severity="error">{history.error}</Alert>}
      {rows.length > 0 && (
        <Table size="small" aria-label="Consent history" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Consented</TableCell>
              <TableCell>Recorded by</TableCell>
              <TableCell>Device</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.version}</TableCell>
                <TableCell>{formatDateTime(r.consented_at)}</TableCell>
                <TableCell>{r.recorded_by === profile.client_id ? 'The client' : `User #${r.recorded_by}`}</TableCell>
                <TableCell>{r.user_agent ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {!history.loading && !history.failed && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No consent history.
        </Typography>
      )}
    </>
  );
}
