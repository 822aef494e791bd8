// The staff support queue (/support, and one client's tickets on their record): the tickets of the
// categories the signed-in role answers (clinic settings; the server filters and enforces it) in a
// server-side DataGrid (status, category, assignee, age), filtered, sorted and paged by the server
// through the support desk machine; on a client's record, a ticket opened for the client; the
// chosen ticket's whole conversation, internal notes included, with assignment, the chart's next
// statuses for staff, replies (a canned reply to start from) and internal notes, either carrying
// images or PDFs the server checks; every file on the ticket downloads from here.
import { Alert, Box, Button, Chip, MenuItem, Stack, Switch, FormControlLabel, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { type FormEvent, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { type DeskTicket, type TicketDraft, supportDeskMachine } from '../../../machines/support/desk-machine.ts';
import { deskSelectors } from '../../../machines/support/selectors.ts';
import { CATEGORY_LABELS, type TicketCategory } from '../../../machines/support/support-rules.ts';
import { categoriesFor, ticketRoutingOf } from '../../../machines/staff/work-routing.ts';
import { CANNED_REPLIES, STAFF_STATUS_LABELS, SUPPORT_TEXTS as T } from '../../../machines/support/support-texts.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../machines/support/ticket-lifecycle.ts';
import { useShell } from '../../app/port.ts';
import { useRecord } from '../../lib/staff/hooks.ts';
import {
  assignTicket,
  type Attachment,
  loadMe,
  loadTicket,
  loadTicketRouting,
  loadTickets,
  moveTicket,
  openClientTicket,
  saveAttachment,
  sendMessage,
  type Ticket,
  type TicketDetail,
} from './support-api.ts';
import { AttachButton } from './attach-button.tsx';
import { formatDateTime } from '../../lib/format.ts';

const DAY = 86_400_000;
const ageOf = (iso: string) => {
  const days = Math.floor((Date.now() - Date.parse(iso)) / DAY);
  return days < 1 ? 'today' : `${days} d`;
};

function useQueue(client: number | null) {
  const { api, auth } = useShell();
  const ref = usePageActor(
    supportDeskMachine.provide({
      actors: {
        loadTickets: fromPromise(({ input }) => loadTickets(api, input.client, input.query) as Promise<{ count: number; results: DeskTicket[] }>),
        loadTicket: fromPromise(async ({ input }) => (await loadTicket(api, input.id)) as DeskTicket),
        createTicket: fromPromise(async ({ input }) => (await openClientTicket(api, input.client!, input.draft)) as DeskTicket),
        sendMessage: fromPromise(async ({ input }) => (await sendMessage(api, input.id, input.draft)) as DeskTicket),
        moveTicket: fromPromise(async ({ input }) => (await moveTicket(api, input.id, input.to)) as DeskTicket),
        assignTicket: fromPromise(async ({ input }) => (await assignTicket(api, input.id, input.assignee)) as DeskTicket),
      },
    }),
    // The queue opens on what waits on the clinic; a client's record on all of the client's tickets.
    { input: { staff: true, client, query: client === null ? { status: ['new', 'open'], ordering: 'created_at' } : {} } },
  );
  // "Assign to me" needs the signed-in staff member's id; without it the button is not offered.
  const me = useRecord(() => loadMe(api)).data;
  // The categories this role answers (clinic settings): the filter and a new ticket offer only these.
  const routing = useRecord(() => loadTicketRouting(api)).data;
  const mine = routing ? categoriesFor(auth.role, ticketRoutingOf(routing)) : null;
  const download = (file: Attachment) => void saveAttachment(api, file);
  return { ref, me, mine, download };
}

/** The age filter's choices, in days. */
const AGE_FILTERS = [1, 3, 7, 14] as const;

const SORT_FIELDS: Record<string, string> = { status: 'status', category: 'category', age: 'created_at' };

/** The staff queue; `client` narrows it to one client's tickets and lets staff open one for them. */
export function SupportQueueSection({ client = null }: { client?: number | null }) {
  const { ref, me, mine, download } = useQueue(client);
  const notice = useSelector(ref, deskSelectors.notice);
  const fieldErrors = useSelector(ref, deskSelectors.fieldErrors);
  const tickets = useSelector(ref, deskSelectors.tickets) as unknown as Ticket[];
  const count = useSelector(ref, deskSelectors.count);
  const query = useSelector(ref, deskSelectors.query);
  const pending = useSelector(ref, deskSelectors.pending);
  const message = useSelector(ref, deskSelectors.message);
  const selected = useSelector(ref, deskSelectors.selected) as unknown as TicketDetail | null;
  const moves = useSelector(ref, deskSelectors.moves);
  const columns = useMemo<GridColDef<Ticket>[]>(
    () => [
      { field: 'id', headerName: '#', width: 70, sortable: false },
      { field: 'subject', headerName: T.subject, flex: 1, minWidth: 180, sortable: false },
      { field: 'client_name', headerName: 'Client', minWidth: 140, sortable: false },
      { field: 'status', headerName: T.status, minWidth: 130, valueFormatter: (v: TicketStatus) => STAFF_STATUS_LABELS[v] },
      { field: 'category', headerName: T.category, minWidth: 120, valueFormatter: (v: TicketCategory) => CATEGORY_LABELS[v] },
      { field: 'assignee_name', headerName: T.assignee, minWidth: 140, sortable: false, valueFormatter: (v: string | null) => v ?? T.unassigned },
      { field: 'age', headerName: T.age, minWidth: 90, valueGetter: (_v, row) => row.created_at, valueFormatter: (v: string) => ageOf(v) },
    ],
    [],
  );
  const sortModel = useMemo<GridSortModel>(() => {
    const field = Object.keys(SORT_FIELDS).find((k) => SORT_FIELDS[k] === query.ordering.replace(/^-/, ''));
    return field ? [{ field, sort: query.ordering.startsWith('-') ? 'desc' : 'asc' }] : [];
  }, [query.ordering]);
  const send = (patch: Parameters<typeof ref.send>[0] extends infer E ? (E extends { type: 'desk.query'; patch: infer P } ? P : never) : never) =>
    ref.send({ type: 'desk.query', patch });
  return (
    <Box data-section="support-queue">
      {mine !== null && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="support-categories">
          {mine.length ? T.yourCategories(mine.map((c) => CATEGORY_LABELS[c])) : T.noCategories}
        </Alert>
      )}
      {client !== null && mine !== null && mine.length > 0 && (
        <NewClientTicket categories={mine} pending={pending} errors={fieldErrors} onOpen={(draft) => ref.send({ type: 'desk.create', draft })} />
      )}
      {notice && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} data-testid="support-done">
          {T.done[notice]}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={T.status}
          value={query.status.join(',')}
          onChange={(e) => send({ status: e.target.value ? (e.target.value.split(',') as TicketStatus[]) : [] })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          <MenuItem value="new,open">New and open</MenuItem>
          {TICKET_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STAFF_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={T.category}
          value={query.category ?? ''}
          onChange={(e) => send({ category: (e.target.value || null) as TicketCategory | null })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {(mine ?? []).map((c) => (
            <MenuItem key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={T.assignee}
          value={query.assignee === null ? '' : String(query.assignee)}
          onChange={(e) => send({ assignee: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Anyone</MenuItem>
          <MenuItem value="0">{T.unassigned}</MenuItem>
          {me !== null && <MenuItem value={String(me)}>Me</MenuItem>}
        </TextField>
        <TextField
          select
          size="small"
          label={T.age}
          value={query.minAgeDays === null ? '' : String(query.minAgeDays)}
          onChange={(e) => send({ minAgeDays: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{T.anyAge}</MenuItem>
          {AGE_FILTERS.map((days) => (
            <MenuItem key={days} value={String(days)}>
              {T.olderThan(days)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <DataGrid
        rows={tickets}
        columns={columns}
        rowCount={count}
        loading={pending}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        paginationModel={{ page: query.page, pageSize: query.pageSize }}
        onPaginationModelChange={(m) => send({ page: m.page, pageSize: m.pageSize })}
        pageSizeOptions={[25, 50, 100]}
        sortModel={sortModel}
        onSortModelChange={(m) => {
          const first = m[0];
          send({ ordering: first?.sort && SORT_FIELDS[first.field] ? `${first.sort === 'desc' ? '-' : ''}${SORT_FIELDS[first.field]}` : '-updated_at' });
        }}
        onRowClick={(p) => ref.send({ type: 'desk.select', id: Number(p.id) })}
        autoHeight
        density="compact"
      />
      {selected && (
        <TicketPanel
          ticket={selected}
          moves={moves}
          me={me}
          pending={pending}
          onMove={(to) => ref.send({ type: 'desk.move', to })}
          onAssign={(assignee) => ref.send({ type: 'desk.assign', assignee })}
          onReply={(body, internal, files) => ref.send({ type: 'desk.reply', draft: { body, internal, files } })}
          onDownload={download}
        />
      )}
    </Box>
  );
}

/** A ticket staff open for the client whose record this is, in a category their role answers. */
function NewClientTicket(props: {
  categories: TicketCategory[];
  pending: boolean;
  errors: Record<string, string[] | undefined>;
  onOpen: (draft: TicketDraft) => void;
}) {
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!category) return;
    props.onOpen({ category, subject: subject.trim(), message, appointment: null, labOrder: null, files: [] });
    setSubject('');
    setMessage('');
  };
  const err = (f: string) => props.errors[f]?.join(' ');
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ mb: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
      aria-label={T.openForClient}
      data-testid="new-client-ticket"
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {T.openForClient}
      </Typography>
      <Stack spacing={1}>
        <TextField
          select
          size="small"
          label={T.category}
          value={category}
          onChange={(e) => setCategory(e.target.value as TicketCategory)}
          error={!!err('category')}
          helperText={err('category')}
          sx={{ maxWidth: 320 }}
        >
          {props.categories.map((c) => (
            <MenuItem key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={T.subject}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={!!err('subject')}
          helperText={err('subject')}
        />
        <TextField
          label={T.message}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          error={!!err('message')}
          helperText={err('message')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={props.pending || !category || !subject.trim() || !message.trim()}>
            {T.send}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function TicketPanel(props: {
  ticket: TicketDetail;
  moves: TicketStatus[];
  me: number | null;
  pending: boolean;
  onMove: (to: TicketStatus) => void;
  onAssign: (assignee: number | null) => void;
  onReply: (body: string, internal: boolean, files: File[]) => void;
  onDownload: (file: Attachment) => void;
}) {
  const { ticket } = props;
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onReply(body, internal, files);
    setBody('');
    setFiles([]);
  };
  return (
    <Box sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-queue-ticket={ticket.id}>
      <Typography variant="h6" component="h3">
        #{ticket.id} {ticket.subject} — {ticket.client_name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={STAFF_STATUS_LABELS[ticket.status]} data-status={ticket.status} />
        {ticket.appointment !== null && <Chip variant="outlined" label={T.aboutAppointment(ticket.appointment)} data-field="appointment" />}
        {ticket.lab_order !== null && <Chip variant="outlined" label={T.aboutLabOrder(ticket.lab_order)} data-field="lab-order" />}
        <Typography variant="body2">
          {T.assignee}: {ticket.assignee_name ?? T.unassigned}
        </Typography>
        {props.me !== null && ticket.assignee !== props.me && (
          <Button size="small" onClick={() => props.onAssign(props.me)} disabled={props.pending}>
            Assign to me
          </Button>
        )}
        {ticket.assignee !== null && (
          <Button size="small" onClick={() => props.onAssign(null)} disabled={props.pending}>
            Unassign
          </Button>
        )}
        {props.moves.map((to) => (
          <Button key={to} size="small" variant="outlined" onClick={() => props.onMove(to)} disabled={props.pending}>
            {STAFF_STATUS_LABELS[to]}
          </Button>
        ))}
      </Stack>
      <Stack spacing={1} sx={{ my: 2 }}>
        {ticket.messages.map((m) => (
          <Box
            key={m.id}
            sx={{
              p: 1,
              borderRadius: 1,
              bgcolor: m.internal ? 'warning.light' : m.from_clinic ? 'action.hover' : 'transparent',
              border: 1,
              borderColor: 'divider',
            }}
            data-message={m.id}
          >
            <Typography variant="caption">
              {m.author_name}
              {m.internal ? ' · internal note' : ''} · {formatDateTime(m.created_at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography>
            {m.attachments.map((a) => (
              <Button key={a.id} size="small" onClick={() => props.onDownload(a)}>
                {a.file_name}
              </Button>
            ))}
          </Box>
        ))}
      </Stack>
      {ticket.status !== 'closed' && (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={1}>
            <TextField
              select
              size="small"
              label={T.cannedReply}
              value=""
              onChange={(e) => setBody(CANNED_REPLIES.find((c) => c.id === e.target.value)?.body ?? body)}
              sx={{ maxWidth: 320 }}
            >
              {CANNED_REPLIES.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.title}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={T.reply} name="staff-reply" value={body} onChange={(e) => setBody(e.target.value)} multiline minRows={3} />
            <FormControlLabel control={<Switch checked={internal} onChange={(e) => setInternal(e.target.checked)} />} label={T.internalNote} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <AttachButton label={T.attach} accept="image/*,application/pdf" field="staff-attachments" onFiles={setFiles} />
              <Typography variant="body2" data-field="staff-attached">
                {files.map((f) => f.name).join(', ')}
              </Typography>
              <Button type="submit" variant="contained" disabled={props.pending || !body.trim()}>
                {T.send}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
