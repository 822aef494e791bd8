// /discovery: the prospect pipeline as a board (a column per open stage; dragging a card asks the
// pipeline chart whether that move exists, and only then asks the server), as a server-side list,
// and as funnel charts for a date range. "New prospect" adds one (a possible duplicate is shown
// before anything is saved).
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { conversionRate } from '../../../machines/discovery/funnel-range.ts';
import { OPEN_STAGES, type PipelineStage } from '../../../machines/discovery/pipeline-lifecycle.ts';
import { canMove, needsFollowUp, needsReason } from '../../../machines/discovery/pipeline-rules.ts';
import { canSaveProspect, canSubmitMove, EMPTY_PROSPECT_FORM, moveFields, prospectBody } from '../../../machines/discovery/prospect-forms.ts';
import { getHref } from '../../app/port.ts';
import { DateField } from '../../lib/date-field.tsx';
import { fieldError } from '../../lib/staff/confirm-dialog.tsx';
import { formatDate, fullName } from '../../lib/staff/format.ts';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { PhoneField } from '../../lib/staff/phone-field.tsx';
import { GridPage, ServerGrid } from '../../lib/staff/server-grid.tsx';
import type { Funnel, Prospect } from './discovery-api.ts';
import { type FunnelHandle, type MoveRequest, useDiscovery } from './discovery-hooks.ts';
import { DISCOVERY_TEXT as T, SOURCE_LABELS, STAGE_LABELS } from './texts.ts';

type Row = Prospect & { id: number };

const columns: GridColDef<Row>[] = [
  {
    field: 'last_name',
    headerName: 'Prospect',
    flex: 1.2,
    minWidth: 170,
    valueGetter: (_v, row) => fullName(row),
    renderCell: ({ row }) => (
      <Link href={getHref('clientDiscovery', { clientId: row.id })} tabIndex={-1}>
        {fullName(row)}
      </Link>
    ),
  },
  { field: 'stage', headerName: T.filters.stage, width: 150, sortable: false, valueGetter: (v) => STAGE_LABELS[v as PipelineStage] },
  { field: 'source', headerName: T.filters.source, width: 130, sortable: false, valueGetter: (v) => SOURCE_LABELS[v as Prospect['source']] },
  { field: 'owner_name', headerName: T.filters.owner, width: 160, sortable: false, valueGetter: (v) => v ?? '—' },
  { field: 'next_action', headerName: T.prospect.nextAction, flex: 1, minWidth: 160, sortable: false },
  { field: 'next_action_on', headerName: T.filters.due, width: 140, valueGetter: (v) => (v ? formatDate(v as string) : '—') },
];

function ProspectCard({ prospect, onOpen }: { prospect: Prospect; onOpen: () => void }) {
  return (
    <Card draggable onDragStart={(e) => e.dataTransfer.setData('text/plain', String(prospect.id))} data-prospect={prospect.id} variant="outlined">
      <CardActionArea onClick={onOpen}>
        <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
          {/* Not a heading: inside the card's button a heading is flattened into the button's name anyway. */}
          <Typography variant="subtitle2" component="p">
            {fullName(prospect)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {SOURCE_LABELS[prospect.source]}
            {prospect.owner_name ? ` · ${prospect.owner_name}` : ''}
          </Typography>
          {prospect.next_action && (
            <Typography variant="caption" component="p">
              {prospect.next_action}
              {prospect.next_action_on ? ` (${formatDate(prospect.next_action_on)})` : ''}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Board({ prospects, onDrop, onOpen }: { prospects: Prospect[]; onDrop: (p: Prospect, to: PipelineStage) => void; onOpen: (p: Prospect) => void }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ overflowX: 'auto', pb: 1 }} data-view="board">
      {OPEN_STAGES.map((stage) => {
        const cards = prospects.filter((p) => p.stage === stage);
        return (
          <Paper
            key={stage}
            variant="outlined"
            sx={{ minWidth: 220, flex: 1, p: 1, bgcolor: 'action.hover' }}
            data-stage={stage}
            aria-label={STAGE_LABELS[stage]}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const prospect = prospects.find((p) => String(p.id) === e.dataTransfer.getData('text/plain'));
              if (prospect && prospect.stage !== stage) onDrop(prospect, stage);
            }}
          >
            <Typography variant="subtitle1" component="h2" sx={{ px: 0.5, mb: 1 }}>
              {STAGE_LABELS[stage]} ({cards.length})
            </Typography>
            <Stack spacing={1}>
              {cards.map((p) => (
                <ProspectCard key={p.id} prospect={p} onOpen={() => onOpen(p)} />
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

const rate = conversionRate;

function FunnelCharts({ funnel }: { funnel: Funnel }) {
  return (
    <Stack spacing={2} data-view="funnel">
      <Card data-chart="stages">
        <CardContent>
          <Typography variant="h6" component="h2">
            {T.funnel.perStage}
          </Typography>
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: funnel.stages.map((s) => STAGE_LABELS[s.stage]) }]}
            series={[{ data: funnel.stages.map((s) => s.count), label: T.funnel.prospects }]}
            hideLegend
          />
        </CardContent>
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card sx={{ flex: 1 }} data-chart="by-source">
          <CardContent>
            <Typography variant="h6" component="h2">
              {T.funnel.bySource}
            </Typography>
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: funnel.by_source.map((s) => `${SOURCE_LABELS[s.source]} (${rate(s.converted, s.prospects)} %)`) }]}
              series={[
                { data: funnel.by_source.map((s) => s.prospects), label: T.funnel.prospects },
                { data: funnel.by_source.map((s) => s.converted), label: T.funnel.converted },
              ]}
            />
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }} data-chart="by-owner">
          <CardContent>
            <Typography variant="h6" component="h2">
              {T.funnel.byOwner}
            </Typography>
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: funnel.by_owner.map((o) => `${o.name || T.funnel.unassigned} (${rate(o.converted, o.prospects)} %)`) }]}
              series={[
                { data: funnel.by_owner.map((o) => o.prospects), label: T.funnel.prospects },
                { data: funnel.by_owner.map((o) => o.converted), label: T.funnel.converted },
              ]}
            />
          </CardContent>
        </Card>
      </Stack>
    </Stack>
  );
}

