// A client's portal as a SUPER_ADMIN sees it (spec §6: SUPER_ADMIN passes every guarded route,
// /user/* included). The pages marked `readsOnly` show under a notice that the view is read-only:
// home as the client sees it; profile, onboarding answers and thrive checks with their machines
// started read-only (no edit, form or step to save). Any other page would write as the client, so
// it says plainly that it is the client's.
// The server audits every read of the client's records, whoever reads them.
import { Alert, Box, Button, Typography } from '@mui/material';
import { Link } from 'wouter';
import { isBuilt } from '../built-routes.ts';
import { getHref, portalRoutes } from '../paths.ts';
import { pageFor } from '../routes/index.tsx';
import { PORTAL_OPEN_RECORD, PORTAL_READ_ONLY, PORTAL_WRITE_REFUSED_TEXT, PORTAL_WRITE_REFUSED_TITLE } from '../shell-text.ts';
import { GuardedRoute } from './guarded-route.tsx';

type PortalKey = keyof typeof portalRoutes;

const readsOnly = (key: PortalKey) => 'readsOnly' in portalRoutes[key];

export function PortalReadOnly({ routeKey, clientId }: { routeKey: PortalKey; clientId: string }) {
  const Page = pageFor(routeKey);
  const links = (Object.keys(portalRoutes) as PortalKey[]).filter((key) => isBuilt(key) && readsOnly(key));
  return (
    <GuardedRoute key={routeKey} routeKey={routeKey}>
      <Box data-portal-view="read-only">
        <Alert
          severity="info"
          sx={{ m: 2 }}
          action={
            <Button component={Link} href={getHref('clientDetails', { clientId })} color="inherit">
              {PORTAL_OPEN_RECORD}
            </Button>
          }
        >
          {PORTAL_READ_ONLY}
        </Alert>
        <Box component="nav" aria-label="Client portal" sx={{ display: 'flex', gap: 2, px: 2 }}>
          {links.map((key) => (
            <Typography key={key} component={Link} href={getHref(key, { clientId })}>
              {portalRoutes[key].label}
            </Typography>
          ))}
        </Box>
        {readsOnly(routeKey) ? (
          <Page />
        ) : (
          <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 6, px: 2 }} data-page="portal-write-refused">
            <Typography variant="h5" component="h1" gutterBottom>
              {PORTAL_WRITE_REFUSED_TITLE}
            </Typography>
            <Typography color="text.secondary">{PORTAL_WRITE_REFUSED_TEXT}</Typography>
          </Box>
        )}
      </Box>
    </GuardedRoute>
  );
}
