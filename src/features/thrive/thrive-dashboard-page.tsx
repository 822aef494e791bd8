// /thrive-dashboard: the whole clinic at a glance. Tiles, the sessions-per-week and status
// charts, and the needs-attention table (server-side: pages and filters run on the server).
// A row opens that client's dashboard. Each tile is a link to `?tile=<tile>`, which lists the
// clients behind its figure (server-side pages) above the table.
import { Alert, Box, Button, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Link, useLocation, useSearch } from 'wouter';
import { type ThriveTile, tileOf } from '../../../machines/thrive/tiles.ts';
import { TRACK_STATUSES, type TrackStatus } from '../../../machines/thrive/track-rules.ts';
import { getHref } from '../../app/port.ts';
import { formatNumber } from '../../lib/format.ts';
import { formatDate, formatDateTime, fullName } from '../../lib/staff/format.ts';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid.tsx';
import type { AttentionRow, ThriveSummary, TileRow } from './thrive-api.ts';
import { useThriveDashboard, useTileClients } from './thrive-hooks.ts';
import { RISK_FLAG_LABELS, THRIVE_TEXT as T, TRACK_LABELS } from './texts.ts';
import { words } from '../../../machines/rules/words.ts';

type Row = AttentionRow & { id: number };

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
export const STATUS_COLOURS: Record<TrackStatus, 'success' | 'warning' | 'error'> = { on_track: 'success', at_risk: 'warning', off_track: 'error' };

/** The client's name, a link to their dashboard. */
function clientColumn<R extends { client: number; first_name: string; last_name: string }>(): GridColDef<R> {
  return {
    field: 'name',
    headerName: 'Client',
    flex: 1.2,
    minWidth: 150,
    sortable: false,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Link href={getHref('thriveDashboardUser', { id: row.client })} tabIndex={-1}>
        {fullName(row)}
      </Link>
    ),
  };
}

const columns: GridColDef<Row>[] = [
  clientColumn<Row>(),
  { field: 'program_name', headerName: 'Program', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 100,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" color={STATUS_COLOURS[row.status]} label={TRACK_LABELS[row.status]} />,
  },
  { field: 'attendance', headerName: T.attendance, width: 100, sortable: false, valueGetter: (v) => percent(v as number | null) },
  { field: 'package_use', headerName: T.packageUse, width: 104, sortable: false, valueGetter: (v) => percent(v as number | null) },
  { field: 'elapsed', headerName: T.elapsed, width: 136, sortable: false, valueGetter: (v) => percent(v as number) },
  { field: 'last_visit', headerName: 'Last visit', width: 96, sortable: false, valueGetter: (v) => (v ? formatDate(v as string) : '—') },
  {
    field: 'flags',
    headerName: 'Reasons',
    flex: 1.4,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      // The reasons wrap onto more lines (the row grows) rather than running off the grid (issue 32).
      <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5, py: 1, minHeight: 52 }}>
        {row.flags.map((f) => (
          <Chip
            key={f}
            size="small"
            variant="outlined"
            color="error"
            label={RISK_FLAG_LABELS[f]}
            sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
          />
        ))}
      </Stack>
    ),
  },
];

const TILE_LABELS: Record<ThriveTile, string> = {
  active_enrollments: T.tiles.activeEnrollments,
  sessions_this_week: T.tiles.sessionsThisWeek,
  package_sessions_left: T.tiles.packageSessionsLeft,
  overdue: T.tiles.overdue,
  without_visit: T.tiles.withoutVisit,
};

const tileHref = (tile: ThriveTile) => getHref('thriveDashboard', {}, { tile });

