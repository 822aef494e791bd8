// The client record's Support section: the client's tickets (subject, category, status, last
// update), read-only; staff work them in the back office's queue.
import { Alert, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { CATEGORY_LABELS } from '../../../machines/support/support-rules';
import { STAFF_STATUS_LABELS, SUPPORT_TEXTS } from '../../../machines/support/support-texts';
import { ScrollTable } from '../../lib/scroll-table';
import { formatDateTime } from '../../lib/staff/format';
import type { ClientTicket } from './support-api';
import { useClientTickets } from './support-hooks';
import { LAST_UPDATE, NO_TICKETS, TICKETS_LIST } from './support-texts';

export function SupportSection({ clientId }: { clientId: number }) {
  const tickets = useClientTickets(clientId);
  const rows = (tickets.data?.results ?? []) as ClientTicket[];
  if (tickets.failed) return <Alert severity="error">{tickets.error}</Alert>;
  if (!tickets.data) return null;
  if (rows.length === 0) return <Typography color="text.secondary">{NO_TICKETS}</Typography>;
  return (
    <ScrollTable size="small" aria-label={TICKETS_LIST} data-testid="client-tickets">
      <TableHead>
        <TableRow>
          <TableCell>{SUPPORT_TEXTS.subject}</TableCell>
          <TableCell>{SUPPORT_TEXTS.category}</TableCell>
          <TableCell>{SUPPORT_TEXTS.status}</TableCell>
          <TableCell>{LAST_UPDATE}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((t) => (
          <TableRow key={t.id}>
            <TableCell>{t.subject}</TableCell>
            <TableCell>{CATEGORY_LABELS[t.category]}</TableCell>
            <TableCell>{STAFF_STATUS_LABELS[t.status]}</TableCell>
            <TableCell>{formatDateTime(t.updated_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
