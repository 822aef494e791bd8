// The signed-in user's menu: who is signed in, and sign out.
import { Button, Divider, Menu, MenuItem, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectDisplayName } from '../../../machines/app/selectors';
import { SIGN_OUT } from '../shell-text';
import { useShell } from './shell-context';

export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { auth, app } = useShell();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = useSelector(app, selectDisplayName);
  const label = name || auth.user?.email || 'Account';
  return (
    <>
      <Button id="user-menu-button" color="inherit" aria-haspopup="menu" aria-controls={anchor ? 'user-menu' : undefined} aria-expanded={Boolean(anchor)} onClick={(e) => setAnchor(e.currentTarget)}>
        {label}
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxHeight: 300 } } }}>
        <Typography variant="body2" sx={{ px: 2, py: 1 }} color="text.secondary">
          {auth.user?.email}
          {auth.role ? ` · ${auth.role}` : ''}
        </Typography>
        <Divider />
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