function Tile({ tile, value, detail, name, open }: { tile: ThriveTile; value: number; detail?: string; name: string; open: boolean }) {
  const label = TILE_LABELS[tile];
  return (
    <Card sx={{ flex: 1, minWidth: 160 }} data-tile={name} variant={open ? 'outlined' : 'elevation'}>
      <CardActionArea component={Link} href={tileHref(tile)} aria-label={T.tileOpens(label)} aria-current={open ? 'true' : undefined} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" data-value>
            {formatNumber(value)}
          </Typography>
          {detail && (
            <Typography variant="caption" color="text.secondary">
              {detail}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

type TileGridRow = TileRow & { id: number };

const whatOf = (tile: ThriveTile, item: string | null) => (tile === 'overdue' ? (item === 'forms' ? T.overdueForms : T.overdueCheck) : (item ?? '—'));
const whenOf = (at: string | null) => (at === null ? '—' : at.length === 10 ? formatDate(at) : formatDateTime(at));

/** The clients behind one tile: what each row counts, when, and how much it adds to the figure. */
function TileClients({ tile }: { tile: ThriveTile }) {
  const [, navigate] = useLocation();
  const { list, total } = useTileClients(tile);
  const label = TILE_LABELS[tile];
  const columns: GridColDef<TileGridRow>[] = [
    clientColumn<TileGridRow>(),
    { field: 'item', headerName: T.tileWhat, flex: 1, minWidth: 140, sortable: false, valueGetter: (v) => whatOf(tile, v as string | null) },
    { field: 'at', headerName: T.tileWhen, width: 190, sortable: false, valueGetter: (v) => whenOf(v as string | null) },
    { field: 'amount', headerName: T.tileAmount, width: 100, sortable: false, type: 'number', valueFormatter: (v) => formatNumber(v as number) },
  ];
  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-tile-clients={tile} aria-busy={list.loading}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={2}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {T.tileClients(label)}
          </Typography>
          {total !== null && (
            <Typography color="text.secondary" data-tile-total={total}>
              {T.tileCount(list.count, total)}
            </Typography>
          )}
          <Button component={Link} href={getHref('thriveDashboard')}>
            {T.tileClose}
          </Button>
        </Stack>
        {list.failure !== null && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={list.retry}>
                {T.retry}
              </Button>
            }
          >
            {T.tileFailed} {list.failure}
          </Alert>
        )}
        <Box sx={{ height: 420 }}>
          <DataGrid
            aria-label={T.tileClients(label)}
            rows={list.rows as unknown as TileGridRow[]}
            columns={columns}
            rowCount={list.count}
            loading={list.loading}
            paginationMode="server"
            disableColumnFilter
            disableRowSelectionOnClick
            pageSizeOptions={[10, 25, 50, 100]}
            paginationModel={{ page: list.query.page, pageSize: list.query.pageSize }}
            onPaginationModelChange={(m) => list.page(m.page, m.pageSize)}
            onRowClick={({ row }) => navigate(getHref('thriveDashboardUser', { id: row.client }))}
            slots={{ noRowsOverlay: () => <Box sx={{ p: 4, textAlign: 'center' }}>{T.tileEmpty}</Box> }}
            sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

function SummaryView({ summary, open }: { summary: ThriveSummary; open: ThriveTile | null }) {
  const sessions = summary.sessions_this_week.reduce((n, s) => n + s.sessions, 0);
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <Tile name="active-enrollments" tile="active_enrollments" open={open === 'active_enrollments'} value={summary.active_enrollments} />
        <Tile
          name="sessions-this-week"
          tile="sessions_this_week"
          open={open === 'sessions_this_week'}
          value={sessions}
          detail={summary.sessions_this_week.map((s) => `${words(s.therapy)} ${s.sessions}`).join(', ')}
        />
        <Tile name="package-sessions-left" tile="package_sessions_left" open={open === 'package_sessions_left'} value={summary.package_sessions_left} />
        <Tile
          name="overdue"
          tile="overdue"
          open={open === 'overdue'}
          value={summary.overdue.forms + summary.overdue.thrive_checks}
          detail={T.overdueDetail(summary.overdue.forms, summary.overdue.thrive_checks)}
        />
        <Tile name="without-visit" tile="without_visit" open={open === 'without_visit'} value={summary.without_visit_30_days} />
      </Stack>
      {open && <TileClients key={open} tile={open} />}
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
              series={[
                {
                  innerRadius: 40,
                  data: TRACK_STATUSES.map((s, i) => ({ id: i, value: summary.status_counts[s], label: `${TRACK_LABELS[s]} (${summary.status_counts[s]})` })),
                },
              ]}
            />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

export function ThriveDashboardPage() {
  const [, navigate] = useLocation();
  const open = tileOf(useSearch());
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
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={summary.retry}>
              {T.retry}
            </Button>
          }
        >
          {T.loadFailed} {summary.error}
        </Alert>
      )}
      {summary.data ? (
        <SummaryView summary={summary.data} open={open} />
      ) : (
        !summary.failed && <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} aria-busy="true" />
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {T.attentionTitle}
      </Typography>
      <Box>
        <ServerGrid<Row>
          autoRowHeight
          list={attention}
          columns={columns}
          sortFields={{}}
          title={T.attentionTitle}
          searchLabel="Search client name"
          filters={[
            {
              name: 'program',
              label: T.filterProgram,
              minWidth: 170,
              options: [['', T.allPrograms], ...programs.map((p): [string, string] => [String(p.id), p.name])],
            },
            {
              name: 'coach',
              label: T.filterCoach,
              minWidth: 170,
              options: [['', T.anyCoach], ...coaches.map((c): [string, string] => [String(c.id), fullName(c)])],
            },
            {
              name: 'started',
              label: T.filterStarted,
              minWidth: 170,
              options: [['', T.anyTime], ...[30, 90, 180].map((d): [string, string] => [String(d), T.startedWithin(d)])],
            },
            {
              name: 'status',
              label: T.filterStatus,
              minWidth: 140,
              options: [
                ['', T.anyStatus],
                ['off_track', TRACK_LABELS.off_track],
                ['at_risk', TRACK_LABELS.at_risk],
                ['on_track', TRACK_LABELS.on_track],
              ],
            },
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
