// /thrive-dashboard/{id}: one client's progress against their goals. Goals against their latest
// values coloured by range, a trend chart per measured metric with the target band and "Add
// measurement", program progress, sessions done and left per package, the heart-risk history of
// past thrive checks, the next appointments, cognitive results (reviewed on the client record) and
// the client's latest lab markers.
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { Link as RouterLink, useParams } from 'wouter';
import { getHref } from '../../app/paths.ts';
import { latestOwnMarkers } from '../../../machines/thrive/lab-markers.ts';
import { METRIC_SPECS, type Metric } from '../../../machines/thrive/metrics.ts';
import type { RangeStanding } from '../../../machines/thrive/goals.ts';
import { COGNITIVE_DOMAIN_NAMES } from '../cognitive/index.ts';
import { formatDate, formatDateTime, fullName } from '../../lib/staff/format.ts';
import { MeasurementDialog } from './measurement-dialog.tsx';
import type { CognitiveResults, LabReport, Measurement, ThriveClient } from './thrive-api.ts';
import { useThriveClient } from './thrive-hooks.ts';
import { STATUS_COLOURS } from './thrive-dashboard-page.tsx';
import { LAB_FLAG_LABELS, RISK_FLAG_LABELS, THRIVE_TEXT as T, TRACK_LABELS } from './texts.ts';
import { TrendChart } from './trend-chart.tsx';
import { words } from '../../../machines/rules/words.ts';

const STANDING_COLOURS: Record<RangeStanding | 'no_target', 'success' | 'warning' | 'error' | 'default'> = {
  in_range: 'success',
  near: 'warning',
  out_of_range: 'error',
  no_reading: 'default',
  no_target: 'default',
};
const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);

