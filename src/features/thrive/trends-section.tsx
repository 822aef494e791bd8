// The client's own trends on /user/home: their weight and blood pressure over time, their goals
// against the latest values, and "Add reading" for their own weight or blood pressure, stored as
// self-reported. Staff opening a client's portal read-only see it without the button.
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { lazy, Suspense } from 'react';
import { METRIC_SPECS, type Metric, SELF_REPORTED_METRICS } from '../../../machines/thrive/metrics.ts';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import { addMeasurement, loadOwnTrends, type OwnTrends } from './thrive-api.ts';
import { formatDate } from '../../lib/format.ts';

// Not on the home's first paint: the chart library (about 270 KiB) loads once there is a reading
// to draw, and the reading form (its date field about 165 KiB) when it is first opened. A client
// with no readings, who never adds one here, downloads and runs neither.
const LineChart = lazy(async () => ({ default: (await import('@mui/x-charts/LineChart')).LineChart }));
const MeasurementFormDialog = lazy(async () => ({ default: (await import('./measurement-form-dialog.tsx')).MeasurementFormDialog }));
const CHART_HEIGHT = 200;

export const TRENDS_TEXT = {
  title: 'Your trends',
  addReading: 'Add reading',
  adding: 'Adding…',
  add: 'Add',
  reading: 'Reading',
  value: 'Value',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  unit: 'Unit',
  added: 'Reading added.',
  noReadings: 'No readings yet. Add your weight or blood pressure to start your trend.',
  selfReported: 'self-reported',
  goals: 'Your goals',
  loadFailed: 'Your trends could not be loaded.',
  retry: 'Retry',
} as const;

function Trend({ metric, readings }: { metric: Metric; readings: OwnTrends['readings'] }) {
  const rows = readings.filter((r) => r.metric === metric);
  if (rows.length === 0) return null;
  const spec = METRIC_SPECS[metric];
  const series = [{ data: rows.map((r) => r.value), label: metric === 'blood_pressure' ? 'Systolic' : spec.label }];
  if (metric === 'blood_pressure') series.push({ data: rows.map((r) => r.value2 ?? (null as unknown as number)), label: 'Diastolic' });
  const last = rows[rows.length - 1];
  return (
    <Box sx={{ flex: '1 1 320px' }} data-trend={metric} data-readings={rows.length}>
      <Typography variant="subtitle1" component="h3">
        {spec.label}: {last.value}
        {last.value2 !== null ? `/${last.value2}` : ''} {spec.unit}{' '}
        {last.source === 'client' && <Chip size="small" variant="outlined" label={TRENDS_TEXT.selfReported} />}
      </Typography>
      <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
        <LineChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'point', data: rows.map((r) => `${formatDate(r.taken_at)}#${r.id}`), valueFormatter: (v: string) => v.split('#')[0] }]}
          series={series}
        />
      </Suspense>
    </Box>
  );
}

/** A client's own reading: weight or blood pressure, taken now, through the shared reading form. */
const READING_WORDS = {
  title: TRENDS_TEXT.addReading,
  submit: TRENDS_TEXT.add,
  pending: TRENDS_TEXT.adding,
  metric: TRENDS_TEXT.reading,
  value: TRENDS_TEXT.value,
  systolic: TRENDS_TEXT.systolic,
  diastolic: TRENDS_TEXT.diastolic,
  unit: TRENDS_TEXT.unit,
};

export function TrendsSection({ clientId }: { clientId: string }) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const trends = useRecord(() => loadOwnTrends(api, Number(clientId)));
  const add = useAction<null>(
    (_s, values) => addMeasurement(api, values as never),
    () => {
      enqueueSnackbar(TRENDS_TEXT.added, { variant: 'success' });
      trends.reload();
    },
  );
  const data = trends.data;
  const measured = data?.goals.filter((g) => g.metric !== null) ?? [];
  return (
    <Card sx={{ mt: 2 }} data-card="trends">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {TRENDS_TEXT.title}
          </Typography>
          {auth.role === 'CLIENT' && (
            <Button variant="outlined" onClick={() => add.open(null)}>
              {TRENDS_TEXT.addReading}
            </Button>
          )}
        </Stack>
        {trends.failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={trends.retry}>
                {TRENDS_TEXT.retry}
              </Button>
            }
          >
            {TRENDS_TEXT.loadFailed}
          </Alert>
        )}
        {data && data.readings.length === 0 && <Typography color="text.secondary">{TRENDS_TEXT.noReadings}</Typography>}
        {data && (
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {SELF_REPORTED_METRICS.map((m) => (
              <Trend key={m} metric={m} readings={data.readings} />
            ))}
          </Stack>
        )}
        {measured.length > 0 && (
          <Box sx={{ mt: 1 }} data-field="goals">
            <Typography variant="subtitle2" component="h3">
              {TRENDS_TEXT.goals}
            </Typography>
            {measured.map((g, i) => (
              <Typography key={i} variant="body2">
                {g.description}: {METRIC_SPECS[g.metric!].label} {g.low}–{g.high} {METRIC_SPECS[g.metric!].unit}
                {g.latest !== null ? `, now ${g.latest}` : ''}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
      {add.isOpen && (
        <Suspense fallback={null}>
          <MeasurementFormDialog action={add} id="add-reading" metrics={SELF_REPORTED_METRICS} words={READING_WORDS} />
        </Suspense>
      )}
    </Card>
  );
}
