// A client's Labs section on their record: every report in the lab's hands or released (processing,
// partial, ready), each marker's value with its flag, for the clinician reading the record. Orders
// are worked at the lab desk (back office, Labs tab). Renders the reports chart (machines/labs/reports-machine.ts).
import { Alert, Box, Button, Chip, CircularProgress, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { fromPromise } from 'xstate';
import { reportsSelectors } from '../../../machines/labs/lab-selectors.ts';
import { reportsMachine } from '../../../machines/labs/reports-machine.ts';
import { useShell } from '../../app/port.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { loadReports } from './labs-api.ts';
import { LABS_SECTION } from './client-labs-texts.ts';
import { wordsInSentence } from '../../../machines/rules/words.ts';

const FLAG_COLOUR = { normal: 'success', low: 'warning', high: 'warning', critical: 'error' } as const;

export function LabsSection({ clientId }: { clientId: number }) {
  const { api } = useShell();
  const ref = usePageActor(reportsMachine.provide({ actors: { loadReports: fromPromise(({ input }) => loadReports(api, input.clientId)) } }), {
    input: { clientId: String(clientId) },
  });
  const loading = useSelector(ref, reportsSelectors.isLoading);
  const failed = useSelector(ref, reportsSelectors.isFailed);
  const reports = useSelector(ref, (s) => s.context.reports);
  if (loading) return <CircularProgress aria-label={LABS_SECTION.title} />;
  if (failed)
    return (
      <Alert severity="error" action={<Button onClick={() => ref.send({ type: 'reports.retry' })}>{LABS_SECTION.retry}</Button>}>
        {LABS_SECTION.failed}
      </Alert>
    );
  if (reports.length === 0) return <Typography>{LABS_SECTION.empty}</Typography>;
  return (
    <Box data-section="labs">
      {reports.map((report) => (
        <Box key={report.order} sx={{ mb: 2 }} data-lab-report={report.order}>
          <Typography variant="subtitle1" component="h3">
            {LABS_SECTION.report(report.order, report.status)}
          </Typography>
          <ScrollTable size="small">
            <TableHead>
              <TableRow>
                <TableCell>Person</TableCell>
                <TableCell>Marker</TableCell>
                <TableCell>Value</TableCell>
                <TableCell>Range</TableCell>
                <TableCell>Flag</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.results.map((r) => (
                <TableRow key={`${r.person}-${r.marker}`}>
                  <TableCell>{report.people.find((p) => p.id === r.person)?.name}</TableCell>
                  <TableCell>
                    {r.marker_name} ({wordsInSentence(r.status)})
                  </TableCell>
                  <TableCell>
                    {r.value} {r.unit}
                  </TableCell>
                  <TableCell>{r.low !== null && r.high !== null ? `${r.low}–${r.high}` : '—'}</TableCell>
                  <TableCell>
                    <Chip size="small" color={FLAG_COLOUR[r.flag]} label={LABS_SECTION.flag[r.flag]} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        </Box>
      ))}
    </Box>
  );
}
