// /thrive-dashboard: the whole clinic at a glance. Tiles, the sessions-per-week and status
// charts, and the needs-attention table (server-side: pages and filters run on the server).
// A row opens that client's dashboard.
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { GridColDef } from '@mui/x-data-grid';
import { Link, useLocation } from 'wouter';
import { TRACK_STATUSES, type TrackStatus } from '../../../machines/thrive-dashboard/track-rules';
import { getHref } from '../../app/port';
import { formatDate, fullName } from '../../lib/staff/format';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid';
import type { AttentionRow, ThriveSummary } from './thrive-dashboard-api';
import { useThriveDashboard } from './thrive-dashboard-hooks';
import { RISK_FLAG_LABELS, THRIVE_TEXT as T, TRACK_LABELS } from './texts';

type Row = AttentionRow & { id: number };

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
export const STATUS_COLOURS: Record<TrackStatus, 'success' | 'warning' | 'error'> = { on_track: 'success', at_risk: 'warning', off_track: 'error' };

const columns: GridColDef<Row>[] = [
  {
    field: 'name',
    headerName: 'Client',
    flex: 1.2,
    minWidth: 170,
    sortable: false,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Link href={getHref('thriveDashboardUser', { id: row.client })} tabIndex={-1}>
        {fullName(row)}
      </Link>
    ),
  },
  { field: 'program_name', headerName: 'Program', flex: 1, minWidth: 150, sortable: false },
  { field: 'status', headerName: 'Status', width: 120, sortable: false, renderCell: ({ row }) => <Chip size="small" color={STATUS_COLOURS[row.status]} label={TRACK_LABELS[row.status]} /> },
  { field: 'attendance', headerName: T.attendance, width: 120, sortable: false, valueGetter: (v) => percent(v as number | null) },
  { field: 'package_use', headerName: T.packageUse, width: 120, sortable: false, valueGetter: (v) => percent(v as number | null) },
  { field: 'elapsed', headerName: T.elapsed, width: 150, sortable: false, valueGetter: (v) => percent(v as number) },
  { field: 'last_visit', headerName: 'Last visit', width: 130, sortable: false, valueGetter: (v) => (v ? formatDate(v as string) : '—') },
  {
    field: 'flags',
    headerName: 'Reasons',
    flex: 1.4,
    minWidth: 220,
    sortable: false,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
        {row.flags.map((f) => (
          <Chip key={f} size="small" variant="outlined" color="error" label={RISK_FLAG_LABELS[f]} />
        ))}
      </Stack>
    ),
  },
];

function Tile({ label, value, detail, name }: { label: string; value: number; detail?: string; name: string }) {
  return (
    <Card sx={{ flex: 1, minWidth: 160 }} data-tile={name}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-value>
          {value.toLocaleString('en-IN')}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function SummaryView({ summary }: { summary: ThriveSummary }) {
  const sessions = summary.sessions_this_week.reduce((n, s) => n + s.sessions, 0);
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: "wrap" }} useFlexGap>
        <Tile name="active-enrollments" label={T.tiles.activeEnrollments} value={summary.active_enrollments} />
        <Tile name="sessions-this-week" label={T.tiles.sessionsThisWeek} value={sessions} detail={summary.sessions_this_week.map((s) => `${s.therapy} ${s.sessions}`).join(', ')} />
        <Tile name="package-sessions-left" label={T.tiles.packageSessionsLeft} value={summary.package_sessions_left} />
        <Tile name="overdue" label={T.tiles.overdue} value={summary.overdue.forms + summary.overdue.thrive_checks} detail={T.overdueDetail(summary.overdue.forms, summary.overdue.thrive_checks)} />
        <Tile name="without-visit" label={T.tiles.withoutVisit} value={summary.without_visit_30_days} />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Card sx={{ flex: 2 }} data-chart="sessions-per-week">
          <CardContent>
            <Typography variant="h6" component="h2">
              {T.sessionsPerWeek}
            </Typography>
            <BarChart
              height={220}
              xAxis={[{ scaleType: 'band', data: summary.sessions_per_week.map((w) => formatDate(w.week)) }]}
              series={[{ data: summary.sessions_per_week.map((w) => w.sessions), label: T.sessionsPerWeek }]}
              hideLegend
            />
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }} data-chart="status-distribution">
          <CardContent>
            <Typography variant="h6" component="h2">
              {T.statusDistribution}
            </Typography>
            <PieChart
              height={220}
              series={[{ innerRadius: 40, data: TRACK_STATUSES.map((s, i) => ({ id: i, value: summary.status_counts[s], label: `${TRACK_LABELS[s]} (${summary.status_counts[s]})` })) }]}
            />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

export function ThriveDashboardPage() {
  const [, navigate] = useLocation();
  const { summary, options, attention } = useThriveDashboard();
  const programs = options.data?.programs ?? [];
  const coaches = options.data?.coaches ?? [];
  return (
    <GridPage
      page="thrive-dashboard"
      title={T.title}
      actionLabel={T.refresh}
      onAction={() => {
        summary.reload();
        attention.reload();
      }}
    >
      {summary.failed && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={summary.retry}>{T.retry}</Button>}>
          {T.loadFailed} {summary.error}
        </Alert>
      )}
      {summary.data ? <SummaryView summary={summary.data} /> : !summary.failed && <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} aria-busy="true" />}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.attentionTitle}
      </Typography>
      <Box>
        <ServerGrid<Row>
          list={attention}
          columns={columns}
          sortFields={{}}
          title={T.attentionTitle}
          searchLabel="Search client name"
          filters={[
            { name: 'program', label: T.filterProgram, minWidth: 170, options: [['', T.allPrograms], ...programs.map((p): [string, string] => [String(p.id), p.name])] },
            { name: 'coach', label: T.filterCoach, minWidth: 170, options: [['', T.anyCoach], ...coaches.map((c): [string, string] => [String(c.id), fullName(c)])] },
            { name: 'started', label: T.filterStarted, minWidth: 170, options: [['', T.anyTime], ...[30, 90, 180].map((d): [string, string] => [String(d), T.startedWithin(d)])] },
            { name: 'status', label: T.filterStatus, minWidth: 140, options: [['', T.anyStatus], ['off_track', TRACK_LABELS.off_track], ['at_risk', TRACK_LABELS.at_risk], ['on_track', TRACK_LABELS.on_track]] },
          ]}
          emptyText={T.attentionEmpty}
          loadFailedText={T.attentionFailed}
          retryLabel={T.retry}
          onOpenRow={(row) => navigate(getHref('thriveDashboardUser', { id: row.client }))}
        />
      </Box>
    </GridPage>
  );
}
