// The client portal's own frame: the clinic's name, the client's links (built pages only) and
// the user menu.
import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { getHref, portalRoutes } from '../paths';
import { isBuilt } from '../built-routes';
import { UserMenu } from './user-menu';

export function PortalLayout({ clientId, onSignOut, children }: { clientId: string; onSignOut: () => void; children: ReactNode }) {
  const links = (Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>).filter(isBuilt);
  return (
    <Box data-layout="portal">
      <AppBar position="static">
        {/* Wrapping, so the portal's links fit a phone's 360 px instead of widening the page. */}
        <Toolbar sx={{ flexWrap: 'wrap', columnGap: 0, rowGap: 0.5, py: 0.5 }}>
          <Typography variant="h6" component={Link} href={getHref('portalHome', { clientId })} sx={{ color: 'inherit', textDecoration: 'none', mr: 3 }}>
            Thrive Clinic
          </Typography>
          <Box component="nav" aria-label="Portal" sx={{ flexGrow: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, minWidth: 0 }}>
            {links.map((key) => (
              <Typography key={key} component={Link} href={getHref(key, { clientId })} sx={{ color: 'inherit' }}>
                {portalRoutes[key].label}
              </Typography>
            ))}
          </Box>
          <UserMenu onSignOut={onSignOut} />
        </Toolbar>
      </AppBar>
      <Box component="main">{children}</Box>
    </Box>
  );
}
