// The cognitive section of a client's record (staff): the client's screening runs with domain
// scores and raw-data size, in-clinic instrument results, every comment; a form to record an
// in-clinic result (instrument, form and version, language, setting, total and per-domain
// scores, administrator, interpretation: never the items) and a comment the client sees.
import { Alert, Box, Button, Chip, Divider, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useCognitiveReview } from './client-cognitive-hooks.ts';
import { COGNITIVE_SECTION as T } from './client-cognitive-texts.ts';
import { DateField } from '../../lib/date-field.tsx';
import { clinicToday, formatDate, formatDateTime } from '../../lib/format.ts';
import { words } from '../../../machines/rules/words.ts';

type Review = { id: number; comment: string; reviewer_name: string };
type Run = {
  id: number;
  status: string;
  started_at: string;
  total: number | null;
  domains: Record<string, number> | null;
  progress: { tasks: unknown[] };
  reviews: Review[];
};
type Instrument = {
  id: number;
  instrument: string;
  form: string;
  version: string;
  language: string;
  administered_on: string;
  total: number;
  max_total: number;
  administrator: string;
  interpretation: string;
  domains: Array<{ domain: string; score: number; max: number }>;
  reviews: Review[];
};

const FIELDS = ['instrument', 'form', 'version', 'language', 'setting', 'administered_on', 'total', 'max_total', 'administrator', 'interpretation'] as const;

export function CognitiveSection({ clientId }: { clientId: number }) {
  const section = useCognitiveReview(clientId);
  if (section.view === 'failed')
    return (
      <Alert severity="error" action={<Button onClick={section.retry}>{T.retry}</Button>}>
        {T.loadFailed}
      </Alert>
    );
  const runs = section.results.runs as unknown as Run[];
  const instruments = section.results.instruments as unknown as Instrument[];
  return (
    <Stack spacing={2} data-section="cognitive" data-view={section.view}>
      {section.failure && Object.keys(section.fieldErrors).length === 0 && <Alert severity="error">{section.failure}</Alert>}
      {/* "None yet" only once loaded: while loading, the record is not known to be empty. */}
      {section.view === 'ready' && runs.length + instruments.length === 0 && <Typography color="text.secondary">{T.none}</Typography>}
      {runs.length > 0 && (
        <Typography variant="subtitle1" component="h3">
          {T.runs}
        </Typography>
      )}
      {runs.map((r) => (
        <Box key={r.id} data-run={r.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>{formatDateTime(r.started_at)}</Typography>
            <Chip size="small" label={words(r.status)} />
            {r.total !== null && <Typography data-field="run-total">Total {r.total}</Typography>}
          </Stack>
          {r.domains && (
            <Typography color="text.secondary">
              {Object.entries(r.domains)
                .map(([d, v]) => `${T.domainNames[d] ?? d} ${v}`)
                .join(' · ')}
            </Typography>
          )}
          <Comments reviews={r.reviews} />
          {r.status === 'completed' && <CommentForm pending={section.pending} onSend={(comment) => section.comment({ run: r.id, comment })} />}
        </Box>
      ))}
      {instruments.length > 0 && (
        <Typography variant="subtitle1" component="h3">
          {T.instruments}
        </Typography>
      )}
      {instruments.map((i) => (
        <Box key={i.id} data-instrument={i.id}>
          <Typography>
            {i.instrument} {i.form} ({i.version}, {i.language}) · {formatDate(i.administered_on)} ·{' '}
            <strong data-field="instrument-total">
              {i.total} / {i.max_total}
            </strong>{' '}
            · {i.administrator}
          </Typography>
          {i.domains.length > 0 && <Typography color="text.secondary">{i.domains.map((d) => `${d.domain} ${d.score}/${d.max}`).join(' · ')}</Typography>}
          {i.interpretation && <Typography>{i.interpretation}</Typography>}
          <Comments reviews={i.reviews} />
          <CommentForm pending={section.pending} onSend={(comment) => section.comment({ instrument: i.id, comment })} />
        </Box>
      ))}
      <Divider />
      <InstrumentForm pending={section.pending} fieldErrors={section.fieldErrors} onRecord={section.record} />
    </Stack>
  );
}

function Comments({ reviews }: { reviews: Review[] }) {
  return (
    <>
      {reviews.map((v) => (
        <Typography key={v.id} variant="body2" data-field="review">
          {v.reviewer_name}: {v.comment}
        </Typography>
      ))}
    </>
  );
}

function CommentForm({ pending, onSend }: { pending: boolean; onSend: (comment: string) => void }) {
  const [comment, setComment] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ mt: 1, alignItems: 'flex-start' }}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSend(comment);
        setComment('');
      }}
    >
      <TextField size="small" label={T.commentLabel} value={comment} onChange={(e) => setComment(e.target.value)} sx={{ flex: 1 }} />
      <Button type="submit" variant="outlined" disabled={pending || !comment.trim()}>
        {T.comment}
      </Button>
    </Stack>
  );
}

/** Per-domain lines "Delayed recall, 3, 5" read as the contract's domain scores. */
function domainsOf(text: string) {
  return text
    .split('\n')
    .map((line) => line.split(',').map((p) => p.trim()))
    .filter((parts) => parts[0])
    .map(([domain, score, max]) => ({ domain, score: Number(score), max: Number(max) }));
}

function InstrumentForm({
  pending,
  fieldErrors,
  onRecord,
}: {
  pending: boolean;
  fieldErrors: Record<string, string[]>;
  onRecord: (draft: Record<string, unknown>) => void;
}) {
  const [form, setForm] = useState<Record<string, string>>({ instrument: 'MoCA', language: 'English', administered_on: clinicToday(), domains: '' });
  const set = (name: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  return (
    <Box
      component="form"
      aria-label={T.recordTitle}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        const { domains, ...rest } = form;
        onRecord({
          ...Object.fromEntries(FIELDS.map((f) => [f, rest[f] ?? ''])),
          total: Number(rest.total),
          max_total: Number(rest.max_total),
          domains: domainsOf(domains ?? ''),
        });
      }}
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {T.recordTitle}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {FIELDS.map((f) =>
          f === 'administered_on' ? (
            // Given in the clinic, so not after the clinic's today (the browser's could be a day ahead).
            <DateField
              key={f}
              name={f}
              size="small"
              label={T.fields[f]}
              value={form[f] ?? ''}
              onChange={(value) => setForm((v) => ({ ...v, [f]: value }))}
              maxDate={clinicToday()}
              error={Boolean(fieldErrors[f])}
              helperText={fieldErrors[f]?.[0]}
            />
          ) : (
            <TextField
              key={f}
              name={f}
              size="small"
              label={T.fields[f]}
              value={form[f] ?? ''}
              onChange={set(f)}
              type={f === 'total' || f === 'max_total' ? 'number' : 'text'}
              multiline={f === 'interpretation'}
              error={Boolean(fieldErrors[f])}
              helperText={fieldErrors[f]?.[0]}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
        )}
        <TextField
          name="domains"
          size="small"
          label={T.domainsHelp}
          value={form.domains}
          onChange={set('domains')}
          multiline
          minRows={2}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={pending}>
        {T.record}
      </Button>
    </Box>
  );
}
