// /client/discovery/{clientId}: one prospect. Details, every stage change, the pre-visit
// questionnaire, calls and discovery visits; actions: book a discovery visit (free times from
// scheduling), log a call, edit the pipeline details (owner, next action and its date, interests,
// notes), move the stage (what the chart allows now), convert to client.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { PipelineStage } from '../../../machines/discovery/pipeline-lifecycle.ts';
import { canConvert, movesFrom, needsFollowUp, needsReason } from '../../../machines/discovery/pipeline-rules.ts';
import { canBookVisit, canConvertWith, canLogCall, canSubmitMove, conversionBody, moveFields } from '../../../machines/discovery/prospect-forms.ts';
import { getHref } from '../../app/port.ts';
import { useRecord } from '../../lib/staff/hooks.ts';
import { fieldError } from '../../lib/staff/confirm-dialog.tsx';
import { formatDate, formatDateTime, formatPhone, fullName } from '../../lib/staff/format.ts';
import { DateField } from '../../lib/date-field.tsx';
import { clinicToday } from '../../lib/format.ts';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { ApiClient } from '../../lib/api-client.ts';
import { fetchSlots, type ProspectDetail } from './discovery-api.ts';
import { useProspect } from './discovery-hooks.ts';
import { DISCOVERY_TEXT as T, OUTCOME_LABELS, SOURCE_LABELS, STAGE_LABELS } from './texts.ts';
import { words } from '../../../machines/rules/words.ts';

const today = () => clinicToday();

const NO_DETAILS = { owner: '', next_action: '', next_action_on: '', interests: '', notes: '' };
/** The pipeline work on a prospect as the edit form holds it. */
const detailsOf = (p: ProspectDetail) => ({
  owner: p.owner ? String(p.owner) : '',
  next_action: p.next_action,
  next_action_on: p.next_action_on ?? '',
  interests: p.interests.join(', '),
  notes: p.notes,
});

