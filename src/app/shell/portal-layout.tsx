// The client portal's own frame: the clinic's name, the client's links (built pages only) and
// the user menu. Ten links do not fit a phone (spec §9: mobile below 768 px), nor a tablet: below
// 1024 px the bar is compact, the links live in a drawer behind a menu button and the client's
// name in the account menu, so nothing wraps or spills off a 360 px screen.
import { AppBar, Box, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { getHref, portalRoutes } from '../paths.ts';
import { isBuilt } from '../built-routes.ts';
import { OPEN_NAVIGATION } from '../shell-text.ts';
import { useShell } from './shell-context.tsx';
import { UserMenu } from './user-menu.tsx';

export function PortalLayout({ clientId, onSignOut, children }: { clientId: string; onSignOut: () => void; children: ReactNode }) {
  const { config } = useShell();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [location] = useLocation();
  const links = (Object.keys(portalRoutes) as Array<keyof typeof portalRoutes>)
    .filter(isBuilt)
    .map((key) => ({ key, label: portalRoutes[key].label, href: getHref(key, { clientId }) }));
  return (
    <Box data-layout="portal">
      <AppBar position="static">
        <Toolbar sx={{ gap: 1 }}>
          {compact && (
            <IconButton color="inherit" edge="start" aria-label={OPEN_NAVIGATION} onClick={() => setDrawerOpen(true)}>
              <span aria-hidden>☰</span>
            </IconButton>
          )}
          <Typography
            variant="h6"
            component={Link}
            href={getHref('portalHome', { clientId })}
            data-testid="clinic-name"
            // A long name wraps within its share of the bar, never cut short (issue 32).
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              mr: compact ? 0 : 2,
              minWidth: 0,
              flexShrink: 1,
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
              lineHeight: 1.25,
              py: 0.5,
              maxWidth: compact ? 'none' : '30%',
            }}
          >
            {config.clinicName}
          </Typography>
          <Box
            component="nav"
            aria-label="Portal"
            sx={{ flexGrow: 1, display: compact ? 'none' : 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, minWidth: 0 }}
          >
            {!compact &&
              links.map((item) => (
                <Typography key={item.key} component={Link} href={item.href} sx={{ color: 'inherit' }}>
                  {item.label}
                </Typography>
              ))}
          </Box>
          {compact && <Box sx={{ flexGrow: 1 }} />}
          <UserMenu onSignOut={onSignOut} compact={compact} />
        </Toolbar>
      </AppBar>
      {compact && (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} data-testid="portal-nav-drawer">
          <List component="nav" aria-label="Portal" sx={{ width: 260 }}>
            {links.map((item) => (
              <ListItemButton key={item.key} component={Link} href={item.href} selected={location === item.href} onClick={() => setDrawerOpen(false)}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Drawer>
      )}
      <Box component="main">{children}</Box>
    </Box>
  );
}
