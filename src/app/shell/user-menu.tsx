// The signed-in user's menu: who is signed in, and sign out. On a narrow bar (compact) the button
// is the person's initials and their name moves into the menu, so a long name never widens the bar.
import { Avatar, Button, Divider, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PROFILE_TEXTS } from '../../../machines/identity/texts.ts';
import { selectDisplayName } from '../../../machines/app/selectors.ts';
import { ACCOUNT, accountMenuLabel, SIGN_OUT } from '../shell-text.ts';
import { useShell } from './shell-context.tsx';
import { words } from '../../../machines/rules/words.ts';

function initials(label: string): string {
  const words = label.split(/[\s@.]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words[1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** `profileHref`: the staff member's own profile (the portal has Profile in its navigation instead). */
export function UserMenu({ onSignOut, compact = false, profileHref }: { onSignOut: () => void; compact?: boolean; profileHref?: string }) {
  const { auth, app } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = useSelector(app, selectDisplayName);
  const label = name || auth.user?.email || ACCOUNT;
  const buttonProps = {
    id: 'user-menu-button',
    color: 'inherit' as const,
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? 'user-menu' : undefined,
    'aria-expanded': Boolean(anchor),
    onClick: (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
  };
  return (
    <>
      {compact ? (
        <IconButton {...buttonProps} edge="end" aria-label={accountMenuLabel(label)}>
          <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main' }}>{initials(label)}</Avatar>
        </IconButton>
      ) : (
        <Button {...buttonProps} sx={{ flexShrink: 0, textTransform: 'none' }}>
          {label}
        </Button>
      )}
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 300, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {compact && (
          <Typography variant="subtitle2" component="p" sx={{ px: 2, pt: 1, overflowWrap: 'anywhere' }} data-testid="user-menu-name">
            {label}
          </Typography>
        )}
        <Typography variant="body2" sx={{ px: 2, py: 1, overflowWrap: 'anywhere' }} color="text.secondary">
          {auth.user?.email}
          {auth.role ? ` · ${words(auth.role)}` : ''}
        </Typography>
        <Divider />
        {profileHref && (
          <MenuItem component={Link} href={profileHref} onClick={() => setAnchor(null)}>
            {PROFILE_TEXTS.menuItem}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onSignOut();
          }}
        >
          {SIGN_OUT}
        </MenuItem>
      </Menu>
    </>
  );
}
