// /user/thrive-check/{clientId}: the §3 heart-risk form (sex and age prefilled from the profile),
// scored and stored by the server; the stored result is shown and explained in plain language
// (never scored again here), with the history as a chart. Read-only (a SUPER_ADMIN in the client's
// portal): the latest stored result and the history, with no form.
import { Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { useParams } from 'wouter';
import { HEART_RISK_LIMITS } from '../../../../machines/rules/heart-risk.ts';
import { LoadFailed, PageFrame } from '../../../lib/page-frame.tsx';
import type { ThriveCheck } from '../clients-api.ts';
import { useThriveCheck } from './portal-hooks.ts';
import { PORTAL_TEXT } from './texts.ts';
import { explanation, riskText } from './thrive-check-explain.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

type Form = Record<'sex' | 'age' | 'hdl_cholesterol' | 'total_cholesterol' | 'smoker' | 'diabetic' | 'treats_hypertension' | 'systolic_bp', string>;

const EMPTY: Form = { sex: '', age: '', hdl_cholesterol: '', total_cholesterol: '', smoker: 'no', diabetic: 'no', treats_hypertension: 'no', systolic_bp: '' };

const NUMBER_FIELDS = [
  ['age', 'Age (years)'],
  ['hdl_cholesterol', 'HDL cholesterol (mg/dL)'],
  ['total_cholesterol', 'Total cholesterol (mg/dL)'],
  ['systolic_bp', 'Systolic blood pressure (mmHg, the upper number)'],
] as const;

const YES_NO = [
  ['smoker', 'Do you smoke?'],
  ['diabetic', 'Do you have diabetes?'],
  ['treats_hypertension', 'Do you take medicine for high blood pressure?'],
] as const;

// The questions are longer than a phone's field is wide: an outlined field's floating label is one
// line and would be cut off ("…high blood press…"), so each label sits above its field and wraps.
const LABEL_ABOVE = {
  inputLabel: { shrink: true, sx: { position: 'relative', transform: 'none', whiteSpace: 'normal', overflow: 'visible', maxWidth: '100%', mb: 0.75 } },
  input: { notched: false },
} as const;

export function ThriveCheckPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const check = useThriveCheck(clientId);
  const { mode, latest, history } = check;

  if (mode === 'failed') {
    return (
      <PageFrame title={PORTAL_TEXT.checkTitle} page="thrive-check">
        <LoadFailed onRetry={check.retry} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={PORTAL_TEXT.checkTitle} page="thrive-check">
      {mode !== 'reading' && <Typography sx={{ mb: 2 }}>{PORTAL_TEXT.checkIntro}</Typography>}
      {mode === 'loading' ? (
        <Skeleton variant="rounded" height={320} aria-busy="true" />
      ) : mode === 'reading' ? (
        history[0] ? (
          <ResultCard check={history[0]} />
        ) : (
          <Typography color="text.secondary">{PORTAL_TEXT.noCheckYet}</Typography>
        )
      ) : mode === 'result' && latest ? (
        <ResultCard check={latest} onAgain={check.again} />
      ) : (
        <CheckForm check={check} />
      )}
      <Alert severity="info" sx={{ mt: 2 }} data-field="caveat">
        {PORTAL_TEXT.caveat}
      </Alert>
      <History checks={history} loading={mode === 'loading'} />
    </PageFrame>
  );
}

/** The form, starting from what the profile knows (the machine's prefill); the draft is the form's own. */
function CheckForm({ check }: { check: ReturnType<typeof useThriveCheck> }) {
  const { prefill, fieldErrors, message, pending } = check;
  const [form, setForm] = useState<Form>(() => ({ ...EMPTY, ...prefill }));
  const set = (name: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          aria-label="Heart-risk check"
          onSubmit={(e) => {
            e.preventDefault();
            check.submit({ ...form });
          }}
        >
          {message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          <Stack spacing={2}>
            <TextField
              select
              label="Sex"
              slotProps={LABEL_ABOVE}
              name="sex"
              value={form.sex}
              onChange={set('sex')}
              error={!!fieldErrors.sex}
              helperText={fieldErrors.sex?.[0] ?? 'As recorded at birth; the model has tables for men and women.'}
            >
              <MenuItem value="male">Male</MenuItem>
              <MenuItem value="female">Female</MenuItem>
            </TextField>
            {NUMBER_FIELDS.map(([name, label]) => (
              <TextField
                key={name}
                label={label}
                slotProps={LABEL_ABOVE}
                name={name}
                value={form[name]}
                onChange={set(name)}
                inputMode="numeric"
                error={!!fieldErrors[name]}
                helperText={fieldErrors[name]?.[0] ?? `${HEART_RISK_LIMITS[name].min}–${HEART_RISK_LIMITS[name].max}`}
              />
            ))}
            {YES_NO.map(([name, label]) => (
              <TextField
                key={name}
                select
                label={label}
                slotProps={LABEL_ABOVE}
                name={name}
                value={form[name]}
                onChange={set(name)}
                error={!!fieldErrors[name]}
                helperText={fieldErrors[name]?.[0]}
              >
                <MenuItem value="yes">Yes</MenuItem>
                <MenuItem value="no">No</MenuItem>
              </TextField>
            ))}
            <Box>
              <Button type="submit" variant="contained" disabled={pending}>
                {PORTAL_TEXT.calculate}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

/** A stored check explained; "take another" only where the chart offers a new check. */
function ResultCard({ check, onAgain }: { check: ThriveCheck; onAgain?: () => void }) {
  return (
    <Card data-card="result">
      <CardContent>
        <Typography variant="h3" component="p" data-field="risk">
          {riskText(check.band)}
        </Typography>
        {explanation(check).map((line) => (
          <Typography key={line} sx={{ mt: 1 }}>
            {line}
          </Typography>
        ))}
        {onAgain && <Button onClick={onAgain}>{PORTAL_TEXT.checkAgain}</Button>}
      </CardContent>
    </Card>
  );
}

function History({ checks, loading }: { checks: ThriveCheck[]; loading: boolean }) {
  if (loading) return null;
  const ordered = [...checks].reverse();
  return (
    <Box sx={{ mt: 3 }} data-section="history">
      <Typography variant="h6" component="h2">
        {PORTAL_TEXT.historyTitle}
      </Typography>
      {checks.length === 0 ? (
        <Typography color="text.secondary">{PORTAL_TEXT.historyEmpty}</Typography>
      ) : (
        <>
          {checks.length > 1 && (
            <LineChart
              height={240}
              xAxis={[{ scaleType: 'point', data: ordered.map((c) => formatDate(c.taken_at)) }]}
              yAxis={[{ min: 0, max: 30, label: '10-year risk %' }]}
              series={[{ data: ordered.map((c) => c.riskPercentage), label: 'Risk %' }]}
            />
          )}
          <Box component="ul" data-list="checks">
            {checks.map((c) => (
              <li key={c.id}>
                {formatDateTime(c.taken_at)}: {riskText(c.band)} ({c.points} points)
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