function Section({ title, name, children }: { title: string; name: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" data-section={name}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Details({ p }: { p: ProspectDetail }) {
  const rows: Array<[string, string]> = [
    [T.fields.email, p.email ?? '—'],
    [T.fields.phone, formatPhone(p.phone)],
    [T.fields.source, SOURCE_LABELS[p.source] + (p.referred_by ? ` (${p.referred_by})` : '')],
    [T.prospect.owner, p.owner_name ?? '—'],
    [T.prospect.nextAction, p.next_action ? `${p.next_action}${p.next_action_on ? ` · ${formatDate(p.next_action_on)}` : ''}` : '—'],
    [T.fields.interests, p.interests.join(', ') || '—'],
    [T.fields.notes, p.notes || '—'],
  ];
  return (
    <Stack spacing={0.5}>
      {rows.map(([label, value]) => (
        <Typography key={label} variant="body2">
          <strong>{label}:</strong> {value}
        </Typography>
      ))}
      {p.possible_duplicate_of && (
        <Alert severity="warning">
          {T.prospect.duplicateOf} <Link href={getHref('clientDetails', { clientId: p.possible_duplicate_of })}>#{p.possible_duplicate_of}</Link>
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The free times of one service on one day. Mounted afresh (keyed) for every service and day
 * chosen: the record machine ignores a reload while a load is in flight, so reloading one loader
 * kept the answer for the first choice (today, often already closed) when the day followed fast.
 */
function FreeTimes({
  api,
  service,
  day,
  value,
  error,
  onChange,
}: {
  api: ApiClient;
  service: number;
  day: string;
  value: string;
  error: boolean;
  onChange: (start: string) => void;
}) {
  const slots = useRecord(() => fetchSlots(api, service, day));
  if (!slots.data) return slots.failed ? <Alert severity="error">{slots.error}</Alert> : <LinearProgress aria-busy="true" />;
  if (slots.data.slots.length === 0) return <Typography variant="body2">{T.prospect.noSlots}</Typography>;
  return (
    <TextField select label={T.prospect.slot} value={value} onChange={(e) => onChange(e.target.value)} error={error} fullWidth>
      {slots.data.slots.map((s) => (
        <MenuItem key={s.start} value={s.start}>
          {formatDateTime(s.start)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ProspectPage() {
  const params = useParams<{ clientId: string }>();
  return <ProspectView id={Number(params.clientId)} />;
}

function ProspectView({ id }: { id: number }) {
  const h = useProspect(id);
  const p = h.prospect.data;
  const [moveForm, setMoveForm] = useState({ to: '', reason: '', nurture_on: '' });
  const [summary, setSummary] = useState('');
  const [booking, setBooking] = useState({ service: '', day: today(), start: '' });
  const [conversion, setConversion] = useState({ email: '', program: '', start_date: today() });
  const [details, setDetails] = useState(NO_DETAILS);
  const pick = (next: Partial<typeof booking>) => setBooking((b) => ({ ...b, ...next, start: '' }));

  if (h.prospect.failed)
    return (
      <Alert severity="error" sx={{ m: 3 }}>
        {h.prospect.error}
      </Alert>
    );
  if (!p) return <LinearProgress aria-busy="true" />;
  const moves = movesFrom(p.stage);
  const to = moveForm.to as PipelineStage;
  const programs = (h.programs.data ?? []).filter((x) => x.active);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }} data-page="prospect">
      <Link href={getHref('discovery')}>{T.prospect.back}</Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h5" component="h1">
          {fullName(p)}
        </Typography>
        <Chip label={STAGE_LABELS[p.stage]} color={p.stage === 'enrol' ? 'success' : 'default'} data-field="stage" />
        <Box sx={{ flexGrow: 1 }} />
        {moves.includes('discovery_booked') && (
          <Button variant="contained" onClick={() => h.book.open(null)}>
            {T.prospect.bookVisit}
          </Button>
        )}
        <Button onClick={() => h.call.open(null)}>{T.prospect.logCall}</Button>
        <Button
          onClick={() => {
            setDetails(detailsOf(p));
            h.edit.open(null);
          }}
        >
          {T.prospect.edit}
        </Button>
        {moves.length > 0 && <Button onClick={() => h.move.open(null)}>{T.prospect.move}</Button>}
        {canConvert(p.stage) && (
          <Button
            variant="contained"
            color="success"
            onClick={() => {
              setConversion((c) => ({ ...c, email: p.email ?? '' }));
              h.convert.open(null);
            }}
          >
            {T.prospect.convert}
          </Button>
        )}
        {p.stage === 'enrol' && <Link href={getHref('clientDetails', { clientId: p.id })}>{T.prospect.openClient}</Link>}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 1 }}>
          <Section title={T.prospect.details} name="details">
            <Details p={p} />
          </Section>
          <Section title={T.prospect.questionnaire} name="questionnaire">
            {Object.keys(p.questionnaire).length === 0 ? (
              <Typography variant="body2">{T.prospect.noAnswers}</Typography>
            ) : (
              Object.entries(p.questionnaire).map(([q, a]) => (
                <Typography key={q} variant="body2">
                  <strong>{q}:</strong> {a}
                </Typography>
              ))
            )}
          </Section>
        </Stack>
        <Stack spacing={2} sx={{ flex: 1 }}>
          <Section title={T.prospect.visits} name="visits">
            {p.visits.length === 0 ? (
              <Typography variant="body2">{T.prospect.noVisits}</Typography>
            ) : (
              <List dense>
                {p.visits.map((v) => (
                  <ListItem
                    key={v.id}
                    secondaryAction={<Link href={getHref('clientDiscoveryVisit', { clientId: p.id, visitId: v.id })}>{T.prospect.openVisit}</Link>}
                  >
                    <ListItemText
                      primary={v.starts_at ? formatDateTime(v.starts_at) : '—'}
                      secondary={`${words(v.status)}${v.outcome ? ` · ${OUTCOME_LABELS[v.outcome]}` : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
          <Section title={T.prospect.history} name="history">
            <List dense>
              {p.history.map((c, i) => (
                <ListItem key={i}>
                  <ListItemText
                    primary={`${c.from ? `${STAGE_LABELS[c.from]} → ` : ''}${STAGE_LABELS[c.to]}`}
                    secondary={`${formatDateTime(c.occurred_at)}${c.reason ? ` · ${c.reason}` : ''}`}
                  />
                </ListItem>
              ))}
            </List>
          </Section>
          <Section title={T.prospect.calls} name="calls">
            {p.calls.length === 0 ? (
              <Typography variant="body2">{T.prospect.noCalls}</Typography>
            ) : (
              <List dense>
                {p.calls.map((c) => (
                  <ListItem key={c.id}>
                    <ListItemText primary={c.summary} secondary={formatDateTime(c.occurred_at)} />
                  </ListItem>
                ))}
              </List>
            )}
          </Section>
        </Stack>
      </Stack>

      <FormDialog
        action={h.edit}
        id="edit-prospect"
        title={T.prospect.edit}
        submitLabel={T.save}
        pendingLabel="Saving…"
        ready
        onSubmit={() =>
          h.edit.submit({
            owner: details.owner ? Number(details.owner) : null,
            next_action: details.next_action,
            next_action_on: details.next_action_on || null,
            interests: details.interests
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
            notes: details.notes,
          })
        }
      >
        <TextField
          select
          label={T.fields.owner}
          value={details.owner}
          onChange={(e) => setDetails((d) => ({ ...d, owner: e.target.value }))}
          error={!!fieldError(h.edit, 'owner')}
          helperText={fieldError(h.edit, 'owner')}
          fullWidth
        >
          <MenuItem value="">{T.filters.anyOwner}</MenuItem>
          {(h.staff.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {fullName(s)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TextField
            label={T.fields.nextAction}
            value={details.next_action}
            onChange={(e) => setDetails((d) => ({ ...d, next_action: e.target.value }))}
            fullWidth
          />
          <DateField
            label={T.fields.nextActionOn}
            value={details.next_action_on}
            onChange={(next_action_on) => setDetails((d) => ({ ...d, next_action_on }))}
            fullWidth
          />
        </Stack>
        <TextField label={T.fields.interests} value={details.interests} onChange={(e) => setDetails((d) => ({ ...d, interests: e.target.value }))} fullWidth />
        <TextField
          label={T.fields.notes}
          value={details.notes}
          onChange={(e) => setDetails((d) => ({ ...d, notes: e.target.value }))}
          multiline
          minRows={2}
          fullWidth
        />
      </FormDialog>

      <FormDialog
        action={h.call}
        id="log-call"
        title={T.prospect.logCall}
        submitLabel={T.save}
        pendingLabel="Saving…"
        ready={canLogCall(summary)}
        onSubmit={() => h.call.submit({ summary })}
        onExited={() => setSummary('')}
        maxWidth="xs"
      >
        <TextField label={T.prospect.summary} value={summary} onChange={(e) => setSummary(e.target.value)} multiline minRows={3} required fullWidth />
      </FormDialog>

      <FormDialog
        action={h.move}
        id="move-stage"
        title={T.prospect.move}
        submitLabel={T.prospect.move}
        pendingLabel="Moving…"
        ready={canSubmitMove(moveForm.to as PipelineStage | '', moveForm)}
        onSubmit={() => h.move.submit({ to, ...moveFields(to, moveForm) })}
        onExited={() => setMoveForm({ to: '', reason: '', nurture_on: '' })}
        maxWidth="xs"
      >
        <TextField select label={T.prospect.to} value={moveForm.to} onChange={(e) => setMoveForm((f) => ({ ...f, to: e.target.value }))} fullWidth>
          {moves.map((m) => (
            <MenuItem key={m} value={m}>
              {STAGE_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        {needsReason(to) && (
          <TextField
            label={T.prospect.reason}
            value={moveForm.reason}
            onChange={(e) => setMoveForm((f) => ({ ...f, reason: e.target.value }))}
            required
            fullWidth
          />
        )}
        {needsFollowUp(to) && (
          <DateField
            label={T.prospect.followUp}
            value={moveForm.nurture_on}
            onChange={(nurture_on) => setMoveForm((f) => ({ ...f, nurture_on }))}
            required
            fullWidth
          />
        )}
      </FormDialog>

      <FormDialog
        action={h.book}
        id="book-visit"
        title={T.prospect.bookVisit}
        submitLabel={T.prospect.bookVisit}
        pendingLabel="Booking…"
        ready={canBookVisit(booking)}
        onSubmit={() => h.book.submit({ service: booking.service, start: booking.start })}
        onExited={() => setBooking({ service: '', day: today(), start: '' })}
      >
        <TextField select label={T.prospect.service} value={booking.service} onChange={(e) => pick({ service: e.target.value })} fullWidth>
          {(h.services.data ?? [])
            .filter((s) => s.active)
            .map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
        </TextField>
        <DateField label={T.prospect.day} value={booking.day} onChange={(day) => pick({ day })} minDate={today()} fullWidth />
        {booking.service && booking.day && (
          <FreeTimes
            key={`${booking.service}/${booking.day}`}
            api={h.api}
            service={Number(booking.service)}
            day={booking.day}
            value={booking.start}
            error={!!fieldError(h.book, 'start')}
            onChange={(start) => setBooking((b) => ({ ...b, start }))}
          />
        )}
      </FormDialog>

      <FormDialog
        action={h.convert}
        id="convert"
        title={T.prospect.convert}
        submitLabel={T.prospect.convert}
        pendingLabel="Converting…"
        ready={canConvertWith(conversion)}
        onSubmit={() => h.convert.submit(conversionBody(conversion))}
      >
        <TextField
          label={T.prospect.signInEmail}
          type="email"
          value={conversion.email}
          onChange={(e) => setConversion((c) => ({ ...c, email: e.target.value }))}
          error={!!fieldError(h.convert, 'email')}
          helperText={fieldError(h.convert, 'email')}
          required
          fullWidth
        />
        <TextField
          select
          label={T.prospect.program}
          value={conversion.program}
          onChange={(e) => setConversion((c) => ({ ...c, program: e.target.value }))}
          fullWidth
        >
          <MenuItem value="">{T.prospect.noProgram}</MenuItem>
          {programs.map((x) => (
            <MenuItem key={x.id} value={String(x.id)}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        {conversion.program && (
          <DateField
            label={T.prospect.startDate}
            value={conversion.start_date}
            onChange={(start_date) => setConversion((c) => ({ ...c, start_date }))}
            fullWidth
          />
        )}
      </FormDialog>
    </Box>
  );
}
