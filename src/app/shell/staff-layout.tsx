// The staff frame (spec §2 "Other", §9): a top bar for every non-client role with the links
// that role may open; below 768 px the links live in a drawer, from 1024 px in an expanded
// sidebar, in between in the bar. Only built pages are linked (routes.tsx).
import { AppBar, Box, Drawer, IconButton, List, ListItemButton, ListItemText, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type Role, roleIsAllowed } from '../../../machines/guard/roles.ts';
import { DEFAULT_LAB_DESK_ROLES, runsLabDesk } from '../../../machines/staff/work-routing.ts';
import { getHref, staffRoutes, staffSectionOf } from '../paths.ts';
import { isBuilt } from '../built-routes.ts';
import { PortalBookingsBadge, PortalBookingsProvider } from '../../features/appointments/shell.ts';
import { SupportQueueBadge } from './support-badge.tsx';
import { OPEN_NAVIGATION } from '../shell-text.ts';
import { useShell } from './shell-context.tsx';
import { UserMenu } from './user-menu.tsx';

const SIDEBAR_WIDTH = 240;

/**
 * The Support link shows how many of the tickets this staff member answers wait on the clinic.
 * The Appointments link shows how many portal bookings this staff member has not seen.
 */
function NavLabel({ item }: { item: { key: string; label: string } }) {
  if (item.key === 'support') return <SupportQueueBadge>{item.label}</SupportQueueBadge>;
  if (item.key === 'appointments') return <PortalBookingsBadge>{item.label}</PortalBookingsBadge>;
  return <>{item.label}</>;
}

/** The links this role may open; the lab desk only for the roles that run it (clinic settings, in /config.json). */
export function staffNavigation(role: Role | null, labDeskRoles: readonly string[] = DEFAULT_LAB_DESK_ROLES) {
  return (Object.keys(staffRoutes) as Array<keyof typeof staffRoutes>)
    .filter((key) => 'label' in staffRoutes[key] && isBuilt(key) && roleIsAllowed(role, staffRoutes[key].roles))
    .filter((key) => key !== 'labDesk' || runsLabDesk(role, labDeskRoles))
    .map((key) => ({ key, label: (staffRoutes[key] as { label: string }).label, href: getHref(key) }));
}

function NavList({ role, onNavigate }: { role: Role | null; onNavigate?: () => void }) {
  const [location] = useLocation();
  const { config } = useShell();
  return (
    <List component="nav" aria-label="Main">
      {staffNavigation(role, config.labDeskRoles).map((item) => (
        <ListItemButton key={item.key} component={Link} href={item.href} selected={staffSectionOf(location) === item.key} onClick={onNavigate}>
          <ListItemText primary={<NavLabel item={item} />} />
        </ListItemButton>
      ))}
    </List>
  );
}

export function StaffLayout({ role, onSignOut, children }: { role: Role | null; onSignOut: () => void; children: ReactNode }) {
  const { config } = useShell();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'));
  const expanded = useMediaQuery(theme.breakpoints.up('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const links = staffNavigation(role, config.labDeskRoles);
  return (
    <PortalBookingsProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout="staff">
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar>
            {mobile && links.length > 0 && (
              <IconButton color="inherit" edge="start" aria-label={OPEN_NAVIGATION} onClick={() => setDrawerOpen(true)} sx={{ mr: 1 }}>
                <span aria-hidden>☰</span>
              </IconButton>
            )}
            <Typography
              variant="h6"
              component={Link}
              href={getHref('home')}
              data-testid="clinic-name"
              noWrap
              sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 0, flexShrink: 1, minWidth: 0, mr: mobile ? 1 : 3 }}
            >
              {config.clinicName}
            </Typography>
            <Box component="nav" aria-label="Main" sx={{ flexGrow: 1, display: !mobile && !expanded ? 'flex' : 'none', gap: 1 }}>
              {!mobile &&
                !expanded &&
                links.map((item) => (
                  <Typography key={item.key} component={Link} href={item.href} sx={{ color: 'inherit' }}>
                    <NavLabel item={item} />
                  </Typography>
                ))}
            </Box>
            <Box sx={{ flexGrow: mobile || expanded ? 1 : 0 }} />
            <UserMenu onSignOut={onSignOut} compact={mobile} profileHref={getHref('staffProfile')} />
          </Toolbar>
        </AppBar>
        {mobile && (
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} data-testid="nav-drawer">
            <Toolbar />
            <NavList role={role} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        {expanded && links.length > 0 && (
          <Drawer variant="permanent" data-testid="nav-sidebar" sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}>
            <Toolbar />
            <NavList role={role} />
          </Drawer>
        )}
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          {children}
        </Box>
      </Box>
    </PortalBookingsProvider>
  );
}
