// /user/reports/{clientId}: the client's released lab reports, each value with its range bar and
// flag, the lab's PDF, and a trend chart per marker across reports; prints as a clean page (the
// app's navigation and the buttons are left out). Renders the reports chart (machines/labs/reports-machine.ts).
// Below the reports, when the client has any, a short summary of their latest thrive check and
// their cognitive results (machines/labs/health-summary.ts); nothing at all when they have none.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  GlobalStyles,
  MenuItem,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { Link as RouterLink, useParams } from 'wouter';
import { getHref } from '../../app/paths.ts';
import { hasSummary, type HealthSummary } from '../../../machines/labs/health-summary.ts';
import { rangeBarPosition } from '../../../machines/labs/lab-rules.ts';
import type { ReportResult } from '../../../machines/labs/reports-machine.ts';
import { formatDate } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { riskText } from '../clients/index.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { useReports } from './labs-hooks.ts';
import { LABS_TEXT as T } from './texts.ts';

const FLAG_COLOUR = { normal: 'success', low: 'warning', high: 'warning', critical: 'error' } as const;
const PRINT =
  '@media print { header, nav, .MuiDrawer-root, .MuiAppBar-root, [data-print="hide"] { display: none !important; } [data-page="portal-reports"] { max-width: none !important; } }';

function RangeBar({ result }: { result: ReportResult }) {
  if (result.low === null || result.high === null) return null;
  const at = rangeBarPosition(result.value, result.low, result.high);
  return (
    <Box
      role="img"
      aria-label={`${result.value} ${result.unit}, ${T.range(result.low, result.high, result.unit)}`}
      sx={{ position: 'relative', height: 10, width: 160, borderRadius: 5, bgcolor: 'grey.300' }}
      data-range-bar={at.toFixed(2)}
    >
      <Box sx={{ position: 'absolute', left: '25%', width: '50%', height: '100%', bgcolor: 'success.light', borderRadius: 5 }} />
      <Box
        sx={{
          position: 'absolute',
          left: `calc(${(at * 100).toFixed(1)}% - 5px)`,
          top: -2,
          width: 10,
          height: 14,
          borderRadius: 2,
          bgcolor: result.flag === 'normal' ? 'success.dark' : result.flag === 'critical' ? 'error.main' : 'warning.main',
        }}
      />
    </Box>
  );
}

function Summary({ summary, clientId }: { summary: HealthSummary; clientId: string }) {
  const { thrive, cognitive } = summary;
  return (
    <Box component="section" aria-labelledby="other-results" sx={{ mb: 3 }} data-health-summary>
      <Typography id="other-results" variant="h5" component="h2" sx={{ mb: 1 }}>
        {T.summaryTitle}
      </Typography>
      {thrive && (
        <Box sx={{ mb: 2 }} data-thrive-summary={thrive.id}>
          <Typography variant="subtitle1" component="h3">
            {T.thriveTitle}
          </Typography>
          <Typography>{T.thriveLine(formatDate(thrive.taken_at), riskText(thrive.band))}</Typography>
          <Typography variant="body2" color="text.secondary">
            {T.thriveFigures(thrive)}
          </Typography>
          <Button component={RouterLink} href={getHref('portalThriveCheck', { clientId })} size="small" data-print="hide">
            {T.seeThriveCheck}
          </Button>
        </Box>
      )}
      {cognitive.length > 0 && (
        <Box data-cognitive-summary>
          <Typography variant="subtitle1" component="h3">
            {T.cognitiveTitle}
          </Typography>
          <Box component="ul" sx={{ pl: 2, my: 0 }}>
            {cognitive.map((c) => (
              <li key={c.key} data-cognitive={c.key}>
                {T.cognitiveLine(formatDate(c.date), c.test ?? T.screening, c.score, c.max)}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

export function ReportsPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const r = useReports(clientId);
  const page = 'portal-reports';
  if (r.failed) {
    return (
      <PageFrame title={T.reportsTitle} page={page}>
        <LoadFailed onRetry={r.retry} />
      </PageFrame>
    );
  }
  if (r.loading) {
    return (
      <PageFrame title={T.reportsTitle} page={page}>
        <CircularProgress aria-label={T.reportsTitle} />
      </PageFrame>
    );
  }
  const chosen = r.markers.find((m) => m.code === r.marker);
  return (
    <PageFrame title={T.reportsTitle} page={page}>
      <GlobalStyles styles={PRINT} />
      {r.reports.length === 0 && <Typography>{T.noReports}</Typography>}
      {r.reports.length > 0 && (
        <Button variant="outlined" onClick={() => window.print()} sx={{ mb: 2 }} data-print="hide">
          {T.print}
        </Button>
      )}
      {chosen && (
        <Card sx={{ mb: 3 }} data-trend={chosen.code} data-points={r.trend.length}>
          <CardContent>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="h5" component="h2">
                {T.trend}
              </Typography>
              <TextField select size="small" label={T.marker} value={chosen.code} onChange={(e) => r.pickMarker(e.target.value)} data-print="hide">
                {r.markers.map((m) => (
                  <MenuItem key={m.code} value={m.code}>
                    {m.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Typography variant="subtitle1">
              {chosen.name} ({chosen.unit})
            </Typography>
            <LineChart
              height={220}
              xAxis={[{ scaleType: 'point', data: r.trend.map((p) => formatDate(p.start)) }]}
              series={[{ data: r.trend.map((p) => p.value), label: chosen.name, showMark: true }]}
            />
          </CardContent>
        </Card>
      )}
      {r.reports.map((report) => (
        <Card key={report.order} sx={{ mb: 3 }} data-report={report.order}>
          <CardContent>
            <Typography variant="h5" component="h2">
              {T.report(formatDate(report.start))}
            </Typography>
            {report.status === 'partial' && <Typography color="text.secondary">{T.partial}</Typography>}
            {report.people.map((person) => {
              const results = report.results.filter((x) => x.person === person.id);
              if (results.length === 0) return null;
              return (
                <Box key={person.id} sx={{ mt: 2 }}>
                  {report.people.length > 1 && (
                    <Typography variant="subtitle1" component="h3">
                      {T.person(person.self ? T.self : person.name)}
                    </Typography>
                  )}
                  <ScrollTable size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{T.marker}</TableCell>
                        <TableCell>Value</TableCell>
                        <TableCell>Range</TableCell>
                        <TableCell />
                        <TableCell>Flag</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {results.map((x) => (
                        <TableRow key={`${x.person}-${x.marker}`} data-marker={x.marker_code} data-flag={x.flag}>
                          <TableCell>
                            {x.marker_name}
                            {x.status !== 'final' && (
                              <Typography variant="caption" component="span">
                                {' '}
                                ({T.status[x.status]})
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell>
                            {x.value} {x.unit}
                          </TableCell>
                          <TableCell>{T.range(x.low, x.high, x.unit)}</TableCell>
                          <TableCell>
                            <RangeBar result={x} />
                          </TableCell>
                          <TableCell>
                            <Chip size="small" color={FLAG_COLOUR[x.flag]} label={T.flag[x.flag]} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </ScrollTable>
                </Box>
              );
            })}
            {report.pdf && (
              <Button sx={{ mt: 2 }} variant="outlined" onClick={() => void r.download(report.order, report.pdf!.file_name)} data-print="hide">
                {T.pdf}
              </Button>
            )}
          </CardContent>
        </Card>
      ))}
      {r.summary && hasSummary(r.summary) && <Summary summary={r.summary} clientId={clientId} />}
    </PageFrame>
  );
}