/** The funnel's range (held by the funnel chart, which asks the server for each one) and its charts. */
function FunnelTab({ funnel }: { funnel: FunnelHandle }) {
  const { range, problem } = funnel;
  const problemOf = (field: 'date_from' | 'date_to') => (problem?.field === field ? problem.reason : undefined);
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'flex-start' }}>
        <DateField label={T.funnel.from} value={range.from} onChange={funnel.setFrom} error={!!problemOf('date_from')} helperText={problemOf('date_from')} />
        <DateField label={T.funnel.to} value={range.to} onChange={funnel.setTo} error={!!problemOf('date_to')} helperText={problemOf('date_to')} />
        <Button onClick={funnel.reload} disabled={!!problem}>
          {T.refresh}
        </Button>
      </Stack>
      {funnel.loading && <LinearProgress aria-busy="true" sx={{ mb: 1 }} />}
      {funnel.failure && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={funnel.retry}>
              {T.retry}
            </Button>
          }
        >
          {funnel.failure}
        </Alert>
      )}
      {funnel.figures && <FunnelCharts funnel={funnel.figures} />}
    </Box>
  );
}

const EMPTY = EMPTY_PROSPECT_FORM;

export function DiscoveryPage() {
  const [, navigate] = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<'board' | 'list' | 'funnel'>('board');
  const [form, setForm] = useState(EMPTY);
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const [moveForm, setMoveForm] = useState({ reason: '', nurture_on: '' });
  const d = useDiscovery();
  const staff = d.staff.data ?? [];
  const open = (p: Prospect) => navigate(getHref('clientDiscovery', { clientId: p.id }));
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  const duplicate = d.create.error !== null && d.create.error.startsWith(T.duplicateWarning);

  const drop = (prospect: Prospect, to: PipelineStage) => {
    if (!canMove(prospect.stage, to)) {
      enqueueSnackbar(T.dropRefused(STAGE_LABELS[prospect.stage], STAGE_LABELS[to]), { variant: 'error' });
      return;
    }
    const request: MoveRequest = { prospect, to };
    if (needsReason(to) || needsFollowUp(to)) d.move.open(request);
    else {
      d.move.open(request);
      d.move.submit({});
    }
  };

  const submitProspect = () => d.create.submit(prospectBody(form, confirmDuplicate));

  const moving = d.move.subject as MoveRequest | null;
  return (
    <GridPage page="discovery" title={T.title} actionLabel={T.newProspect} onAction={() => d.create.open(null)}>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="board" label={T.tabs.board} />
        <Tab value="list" label={T.tabs.list} />
        <Tab value="funnel" label={T.tabs.funnel} />
      </Tabs>
      {tab === 'board' &&
        (d.board.failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={d.board.retry}>
                {T.retry}
              </Button>
            }
          >
            {T.loadFailed} {d.board.error}
          </Alert>
        ) : (
          <Board prospects={d.board.data ?? []} onDrop={drop} onOpen={open} />
        ))}
      {tab === 'list' && (
        <ServerGrid<Row>
          list={d.list}
          columns={columns}
          sortFields={{ last_name: 'last_name', next_action_on: 'next_action_on' }}
          title={T.title}
          searchLabel="Search name, email or phone"
          filters={[
            { name: 'stage', label: T.filters.stage, minWidth: 170, options: [['', T.filters.anyStage], ...Object.entries(STAGE_LABELS)] },
            {
              name: 'owner',
              label: T.filters.owner,
              minWidth: 170,
              options: [['', T.filters.anyOwner], ...staff.map((s): [string, string] => [String(s.id), fullName(s)])],
            },
            { name: 'source', label: T.filters.source, minWidth: 150, options: [['', T.filters.anySource], ...Object.entries(SOURCE_LABELS)] },
            {
              name: 'due',
              label: T.filters.due,
              minWidth: 190,
              options: [
                ['', T.filters.anyTime],
                ['0', T.filters.dueToday],
                ['7', T.filters.dueWeek],
              ],
            },
          ]}
          emptyText={T.empty}
          loadFailedText={T.loadFailed}
          retryLabel={T.retry}
          onOpenRow={(row) => open(row)}
        />
      )}
      {tab === 'funnel' && <FunnelTab funnel={d.funnel} />}

      <FormDialog
        action={d.create}
        id="new-prospect"
        title={T.newProspect}
        submitLabel={duplicate ? T.saveAnyway : T.save}
        pendingLabel="Saving…"
        ready={canSaveProspect(form, { warned: duplicate, confirmed: confirmDuplicate })}
        onSubmit={submitProspect}
        onExited={() => {
          setForm(EMPTY);
          setConfirmDuplicate(false);
        }}
      >
        {duplicate && (
          <FormControlLabel control={<Checkbox checked={confirmDuplicate} onChange={(e) => setConfirmDuplicate(e.target.checked)} />} label={T.saveAnyway} />
        )}
        <Stack direction="row" spacing={2}>
          <TextField
            label={T.fields.firstName}
            value={form.first_name}
            onChange={set('first_name')}
            required
            fullWidth
            error={!!fieldError(d.create, 'first_name')}
            helperText={fieldError(d.create, 'first_name')}
          />
          <TextField label={T.fields.lastName} value={form.last_name} onChange={set('last_name')} fullWidth />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField
            label={T.fields.email}
            type="email"
            value={form.email}
            onChange={set('email')}
            fullWidth
            error={!!fieldError(d.create, 'email')}
            helperText={fieldError(d.create, 'email')}
          />
          <PhoneField
            size="medium"
            label={T.fields.phone}
            name="phone"
            value={form.phone}
            onChange={(phone) => setForm((f) => ({ ...f, phone }))}
            error={!!fieldError(d.create, 'phone')}
            helperText={fieldError(d.create, 'phone')}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField select label={T.fields.source} value={form.source} onChange={set('source')} fullWidth>
            {Object.entries(SOURCE_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          {form.source === 'referral' && <TextField label={T.fields.referredBy} value={form.referred_by} onChange={set('referred_by')} fullWidth />}
          <TextField select label={T.fields.owner} value={form.owner} onChange={set('owner')} fullWidth>
            <MenuItem value="">{T.filters.anyOwner}</MenuItem>
            {staff.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {fullName(s)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField label={T.fields.nextAction} value={form.next_action} onChange={set('next_action')} fullWidth />
          <DateField
            label={T.fields.nextActionOn}
            value={form.next_action_on}
            onChange={(next_action_on) => setForm((f) => ({ ...f, next_action_on }))}
            fullWidth
          />
        </Stack>
        <TextField label={T.fields.interests} value={form.interests} onChange={set('interests')} fullWidth />
        <TextField label={T.fields.notes} value={form.notes} onChange={set('notes')} multiline minRows={2} fullWidth />
      </FormDialog>

      <FormDialog
        action={d.move}
        id="move-prospect"
        title={moving ? `${fullName(moving.prospect)}: ${STAGE_LABELS[moving.to]}` : T.prospect.move}
        submitLabel={T.prospect.move}
        pendingLabel="Moving…"
        ready={!moving || canSubmitMove(moving.to, moveForm)}
        onSubmit={() => d.move.submit(moving ? moveFields(moving.to, moveForm) : {})}
        onExited={() => setMoveForm({ reason: '', nurture_on: '' })}
        maxWidth="xs"
      >
        {moving && needsReason(moving.to) && (
          <TextField
            label={T.prospect.reason}
            value={moveForm.reason}
            onChange={(e) => setMoveForm((f) => ({ ...f, reason: e.target.value }))}
            required
            fullWidth
          />
        )}
        {moving && needsFollowUp(moving.to) && (
          <DateField
            label={T.prospect.followUp}
            value={moveForm.nurture_on}
            onChange={(nurture_on) => setMoveForm((f) => ({ ...f, nurture_on }))}
            required
            fullWidth
          />
        )}
      </FormDialog>
    </GridPage>
  );
}
