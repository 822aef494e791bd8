// The client's thrive checks: each with the points and risk band the server scored and stored.
import { Alert, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { ScrollTable } from '../../../lib/scroll-table.tsx';
import { formatDateTime } from '../../../lib/staff/format.ts';
import type { ThriveCheck } from '../clients-api.ts';

export function ThriveSection({ checks, error }: { checks: ThriveCheck[]; error: string | null }) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (checks.length === 0) return <Typography color="text.secondary">No thrive checks yet.</Typography>;
  return (
    <ScrollTable size="small" aria-label="Thrive checks">
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
    </ScrollTable>
  );
}
