// /client/discovery/{clientId}/visit/{visitId}: the discovery visit note. Goals, current health
// and lifestyle, barriers, a quick heart-risk estimate (the thrive check's own scoring, with the
// India caveat), recommended program and therapies, the outcome; its author signs it, and from
// then on it is locked (read only). What to show and allow is the note's chart
// (machines/discovery/visit-note-machine.ts): the page renders its form and sends its events.
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Link, useParams } from 'wouter';
import type { HeartField, NoteField } from '../../../machines/discovery/visit-note.ts';
import { getHref } from '../../app/port.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { useVisit } from './discovery-hooks.ts';
import { DISCOVERY_TEXT as T, OUTCOME_LABELS } from './texts.ts';

export function VisitPage() {
  const params = useParams<{ clientId: string; visitId: string }>();
  return <VisitView clientId={Number(params.clientId)} id={Number(params.visitId)} />;
}

function VisitView({ clientId, id }: { clientId: number; id: number }) {
  const n = useVisit(id);
  const { note, form, locked, estimate } = n;
  if (n.loadFailure)
    return (
      <Alert
        severity="error"
        sx={{ m: 3 }}
        action={
          <Button color="inherit" size="small" onClick={n.retry}>
            {T.retry}
          </Button>
        }
      >
        {n.loadFailure}
      </Alert>
    );
  if (n.loading || !note) return <LinearProgress aria-busy="true" />;
  const set = (name: NoteField) => (e: { target: { value: string } }) => n.edit(name, e.target.value);
  const setHeart = (name: HeartField) => (e: { target: { value: string } }) => n.editHeart(name, e.target.value);
  const yesNo = (name: 'smoker' | 'diabetic' | 'treats_hypertension', label: string) => (
    <TextField select label={label} value={form.heart[name]} onChange={setHeart(name)} disabled={locked} sx={{ minWidth: 150 }}>
      <MenuItem value="no">no</MenuItem>
      <MenuItem value="yes">yes</MenuItem>
    </TextField>
  );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 900 }} data-page="discovery-visit">
      <Link href={getHref('clientDiscovery', { clientId })}>{T.prospect.back}</Link>
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {T.visit.title}
        {note.starts_at ? ` · ${formatDateTime(note.starts_at)}` : ''}
      </Typography>
      {locked && note.signed_at && (
        <Alert severity="info" sx={{ mb: 2 }} data-field="locked">
          {T.visit.lockedNotice(formatDateTime(note.signed_at))}
        </Alert>
      )}
      {n.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {n.error}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField label={T.visit.goals} value={form.goals} onChange={set('goals')} multiline minRows={2} disabled={locked} />
        <TextField
          label={T.visit.healthAndLifestyle}
          value={form.health_and_lifestyle}
          onChange={set('health_and_lifestyle')}
          multiline
          minRows={2}
          disabled={locked}
        />
        <TextField label={T.visit.barriers} value={form.barriers} onChange={set('barriers')} multiline minRows={2} disabled={locked} />
        <Typography variant="h6" component="h2">
          {T.visit.heartRisk}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField select label={T.visit.heart.sex} value={form.heart.sex} onChange={setHeart('sex')} disabled={locked} sx={{ minWidth: 120 }}>
            <MenuItem value="male">{T.visit.heart.male}</MenuItem>
            <MenuItem value="female">{T.visit.heart.female}</MenuItem>
          </TextField>
          <TextField label={T.visit.heart.age} value={form.heart.age} onChange={setHeart('age')} disabled={locked} sx={{ width: 100 }} />
          <TextField
            label={T.visit.heart.hdl}
            value={form.heart.hdl_cholesterol}
            onChange={setHeart('hdl_cholesterol')}
            disabled={locked}
            sx={{ width: 200 }}
          />
          <TextField
            label={T.visit.heart.total}
            value={form.heart.total_cholesterol}
            onChange={setHeart('total_cholesterol')}
            disabled={locked}
            sx={{ width: 210 }}
          />
          <TextField label={T.visit.heart.sbp} value={form.heart.systolic_bp} onChange={setHeart('systolic_bp')} disabled={locked} sx={{ width: 180 }} />
          {yesNo('smoker', T.visit.heart.smoker)}
          {yesNo('diabetic', T.visit.heart.diabetic)}
          {yesNo('treats_hypertension', T.visit.heart.treated)}
        </Stack>
        {estimate && (
          <Alert severity="warning" data-field="estimate">
            <strong>{T.visit.estimate}:</strong> {T.visit.risk(estimate.band, estimate.points)}
            {!estimate.inValidatedAgeRange && <Typography variant="body2">{T.visit.outsideRange}</Typography>}
          </Alert>
        )}
        <Alert severity="info" data-field="caveat">
          {T.visit.caveat}
        </Alert>
        <TextField select label={T.visit.recommendedProgram} value={form.recommended_program} onChange={set('recommended_program')} disabled={locked}>
          <MenuItem value="">{T.prospect.noProgram}</MenuItem>
          {(n.programs.data ?? []).map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={T.visit.recommendedTherapies} value={form.recommended_therapies} onChange={set('recommended_therapies')} disabled={locked} />
        <TextField select label={T.visit.outcome} value={form.outcome} onChange={set('outcome')} disabled={locked}>
          <MenuItem value="">—</MenuItem>
          {Object.entries(OUTCOME_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {!locked && (
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" disabled={n.busy} onClick={n.save}>
              {T.visit.save}
            </Button>
            <Button variant="contained" disabled={n.busy || !n.canSign} onClick={n.sign}>
              {T.visit.sign}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
