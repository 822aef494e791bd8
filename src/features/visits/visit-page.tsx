// /client/{therapy}/{clientId}/visit/{visitId}: one frame for the five therapies. Header (client,
// age, alerts, appointment, resource unit, staff, session N of M), screening, vitals before, the
// therapy's parameters (drawn from machines/visits/therapy-fields.ts), event log, adverse events,
// vitals after, notes, then the chart's steps; a signed visit is read only with its addenda. What
// to show and allow is the visit form chart's; a visit of another therapy or client is not found.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  GlobalStyles,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useParams } from 'wouter';
import { type FieldDef, THERAPY_FIELDS, type Therapy, VITAL_FIELDS } from '../../../machines/visits/therapy-fields.ts';
import type { Section } from '../../../machines/visits/visit-form.ts';
import { recipesOffered } from '../../../machines/visits/recipe-choices.ts';
import { clientRequiredFields } from '../../../machines/visits/visit-rules.ts';
import { isVisitAt } from '../../../machines/visits/selectors.ts';
import { usableLots } from '../../../machines/visits/stock-attention.ts';
import { getHref } from '../../app/port.ts';
import { ClockField } from '../../lib/date-field.tsx';
import { formatDate, formatDateTime } from '../../lib/staff/format.ts';
import { VISIT_TEXT as T } from './texts.ts';
import { VISIT_PRINT } from './visit-print.ts';
import { useVisitChoices, useVisitForm } from './visit-hooks.ts';
import { fieldPathList, words } from '../../../machines/rules/words.ts';

const page = (therapy: Therapy) =>
  function TherapyVisitPage() {
    const params = useParams<{ clientId: string; visitId: string }>();
    return <VisitView therapy={therapy} clientId={Number(params.clientId)} id={Number(params.visitId)} />;
  };

export const IvVisitPage = page('iv');
export const HbotVisitPage = page('hbot');
export const PetVisitPage = page('pet');
export const RedLightVisitPage = page('red_light');
export const FirVisitPage = page('fir');

/** A signed (locked) chart reads in the normal text colour, not the pale grey of a disabled form (issue 32). */
const LOCKED_READABLE = {
  '& .MuiInputBase-input.Mui-disabled, & .MuiSelect-select.Mui-disabled': { color: 'text.primary', WebkitTextFillColor: 'currentColor' },
  '& .MuiInputLabel-root.Mui-disabled, & .MuiFormLabel-root.Mui-disabled': { color: 'text.secondary' },
} as const;

