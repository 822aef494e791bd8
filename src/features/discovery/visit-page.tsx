// /client/discovery/{clientId}/visit/{visitId}: the discovery visit note. Goals, current health
// and lifestyle, barriers, a quick heart-risk estimate (the thrive check's own scoring, with the
// India caveat), recommended program and therapies, the outcome; its author signs it, and from
// then on it is locked (read only).
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { calculateHeartRisk, heartRiskErrors, type HeartRiskInput } from '../../../machines/rules/heart-risk';
import { getHref } from '../../app/port';
import { formatDateTime } from '../../lib/staff/format';
import type { DiscoveryVisit } from './discovery-api';
import { useVisit } from './discovery-hooks';
import { DISCOVERY_TEXT as T, OUTCOME_LABELS } from './texts';

const EMPTY_HEART: HeartRiskInput = { sex: 'female', age: '', hdl_cholesterol: '', total_cholesterol: '', smoker: 'no', diabetic: 'no', treats_hypertension: 'no', systolic_bp: '' };

function formOf(v: DiscoveryVisit) {
  return {
    goals: v.goals,
    health_and_lifestyle: v.health_and_lifestyle,
    barriers: v.barriers,
    heart: (v.heart_risk?.input as unknown as HeartRiskInput | undefined) ?? EMPTY_HEART,
    recommended_program: v.recommended_program ? String(v.recommended_program) : '',
    recommended_therapies: v.recommended_therapies.join(', '),
    outcome: v.outcome ?? '',
  };
}

export function VisitPage() {
  const params = useParams<{ clientId: string; visitId: string }>();
  return <VisitView clientId={Number(params.clientId)} id={Number(params.visitId)} />;
}

function VisitView({ clientId, id }: { clientId: number; id: number }) {
  const { visit, programs, save, sign } = useVisit(id);
  const v = visit.data;
  const [form, setForm] = useState<ReturnType<typeof formOf> | null>(null);
  useEffect(() => {
    if (v) setForm(formOf(v));
  }, [v]);
  if (visit.failed) return <Alert severity="error" sx={{ m: 3 }}>{visit.error}</Alert>;
  if (!v || !form) return <LinearProgress aria-busy="true" />;
  const locked = v.status === 'signed';
  const heartFilled = [form.heart.age, form.heart.hdl_cholesterol, form.heart.total_cholesterol, form.heart.systolic_bp].every((x) => String(x).trim() !== '');
  const heartValid = heartFilled && Object.keys(heartRiskErrors(form.heart)).length === 0;
  const estimate = heartValid ? calculateHeartRisk(form.heart) : null;
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [name]: e.target.value } : f));
  const setHeart = (name: keyof HeartRiskInput) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, heart: { ...f.heart, [name]: e.target.value } } : f));
  const values = () => ({
    goals: form.goals,
    health_and_lifestyle: form.health_and_lifestyle,
    barriers: form.barriers,
    heart_risk: heartValid ? Object.fromEntries(Object.entries(form.heart).map(([k, x]) => [k, String(x)])) : null,
    recommended_program: form.recommended_program ? Number(form.recommended_program) : null,
    recommended_therapies: form.recommended_therapies.split(',').map((s) => s.trim()).filter(Boolean),
    outcome: form.outcome || null,
  });
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
        {v.starts_at ? ` · ${formatDateTime(v.starts_at)}` : ''}
      </Typography>
      {locked && v.signed_at && <Alert severity="info" sx={{ mb: 2 }} data-field="locked">{T.visit.lockedNotice(formatDateTime(v.signed_at))}</Alert>}
      {(save.error || sign.error) && <Alert severity="error" sx={{ mb: 2 }}>{save.error ?? sign.error}</Alert>}
      <Stack spacing={2}>
        <TextField label={T.visit.goals} value={form.goals} onChange={set('goals')} multiline minRows={2} disabled={locked} />
        <TextField label={T.visit.healthAndLifestyle} value={form.health_and_lifestyle} onChange={set('health_and_lifestyle')} multiline minRows={2} disabled={locked} />
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
          <TextField label={T.visit.heart.hdl} value={form.heart.hdl_cholesterol} onChange={setHeart('hdl_cholesterol')} disabled={locked} sx={{ width: 200 }} />
          <TextField label={T.visit.heart.total} value={form.heart.total_cholesterol} onChange={setHeart('total_cholesterol')} disabled={locked} sx={{ width: 210 }} />
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
          {(programs.data ?? []).map((p) => (
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
            <Button variant="outlined" disabled={save.pending} onClick={() => save.save(values())}>
              {T.visit.save}
            </Button>
            <Button variant="contained" disabled={sign.pending || !v.outcome} onClick={() => sign.save({})}>
              {T.visit.sign}
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
