// /user/cognitive-assessment/{clientId}: the screening battery (a screening the clinic reviews, not
// a diagnosis), the client's own results compared with their earlier ones, in-clinic results the
// clinic recorded, and the reviewers' comments. Read-only (a SUPER_ADMIN in the client's portal):
// the results only.
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useParams } from 'wouter';
import { changeSince, DOMAINS } from '../../../machines/cognitive/scoring.ts';
import { formatDate } from '../../lib/format.ts';
import { BatteryView } from './battery-view.tsx';
import type { CognitiveInstrument, CognitiveRun } from './cognitive-api.ts';
import { useCognitivePage } from './cognitive-hooks.ts';
import { COGNITIVE_TEXT as T, DOMAIN_TEXT } from './texts.ts';

export function CognitivePage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const page = useCognitivePage(clientId);
  const runs = page.results.runs as unknown as CognitiveRun[];
  const instruments = page.results.instruments as unknown as CognitiveInstrument[];
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', px: 2, py: 3, fontSize: '1.125rem' }} data-page="cognitive-assessment">
      <Typography variant="h4" component="h1" gutterBottom>
        {T.title}
      </Typography>
      {page.view === 'failed' ? (
        <Alert severity="error" action={<Button onClick={page.retry}>{T.retry}</Button>}>
          {T.loadFailed}
        </Alert>
      ) : page.view === 'loading' ? (
        <Skeleton variant="rounded" height={240} aria-busy="true" />
      ) : page.view === 'taking' && page.battery ? (
        <Card>
          <CardContent>
            <BatteryView battery={page.battery} />
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={3}>
          {page.view !== 'reading' && (
            <Card>
              <CardContent>
                <Typography sx={{ mb: 2 }} data-field="intro">
                  {T.intro}
                </Typography>
                {page.failure && (
                  <Alert severity="error" sx={{ mb: 2 }}>
                    {page.failure}
                  </Alert>
                )}
                {page.openRun ? (
                  <Button variant="contained" size="large" sx={{ minHeight: 56, fontSize: '1.25rem' }} onClick={page.resume}>
                    {T.resume}
                  </Button>
                ) : (
                  <Button variant="contained" size="large" sx={{ minHeight: 56, fontSize: '1.25rem' }} onClick={page.start} disabled={page.view === 'starting'}>
                    {T.start}
                  </Button>
                )}
              </CardContent>
            </Card>
          )}
          <Results runs={runs} instruments={instruments} />
        </Stack>
      )}
    </Box>
  );
}

export function Results({ runs, instruments }: { runs: CognitiveRun[]; instruments: CognitiveInstrument[] }) {
  const completed = runs.filter((r) => r.status === 'completed');
  return (
    <Stack spacing={2} data-field="results">
      <Typography variant="h5" component="h2">
        {T.historyTitle}
      </Typography>
      {runs.length === 0 && instruments.length === 0 && <Typography color="text.secondary">{T.noResults}</Typography>}
      {runs.map((run) => {
        const previous = completed[completed.indexOf(run) + 1];
        return <RunCard key={run.id} run={run} previous={previous ?? null} />;
      })}
      {instruments.length > 0 && (
        <Typography variant="h6" component="h3">
          {T.inClinicTitle}
        </Typography>
      )}
      {instruments.map((i) => (
        <Card key={i.id} variant="outlined" data-instrument={i.id}>
          <CardContent>
            <Typography variant="h6" component="p">
              {i.instrument} {i.form} · {formatDate(i.administered_on)}
            </Typography>
            <Typography data-field="instrument-total">
              {T.total}: {T.scoreOutOf(i.total, i.max_total)}
            </Typography>
            {i.domains.map((d) => (
              <Typography key={d.domain} color="text.secondary">
                {d.domain}: {T.scoreOutOf(d.score, d.max)}
              </Typography>
            ))}
            {i.interpretation && <Typography sx={{ mt: 1 }}>{i.interpretation}</Typography>}
            <Reviews reviews={i.reviews} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function RunCard({ run, previous }: { run: CognitiveRun; previous: CognitiveRun | null }) {
  const change = run.domains && previous?.domains ? changeSince(run.domains, previous.domains) : null;
  return (
    <Card variant="outlined" data-run={run.id} data-status={run.status}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h6" component="p">
            {formatDate(run.started_at)}
          </Typography>
          <Chip label={T.status[run.status]} />
        </Stack>
        {run.domains && (
          <>
            <Typography sx={{ fontSize: '1.5rem' }} data-field="total" data-value={run.total}>
              {T.total}: {run.total}
            </Typography>
            {DOMAINS.map((d) => (
              <Typography key={d} data-domain={d} data-value={run.domains![d]}>
                {DOMAIN_TEXT[d]}: {run.domains![d]}
                {change ? ` (${T.since(change[d])})` : ''}
              </Typography>
            ))}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {T.scaleNote}
            </Typography>
            <Reviews reviews={run.reviews} awaiting />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Reviews({ reviews, awaiting }: { reviews: CognitiveRun['reviews']; awaiting?: boolean }) {
  if (reviews.length === 0) return awaiting ? <Typography sx={{ mt: 1 }}>{T.awaitingReview}</Typography> : null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {reviews.map((r) => (
        <Alert key={r.id} severity="info" data-field="review">
          <strong>{T.reviewerSays(r.reviewer_name)}</strong> {r.comment}
        </Alert>
      ))}
    </Stack>
  );
}