function SectionBox({ title, children, name }: { title: string; children: ReactNode; name: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-section={name} className="visit-section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Field({
  def,
  value,
  onChange,
  disabled,
  error,
  required,
}: {
  def: FieldDef;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error?: string[];
  required?: boolean;
}) {
  const label = def.label;
  // The unit sits at the field's end, not in its label, so a long label stays whole on a phone; the
  // field is wide enough for its whole label (an outlined field cuts a long one short), never wider
  // than the screen (issue 32).
  const unit = def.unit ? { input: { endAdornment: <InputAdornment position="end">{def.unit}</InputAdornment> } } : {};
  const common = {
    label,
    value,
    disabled,
    required,
    error: Boolean(error),
    helperText: error?.[0],
    size: 'small' as const,
    sx: { minWidth: `min(100%, ${Math.max(180, label.length * 8 + 48 + (def.unit ? def.unit.length * 8 + 16 : 0))}px)` },
    slotProps: { ...unit, htmlInput: { 'data-field': def.key } },
  };
  if (def.kind === 'choice' || def.kind === 'boolean') {
    const choices = def.kind === 'boolean' ? [T.yes, T.no] : (def.choices ?? []);
    return (
      <TextField select {...common} onChange={(e) => onChange(e.target.value)}>
        <MenuItem value="">—</MenuItem>
        {choices.map((c) => (
          <MenuItem key={c} value={c}>
            {words(c)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (def.kind === 'time') {
    // The picker has no one input to carry data-field, so its box does.
    return (
      <Box data-field={def.key} sx={common.sx}>
        <ClockField
          label={label}
          value={value}
          onChange={onChange}
          disabled={disabled}
          required={required}
          error={common.error}
          helperText={common.helperText}
          size="small"
          fullWidth
        />
      </Box>
    );
  }
  return <TextField {...common} multiline={def.kind === 'text'} onChange={(e) => onChange(e.target.value)} />;
}

function VisitView({ therapy, clientId, id }: { therapy: Therapy; clientId: number; id: number }) {
  const v = useVisitForm(id);
  const choices = useVisitChoices();
  const [eventText, setEventText] = useState('');
  const [adverse, setAdverse] = useState({ type: '', severity: 'mild' as 'mild' | 'moderate' | 'severe', action: '', outcome: '' });
  const [reason, setReason] = useState('');
  const [override, setOverride] = useState('');
  const [screenOverride, setScreenOverride] = useState('');
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [addendum, setAddendum] = useState('');
  const { visit, form, locked } = v;
  if (v.loadFailure) {
    return (
      <Alert
        severity="error"
        sx={{ m: 3 }}
        action={
          <Button color="inherit" size="small" onClick={v.reload}>
            {T.retry}
          </Button>
        }
      >
        {v.loadFailure}
      </Alert>
    );
  }
  if (v.loading || !visit) return <LinearProgress aria-busy="true" />;
  if (!isVisitAt(visit, { therapy, clientId })) {
    return (
      <Alert severity="warning" sx={{ m: 3 }} data-page="visit-not-found">
        {T.notFound}
      </Alert>
    );
  }
  const settings = choices.settings.data;
  const h = visit.header;
  const disabled = locked;
  const fieldErrors = v.fieldErrors;
  // What this client needs on top of the therapy's list (glucose before HBOT when diabetic), the server's same rule.
  const clientRequired = clientRequiredFields(therapy, visit.client_diabetic);
  const section = (name: Section, defs: readonly FieldDef[]) => (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {defs.map((def) => (
        <Field
          key={def.key}
          def={def}
          value={form[name][def.key] ?? ''}
          disabled={disabled}
          required={clientRequired.includes(`${name}.${def.key}`)}
          error={fieldErrors[`${name}.${def.key}`]}
          onChange={(value) => v.edit(name, def.key, value)}
        />
      ))}
    </Stack>
  );
  const warnings = visit.warnings;
  const lots = usableLots(choices.lots.data ?? []);

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1100, ...(locked ? LOCKED_READABLE : {}) }} data-page="therapy-visit" data-status={visit.status}>
      <GlobalStyles styles={VISIT_PRINT} />
      <Stack spacing={2}>
        <Box>
          <Typography variant="h5" component="h1">
            {settings?.display_names[therapy] ?? words(therapy)} · {h.client_name}
            {h.age !== null ? ` · ${T.age(h.age)}` : ''}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Chip label={T.status[visit.status]} color={visit.status === 'signed' ? 'success' : 'default'} data-field="status" />
            {h.session_number !== null && h.session_total !== null && <Chip label={T.sessionOf(h.session_number, h.session_total)} data-field="session" />}
            {h.appointment_starts_at && <Chip label={`${h.service_name ?? ''} ${formatDateTime(h.appointment_starts_at)}`} />}
            {h.resource_name && <Chip label={h.resource_name} />}
            <Chip label={h.staff_name} />
            {visit.client_diabetic && <Chip label={T.diabetic} color="warning" data-field="diabetic" />}
            {h.alerts.map((a) => (
              <Chip key={a} label={a} color="warning" data-field="alert" />
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status" data-field="save-state">
            {locked ? '' : T.save[v.saveState]}
          </Typography>
          <Typography variant="body2" data-print="hide">
            <a href={getHref('clientDetails', { clientId })}>{T.back}</a>
          </Typography>
        </Box>
        {v.saveState === 'conflict' && (
          <Alert
            severity="error"
            data-field="conflict"
            action={
              <Button color="inherit" size="small" onClick={v.reload}>
                {T.reload}
              </Button>
            }
          >
            {v.error}
          </Alert>
        )}
        {v.kept.length > 0 && (
          <Alert severity="warning" data-field="kept">
            {T.keptTheirs(v.kept)}
          </Alert>
        )}
        {v.error && v.saveState !== 'conflict' && (
          <Alert severity="error" data-field="error">
            {v.error}
          </Alert>
        )}
        {locked && visit.signed_at && (
          <Alert severity="info" data-field="locked">
            {T.lockedNotice(formatDateTime(visit.signed_at))}
          </Alert>
        )}

        <SectionBox title={T.sections.screening} name="screening">
          <Typography data-field="screening">{T.screening[visit.screening]}</Typography>
          {visit.screen && visit.screen.result !== 'clear' && settings && (
            <Typography variant="body2" data-field="screening-found">
              {T.screeningFound}{' '}
              {(settings.contraindications[therapy] ?? [])
                .filter((c) => visit.screen?.answers[c.key])
                .map((c) => c.label)
                .join('; ')}
              {visit.screen.override_reason ? ` · ${visit.screen.override_reason}` : ''}
            </Typography>
          )}
          {!locked && visit.screening === 'needs_override' && v.mayOverride && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <TextField
                size="small"
                label={T.screenOverrideReason}
                value={screenOverride}
                onChange={(e) => setScreenOverride(e.target.value)}
                sx={{ minWidth: { xs: '100%', sm: 360 } }}
              />
              <Button variant="outlined" disabled={v.busy || !screenOverride.trim()} onClick={() => v.overrideScreening(screenOverride.trim())}>
                {T.screenOverride}
              </Button>
            </Stack>
          )}
          {!locked && (visit.screening === 'missing' || visit.screening === 'expired') && settings && (
            <Stack>
              {settings.contraindications[therapy]?.map((c) => (
                <FormControlLabel
                  key={c.key}
                  control={<Checkbox checked={answers[c.key] ?? false} onChange={(e) => setAnswers({ ...answers, [c.key]: e.target.checked })} />}
                  label={`${c.label}${c.severity === 'absolute' ? ' (absolute)' : ''}`}
                />
              ))}
              <Box>
                <Button
                  variant="outlined"
                  disabled={v.busy}
                  onClick={() => v.screen(Object.fromEntries((settings.contraindications[therapy] ?? []).map((c) => [c.key, answers[c.key] ?? false])))}
                >
                  {T.recordScreening}
                </Button>
              </Box>
            </Stack>
          )}
        </SectionBox>

        <SectionBox title={T.sections.vitalsBefore} name="vitals_before">
          {section('vitals_before', VITAL_FIELDS)}
        </SectionBox>

        <SectionBox title={T.sections.parameters} name="parameters">
          {!locked && (
            <Button size="small" sx={{ mb: 1 }} disabled={v.busy} onClick={v.copyLast}>
              {T.copyLast}
            </Button>
          )}
          {therapy === 'iv' && (
            <Stack spacing={1} sx={{ mb: 2 }}>
              <TextField
                select
                size="small"
                label={T.recipe}
                value={form.parameters.recipe ?? ''}
                disabled={disabled}
                slotProps={{ htmlInput: { 'data-field': 'recipe-choice' } }}
                onChange={(e) => {
                  const r = (choices.recipes.data ?? []).find((x) => String(x.id) === e.target.value);
                  if (r) v.chooseRecipe(r);
                }}
              >
                {recipesOffered(choices.recipes.data ?? [], form.parameters.recipe).map((r) => (
                  <MenuItem key={r.id} value={String(r.id)}>
                    {r.name}
                  </MenuItem>
                ))}
              </TextField>
              {form.ingredients.map((ing, i) => {
                // A lot at or below its low-stock level (the server's flag) is marked in the list and once chosen.
                const chosenLow = lots.some((l) => String(l.id) === ing.lot && l.low);
                return (
                  <TextField
                    key={`${ing.item}-${i}`}
                    select
                    size="small"
                    fullWidth
                    label={T.lotFor(ing.item, ing.dose, ing.unit)}
                    value={ing.lot}
                    disabled={disabled}
                    error={Boolean(fieldErrors[`parameters.ingredients.${i}.lot`])}
                    helperText={fieldErrors[`parameters.ingredients.${i}.lot`]?.[0] ?? (chosenLow && !locked ? T.lowLotChosen : undefined)}
                    slotProps={{ htmlInput: { 'data-field': `lot-${i}`, 'data-low': chosenLow } }}
                    onChange={(e) => v.chooseLot(i, e.target.value)}
                  >
                    {lots
                      .filter((l) => l.item === ing.item || String(l.id) === ing.lot)
                      .map((l) => (
                        <MenuItem key={l.id} value={String(l.id)} data-low={l.low}>
                          {`${l.lot_number} · ${l.quantity} ${l.unit} · ${T.expires(formatDate(l.expires_on))}${l.low ? ` · ${T.lowLot}` : ''}`}
                        </MenuItem>
                      ))}
                  </TextField>
                );
              })}
            </Stack>
          )}
          {section(
            'parameters',
            THERAPY_FIELDS[therapy].filter((d) => !(therapy === 'iv' && d.key === 'recipe')),
          )}
          {Object.entries(visit.computed).map(([key, value]) => (
            <Typography key={key} sx={{ mt: 1 }} data-field={`computed-${key}`}>
              {T.computed[key] ?? key}: {value === null ? '—' : String(value)}
            </Typography>
          ))}
        </SectionBox>

        <SectionBox title={T.sections.events} name="events">
          {form.events.map((e, i) => (
            <Typography key={i} variant="body2">
              {formatDateTime(e.at)} — {e.text}
            </Typography>
          ))}
          {!locked && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              <TextField size="small" label={T.eventText} value={eventText} onChange={(e) => setEventText(e.target.value)} />
              <Button
                disabled={!eventText.trim()}
                onClick={() => {
                  v.addEvent(eventText.trim());
                  setEventText('');
                }}
              >
                {T.addEvent}
              </Button>
            </Stack>
          )}
        </SectionBox>

        <SectionBox title={T.sections.adverse} name="adverse_events">
          {form.adverse_events.map((a, i) => (
            <Typography key={i} variant="body2">
              {a.type} · {words(a.severity)} · {a.action} · {a.outcome}
            </Typography>
          ))}
          {!locked && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
              <TextField size="small" label={T.adverse.type} value={adverse.type} onChange={(e) => setAdverse({ ...adverse, type: e.target.value })} />
              <TextField
                select
                size="small"
                label={T.adverse.severity}
                value={adverse.severity}
                onChange={(e) => setAdverse({ ...adverse, severity: e.target.value as typeof adverse.severity })}
                sx={{ minWidth: 120 }}
              >
                {T.severities.map((s) => (
                  <MenuItem key={s} value={s}>
                    {words(s)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField size="small" label={T.adverse.action} value={adverse.action} onChange={(e) => setAdverse({ ...adverse, action: e.target.value })} />
              <TextField size="small" label={T.adverse.outcome} value={adverse.outcome} onChange={(e) => setAdverse({ ...adverse, outcome: e.target.value })} />
              <Button
                disabled={!adverse.type.trim() || !adverse.action.trim() || !adverse.outcome.trim()}
                onClick={() => {
                  v.addAdverse(adverse);
                  setAdverse({ type: '', severity: 'mild', action: '', outcome: '' });
                }}
              >
                {T.adverse.add}
              </Button>
            </Stack>
          )}
        </SectionBox>

        <SectionBox title={T.sections.vitalsAfter} name="vitals_after">
          {section('vitals_after', VITAL_FIELDS)}
        </SectionBox>

        <SectionBox title={T.sections.notes} name="notes">
          <TextField
            fullWidth
            multiline
            minRows={3}
            value={form.notes}
            disabled={disabled}
            onChange={(e) => v.editNotes(e.target.value)}
            slotProps={{ htmlInput: { 'data-field': 'notes', 'aria-label': T.sections.notes } }}
          />
        </SectionBox>

        {warnings.length > 0 && (
          <Alert severity="warning" data-field="warnings">
            {warnings.map((w) => (
              <div key={w.field}>{w.message}</div>
            ))}
          </Alert>
        )}

        {!locked && (
          <Stack spacing={1} className="visit-actions">
            {visit.status === 'draft' && visit.blockers.length > 0 && (
              <Alert severity="info" data-field="blockers">
                {T.blockers} {fieldPathList(visit.blockers, therapy)}
              </Alert>
            )}
            {visit.status === 'in_progress' && visit.missing.length > 0 && (
              <Alert severity="info" data-field="missing">
                {T.missing} {fieldPathList(visit.missing, therapy)}
              </Alert>
            )}
            {v.steps.includes('aborted') && (
              <TextField
                size="small"
                label={T.abortReason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                helperText={visit.appointment !== null ? T.abortAppointment : undefined}
              />
            )}
            {visit.status === 'draft' && visit.blockers.some((b) => b.endsWith('.blocking')) && (
              <TextField size="small" label={T.overrideReason} value={override} onChange={(e) => setOverride(e.target.value)} />
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {v.steps.map((to) => (
                <Button
                  key={to}
                  variant={to === 'aborted' ? 'outlined' : 'contained'}
                  color={to === 'aborted' ? 'error' : 'primary'}
                  disabled={v.busy || v.saveState === 'saving' || (to === 'aborted' && !reason.trim())}
                  onClick={() =>
                    v.move({
                      to: to as 'in_progress',
                      ...(to === 'aborted' ? { reason: reason.trim() } : {}),
                      ...(to === 'in_progress' && override.trim() ? { override_reason: override.trim() } : {}),
                    })
                  }
                >
                  {T.steps[to]}
                </Button>
              ))}
            </Stack>
          </Stack>
        )}

        {visit.status === 'signed' && (
          <SectionBox title={T.sections.addenda} name="addenda">
            {visit.addenda.map((a) => (
              <Typography key={a.id} variant="body2" data-field="addendum">
                {formatDateTime(a.created_at)} — {a.author_name}: {a.text}
              </Typography>
            ))}
            <Stack direction="row" spacing={1} sx={{ mt: 1 }} data-print="hide">
              <TextField size="small" label={T.addendum} value={addendum} onChange={(e) => setAddendum(e.target.value)} />
              <Button
                disabled={!addendum.trim() || v.busy}
                onClick={() => {
                  v.addendum(addendum.trim());
                  setAddendum('');
                }}
              >
                {T.addAddendum}
              </Button>
            </Stack>
          </SectionBox>
        )}
      </Stack>
    </Box>
  );
}