function Section({ title, name, children }: { title: string; name: string; children: React.ReactNode }) {
  return (
    <Card sx={{ mb: 2 }} data-section={name}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Goals({ goals }: { goals: ThriveClient['goals'] }) {
  if (goals.length === 0) return <Typography color="text.secondary">{T.noGoals}</Typography>;
  return (
    <Stack spacing={1}>
      {goals.map((g, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-goal={g.area}>
          <Typography sx={{ flex: 1, minWidth: 200 }}>
            {g.description}{' '}
            {g.target_date && (
              <Typography component="span" color="text.secondary">
                ({T.byWhen(formatDate(g.target_date))})
              </Typography>
            )}
          </Typography>
          {g.metric ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {METRIC_SPECS[g.metric].label} {g.low}–{g.high} {METRIC_SPECS[g.metric].unit}
              </Typography>
              <Chip
                size="small"
                color={STANDING_COLOURS[g.standing]}
                label={g.latest === null ? T.noReading : `${g.latest} ${METRIC_SPECS[g.metric].unit}`}
                data-standing={g.standing}
              />
              {g.worsening && <Chip size="small" variant="outlined" color="error" label={T.worsening} />}
            </>
          ) : (
            <Chip size="small" label={T.noTarget} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function Trends({ data, readings }: { data: ThriveClient; readings: Measurement[] }) {
  const metrics = [...new Set(readings.map((r) => r.metric))] as Metric[];
  if (metrics.length === 0) return <Typography color="text.secondary">{T.noMeasurements}</Typography>;
  const bandOf = (m: Metric) => {
    const g = data.goals.find((x) => x.metric === m && x.low !== null && x.high !== null);
    return g ? { low: g.low!, high: g.high! } : undefined;
  };
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
      {metrics.map((m) => (
        <TrendChart key={m} metric={m} readings={readings.filter((r) => r.metric === m)} band={bandOf(m)} />
      ))}
    </Stack>
  );
}

const LAB_FLAG_COLOURS = { normal: 'success', low: 'warning', high: 'warning', critical: 'error' } as const;

/** The completed screening runs, newest first, and the in-clinic instruments' totals. */
function Cognitive({ results, clientId }: { results: CognitiveResults; clientId: number }) {
  const runs = results.runs.filter((r) => r.status === 'completed' && r.total !== null).slice(0, 5);
  const instruments = results.instruments.slice(0, 5);
  return (
    <Stack spacing={1}>
      {runs.length + instruments.length === 0 && <Typography color="text.secondary">{T.noCognitive}</Typography>}
      {runs.map((r) => (
        <Box key={`run-${r.id}`} data-run={r.id}>
          <Typography>
            {formatDate(r.completed_at ?? r.started_at)} · <strong>{T.cognitiveRun(r.total!)}</strong>
          </Typography>
          {r.domains && (
            <Typography variant="body2" color="text.secondary">
              {Object.entries(r.domains)
                .map(([d, v]) => `${COGNITIVE_DOMAIN_NAMES[d as keyof typeof COGNITIVE_DOMAIN_NAMES] ?? d} ${v}`)
                .join(' · ')}
            </Typography>
          )}
        </Box>
      ))}
      {instruments.map((i) => (
        <Typography key={`instrument-${i.id}`} data-instrument={i.id}>
          {formatDate(i.administered_on)} · {i.instrument} ·{' '}
          <strong>
            {i.total} / {i.max_total}
          </strong>
        </Typography>
      ))}
      <Button component={RouterLink} href={getHref('clientDetails', { clientId })} size="small" sx={{ alignSelf: 'flex-start' }}>
        {T.reviewOnRecord}
      </Button>
    </Stack>
  );
}

/** The latest value of each marker of the client's own results (machines/thrive/lab-markers.ts). */
function LabMarkers({ reports }: { reports: LabReport[] }) {
  const latest = latestOwnMarkers(reports);
  if (latest.length === 0) return <Typography color="text.secondary">{T.noLabs}</Typography>;
  return (
    <List dense disablePadding>
      {latest.map((m) => (
        <ListItem key={m.marker} disableGutters data-marker={m.marker}>
          <ListItemText primary={`${m.name}: ${m.value} ${m.unit}`} secondary={formatDate(m.at)} />
          <Chip size="small" color={LAB_FLAG_COLOURS[m.flag]} label={LAB_FLAG_LABELS[m.flag]} />
        </ListItem>
      ))}
    </List>
  );
}

function Assessments({ assessments, clientId }: { assessments: ReturnType<typeof useThriveClient>['assessments']; clientId: number }) {
  if (assessments.failed && !assessments.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={assessments.retry}>
            {T.retry}
          </Button>
        }
      >
        {T.assessmentsFailed}
      </Alert>
    );
  }
  if (!assessments.data) return <Skeleton variant="rounded" height={80} />;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Box sx={{ flex: 1 }}>
        <Section title={T.cognitive} name="cognitive">
          <Cognitive results={assessments.data.cognitive} clientId={clientId} />
        </Section>
      </Box>
      <Box sx={{ flex: 1 }}>
        <Section title={T.labs} name="labs">
          <LabMarkers reports={assessments.data.labs} />
        </Section>
      </Box>
    </Stack>
  );
}

export function ThriveClientPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { dashboard, measurements, assessments, add } = useThriveClient(Number(id));
  const data = dashboard.data;
  if (dashboard.missing)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning">{T.clientMissing}</Alert>
      </Box>
    );
  if (dashboard.failed && !data) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={dashboard.retry}>
              {T.retry}
            </Button>
          }
        >
          {T.loadFailed} {dashboard.error}
        </Alert>
      </Box>
    );
  }
  if (!data)
    return (
      <Box sx={{ p: 3 }} aria-busy="true">
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-page="thrive-client">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }} spacing={1}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {T.clientTitle(fullName(data.client))}
        </Typography>
        {data.flags.map((f) => (
          <Chip key={f} color="error" label={RISK_FLAG_LABELS[f]} />
        ))}
        <Button variant="contained" onClick={() => add.open(null)}>
          {T.addMeasurement}
        </Button>
      </Stack>
      <Section title={T.goals} name="goals">
        <Goals goals={data.goals} />
      </Section>
      <Section title={T.trends} name="trends">
        <Trends data={data} readings={measurements.data ?? []} />
      </Section>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box sx={{ flex: 1 }}>
          <Section title={T.programs} name="programs">
            {data.enrollments.length === 0 && <Typography color="text.secondary">{T.noPrograms}</Typography>}
            {data.enrollments.map((e) => (
              <Box key={e.id} sx={{ mb: 1.5 }} data-enrollment={e.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ flex: 1 }}>{e.program_name}</Typography>
                  <Chip size="small" color={STATUS_COLOURS[e.status]} label={TRACK_LABELS[e.status]} />
                </Stack>
                <LinearProgress variant="determinate" value={Math.round(e.elapsed * 100)} aria-label={`${e.program_name}: ${T.elapsed}`} sx={{ my: 0.5 }} />
                <Typography variant="caption" color="text.secondary">
                  {T.elapsed} {percent(e.elapsed)} · {T.attendance} {percent(e.attendance)} · {T.packageUse} {percent(e.package_use)}
                </Typography>
              </Box>
            ))}
          </Section>
          <Section title={T.packages} name="packages">
            {data.packages.length === 0 && <Typography color="text.secondary">{T.noPackages}</Typography>}
            {data.packages.map((p) => (
              <Typography key={p.id} data-package={p.id}>
                {words(p.therapy)}: {T.sessionsLeft(p.sessions_used, p.sessions_left)}
                {p.expires_on && ` (expires ${formatDate(p.expires_on)})`}
              </Typography>
            ))}
          </Section>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Section title={T.heartRisk} name="heart-risk">
            {data.heart_risk.length === 0 ? (
              <Typography color="text.secondary">{T.noChecks}</Typography>
            ) : (
              <LineChart
                height={200}
                xAxis={[
                  { scaleType: 'point', data: data.heart_risk.map((c) => `${formatDate(c.taken_at)}#${c.id}`), valueFormatter: (v: string) => v.split('#')[0] },
                ]}
                yAxis={[{ min: 0, max: 30 }]}
                series={[{ data: data.heart_risk.map((c) => c.risk_percentage), label: '10-year risk %' }]}
              />
            )}
          </Section>
          <Section title={T.nextAppointments} name="next-appointments">
            {data.next_appointments.length === 0 ? (
              <Typography color="text.secondary">{T.noAppointments}</Typography>
            ) : (
              <List dense>
                {data.next_appointments.map((a) => (
                  <ListItem key={a.id} disableGutters>
                    <ListItemText primary={`${formatDateTime(a.starts_at)} · ${a.service_name}`} secondary={a.staff_name} />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
        </Box>
      </Stack>
      <Assessments assessments={assessments} clientId={Number(id)} />
      <MeasurementDialog action={add} />
    </Box>
  );
}
