// The client's thrive checks (heart-risk scores), when this server has the thrive-check API;
// without it the page leaves the section out.
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../../lib/staff/format';
import type { ThriveCheckSummary } from './details-api';

export function ThriveSection({ checks, error }: { checks: ThriveCheckSummary[]; error: string | null }) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (checks.length === 0) return <Typography color="text.secondary">No thrive checks yet.</Typography>;
  return (
    <Table size="small" aria-label="Thrive checks">
      <TableHead>
        <TableRow>
          <TableCell>Taken</TableCell>
          <TableCell>Points</TableCell>
          <TableCell>10-year risk</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {checks.map((c) => (
          <TableRow key={c.id}>
            <TableCell>{formatDateTime(c.taken_at)}</TableCell>
            <TableCell>{c.points}</TableCell>
            <TableCell>{c.band}%</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
