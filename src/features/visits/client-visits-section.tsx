// The therapy visits of a client's record: each visit chart with its therapy, status and when it
// was started, signed or opened, linked to the chart itself. Charting happens on the chart's page.
import { Alert, Button, Chip, CircularProgress, Link, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'wouter';
import { visitChartHref } from '../../app/paths.ts';
import { useShell } from '../../app/port.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useRecord } from '../../lib/staff/hooks.ts';
import { loadClientVisits, type VisitSummary } from './visits-api.ts';
import { VISITS_SECTION as T } from './client-visits-texts.ts';
import { words } from '../../../machines/rules/words.ts';

const STATUS_COLOUR = { draft: 'default', in_progress: 'info', completed: 'warning', signed: 'success', aborted: 'default' } as const;
const whenOf = (v: VisitSummary) => v.signed_at ?? v.completed_at ?? v.started_at ?? v.created_at;

export function VisitsSection({ clientId }: { clientId: number }) {
  const { api } = useShell();
  const record = useRecord(() => loadClientVisits(api, clientId));
  if (record.failed && !record.data) {
    return (
      <Alert severity="error" action={<Button onClick={record.retry}>{T.retry}</Button>}>
        {T.failed}
      </Alert>
    );
  }
  if (!record.data) return <CircularProgress aria-label={T.title} />;
  const { visits, names } = record.data;
  if (visits.length === 0) return <Typography data-section="visits">{T.empty}</Typography>;
  return (
    <ScrollTable size="small" aria-label={T.list} data-section="visits">
      <TableHead>
        <TableRow>
          <TableCell>{T.columns.when}</TableCell>
          <TableCell>{T.columns.therapy}</TableCell>
          <TableCell>{T.columns.status}</TableCell>
          <TableCell>{T.columns.chart}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {visits.map((v) => (
          <TableRow key={v.id} data-visit={v.id}>
            <TableCell>{formatDateTime(whenOf(v))}</TableCell>
            <TableCell>{names[v.therapy] ?? words(v.therapy)}</TableCell>
            <TableCell>
              <Chip size="small" color={STATUS_COLOUR[v.status]} label={T.status[v.status] ?? v.status} />
            </TableCell>
            <TableCell>
              <Link component={RouterLink} href={visitChartHref(v)}>
                {T.open}
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}
