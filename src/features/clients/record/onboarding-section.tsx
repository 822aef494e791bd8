// The onboarding answers (health_goals, client_story, lifestyle_history, family_history) as
// readable cards: keys become labels, lists become bullet points, nested answers indent.
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { formatDate, formatDateTime } from '../../../lib/staff/format.ts';
import type { Profile } from '../clients-api.ts';
import { ONBOARDING_SENTENCES } from './onboarding-sentences.ts';

/** Bookkeeping fields of the onboarding answers, not answers themselves. */
const HIDDEN_KEYS = ['schema_version'];
import { NOT_ANSWERED, ONBOARDING_TITLES } from './texts.ts';
import { words } from '../../../../machines/rules/words.ts';

export function humanize(key: string): string {
  return words(key);
}

function Answer({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '')
    return (
      <Typography component="span" color="text.secondary">
        —
      </Typography>
    );
  if (typeof value === 'boolean') return <span>{value ? 'Yes' : 'No'}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0)
      return (
        <Typography component="span" color="text.secondary">
          —
        </Typography>
      );
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {value.map((item, i) => (
          <li key={i}>
            <Answer value={item} />
          </li>
        ))}
      </Box>
    );
  }
  if (typeof value === 'object') return <Answers data={value as Record<string, unknown>} />;
  // Choice values are stored as identifiers (`under_3_months`); dates and times read as dates.
  if (typeof value === 'string' && /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value)) return <span>{humanize(value)}</span>;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value))
    return <span>{value.length === 10 ? formatDate(value) : formatDateTime(value)}</span>;
  return <span>{String(value)}</span>;
}

function Answers({ data }: { data: Record<string, unknown> }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {Object.entries(data)
        .filter(([key]) => !HIDDEN_KEYS.includes(key))
        .map(([key, value]) => (
          <Box key={key} sx={{ mb: 1 }}>
            <Typography component="dt" variant="subtitle2">
              {humanize(key)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ ml: 0 }}>
              <Answer value={value} />
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

export function OnboardingSection({ profile }: { profile: Profile }) {
  return (
    <Grid container spacing={2}>
      {(Object.keys(ONBOARDING_TITLES) as Array<keyof typeof ONBOARDING_TITLES>).map((key) => {
        const data = (profile[key as keyof Profile] ?? {}) as Record<string, unknown>;
        const answered = Object.keys(data).some((k) => !HIDDEN_KEYS.includes(k));
        const sentences = ONBOARDING_SENTENCES[key]?.(data) ?? [];
        return (
          <Grid key={key} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }} data-testid={`onboarding-${key}`}>
              <CardContent>
                <Typography variant="h6" component="h3" gutterBottom>
                  {ONBOARDING_TITLES[key]}
                </Typography>
                {!answered ? (
                  <Typography color="text.secondary">{NOT_ANSWERED}</Typography>
                ) : sentences.length ? (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {sentences.map((line, i) => (
                      <Typography key={i} component="li" variant="body2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
                        {line}
                      </Typography>
                    ))}
                  </Box>
                ) : (
                  // An answer of an older shape than the sentences know: still shown, labelled.
                  <Answers data={data} />
                )}
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
