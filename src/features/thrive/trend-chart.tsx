// One metric's trend: its current readings over time with the goal's target band drawn behind
// them (two reference lines), so a coach sees at a glance whether the line heads into the band.
import { Card, CardContent, Typography } from '@mui/material';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { METRIC_SPECS, type Metric } from '../../../machines/thrive/metrics.ts';
import { formatDate } from '../../lib/staff/format.ts';
import type { Measurement } from './thrive-api.ts';
import { THRIVE_TEXT as T } from './texts.ts';

export function TrendChart({ metric, readings, band }: { metric: Metric; readings: Measurement[]; band?: { low: number; high: number } }) {
  const spec = METRIC_SPECS[metric];
  const series = [{ data: readings.map((r) => r.value), label: metric === 'blood_pressure' ? 'Systolic' : spec.label, showMark: true }];
  if (metric === 'blood_pressure') series.push({ data: readings.map((r) => r.value2 ?? (null as unknown as number)), label: 'Diastolic', showMark: true });
  return (
    <Card sx={{ flex: '1 1 360px' }} data-trend={metric} data-readings={readings.length}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {spec.label} ({spec.unit})
        </Typography>
        <LineChart
          height={220}
          xAxis={[{ scaleType: 'point', data: readings.map((r) => `${formatDate(r.taken_at)}#${r.id}`), valueFormatter: (v: string) => v.split('#')[0] }]}
          series={series}
        >
          {band && <ChartsReferenceLine y={band.low} label={`${T.target} ${band.low}`} lineStyle={{ strokeDasharray: '4 4' }} />}
          {band && <ChartsReferenceLine y={band.high} label={`${T.target} ${band.high}`} lineStyle={{ strokeDasharray: '4 4' }} />}
        </LineChart>
      </CardContent>
    </Card>
  );
}
