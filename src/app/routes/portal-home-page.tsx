// /user/home/{clientId}: greeting ("Welcome" on the first visit, "Welcome back" after), consent status, onboarding progress with a call to finish it,
// programs with progress, the latest thrive check, appointments, completed therapy sessions (no chart) and shortcuts to the built portal pages.
import { Box, Button, Card, CardContent, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useDeferredValue } from 'react';
import { Link, useParams } from 'wouter';
import { type OnboardingAnswers, onboardingProgress } from '../../../machines/clients/onboarding-rules.ts';
import { programProgress } from '../../../machines/clients/program-progress.ts';
import { getHref, isBuilt, portalRoutes } from '../port.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { PORTAL_TEXT, riskText, usePortalHome } from '../../features/clients/index.ts';
import { UpcomingSection } from '../../features/appointments/index.ts';
import { TrendsSection } from '../../features/thrive/index.ts';
import { CompletedSessionsSection } from '../../features/visits/index.ts';
import { formatDate } from '../../lib/format.ts';
import { words } from '../../../machines/rules/words.ts';

export function PortalHomePage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const { mode: state, data: loaded, firstVisit, retry } = usePortalHome(clientId);
  // The loaded home is a large tree (cards, sections, their charts' actors): it renders as a
  // deferred update, which React renders in slices between the browser's own work, not in one long
  // task when the data arrives; the skeleton stays until it is in.
  const data = useDeferredValue(state === 'ready' ? loaded : null);

  if (state === 'failed') {
    return (
      <PageFrame title="Home" page="portal-home">
        <LoadFailed onRetry={retry} />
      </PageFrame>
    );
  }
  if (!data) {
    return (
      <PageFrame title="Home" page="portal-home">
        <Box aria-busy="true" data-loading="home">
          <Skeleton variant="text" width="40%" height={48} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={140} sx={{ flex: 1 }} />
            ))}
          </Stack>
        </Box>
      </PageFrame>
    );
  }

  const { profile, enrollments, programs, checks } = data;
  const progress = onboardingProgress(profile as unknown as OnboardingAnswers);
  const latest = checks[0];
  const shortcuts = (Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).filter((k) => k !== 'portalHome' && isBuilt(k));
  return (
    <PageFrame title={PORTAL_TEXT.greeting(profile.first_name, firstVisit)} page="portal-home">
      <Typography color={profile.hipaa_consent ? 'text.secondary' : 'warning.main'} data-field="consent-status" sx={{ mb: 2 }}>
        {profile.hipaa_consent && profile.hipaa_consent_date ? PORTAL_TEXT.consentGiven(formatDate(profile.hipaa_consent_date)) : PORTAL_TEXT.consentMissing}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Card sx={{ flex: 1 }} data-card="onboarding">
          <CardContent>
            <Typography variant="h6" component="h2">
              {PORTAL_TEXT.onboardingTitle}
            </Typography>
            <Typography variant="body2" sx={{ my: 1 }}>
              {PORTAL_TEXT.onboardingProgress(progress.done, progress.total)}
            </Typography>
            <LinearProgress variant="determinate" value={progress.percent} aria-label="Onboarding progress" />
            {progress.done < progress.total ? (
              <Button component={Link} href={getHref('portalOnboard', { clientId })} variant="contained" sx={{ mt: 2 }}>
                {progress.done === 0 ? PORTAL_TEXT.onboardingStart : PORTAL_TEXT.onboardingFinish}
              </Button>
            ) : (
              <Typography sx={{ mt: 2 }}>{PORTAL_TEXT.onboardingDone}</Typography>
            )}
          </CardContent>
        </Card>
        <Card sx={{ flex: 1 }} data-card="latest-check">
          <CardContent>
            <Typography variant="h6" component="h2">
              {PORTAL_TEXT.latestCheckTitle}
            </Typography>
            {latest ? (
              <>
                <Typography variant="h5" component="p" sx={{ my: 1 }} data-field="latest-risk">
                  {riskText(latest.band)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(latest.taken_at)} · {latest.points} points
                </Typography>
              </>
            ) : (
              <Typography variant="body2" sx={{ my: 1 }}>
                {PORTAL_TEXT.latestCheckEmpty}
              </Typography>
            )}
            <Button component={Link} href={getHref('portalThriveCheck', { clientId })} sx={{ mt: 1 }}>
              {PORTAL_TEXT.takeCheck}
            </Button>
          </CardContent>
        </Card>
      </Stack>
      <UpcomingSection clientId={clientId} />
      <CompletedSessionsSection clientId={clientId} />
      <Card sx={{ mt: 2 }} data-card="programs">
        <CardContent>
          <Typography variant="h6" component="h2">
            {PORTAL_TEXT.programsTitle}
          </Typography>
          {enrollments.length === 0 ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {PORTAL_TEXT.programsEmpty}
            </Typography>
          ) : (
            <Stack spacing={2} sx={{ mt: 1 }}>
              {enrollments.map((e) => {
                const p = programProgress(
                  e,
                  programs.find((x) => x.id === e.program),
                );
                return (
                  <Box key={e.id}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography>{e.program_name}</Typography>
                      <Chip size="small" label={words(e.status)} />
                    </Stack>
                    {p && (
                      <>
                        <Typography variant="body2" color="text.secondary">
                          {PORTAL_TEXT.programWeek(p.week, p.total)}
                        </Typography>
                        <LinearProgress variant="determinate" value={p.percent} aria-label={`${e.program_name} progress`} />
                      </>
                    )}
                  </Box>
                );
              })}
            </Stack>
          )}
        </CardContent>
      </Card>
      <TrendsSection clientId={clientId} />
      <Box sx={{ mt: 3 }} component="nav" aria-label={PORTAL_TEXT.shortcutsTitle}>
        <Typography variant="h6" component="h2">
          {PORTAL_TEXT.shortcutsTitle}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {shortcuts.map((key) => (
            <Button key={key} variant="outlined" component={Link} href={getHref(key, { clientId })}>
              {portalRoutes[key].label}
            </Button>
          ))}
        </Stack>
      </Box>
    </PageFrame>
  );
}
