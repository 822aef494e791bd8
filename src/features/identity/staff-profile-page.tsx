// /profile: a staff member's own account (issue 39): who is signed in, and their passkeys (the
// same card as the portal profile's). The clinic's staff records are kept on /users.
import { Card, CardContent, Typography } from '@mui/material';
import { PROFILE_TEXTS } from '../../../machines/identity/texts.ts';
import { words } from '../../../machines/rules/words.ts';
import { useShell } from '../../app/port.ts';
import { PageFrame } from '../../lib/page-frame.tsx';
import { PasskeysCard } from './passkeys-card.tsx';

export function StaffProfilePage() {
  const { auth } = useShell();
  return (
    <PageFrame title={PROFILE_TEXTS.title} page="staff-profile">
      <Card data-section="account">
        <CardContent>
          <Typography variant="h6" component="h2">
            {PROFILE_TEXTS.signedInAs}
          </Typography>
          <Typography data-field="email" sx={{ overflowWrap: 'anywhere' }}>
            {auth.user?.email}
          </Typography>
          {auth.role && (
            <Typography color="text.secondary" data-field="role">
              {words(auth.role)}
            </Typography>
          )}
        </CardContent>
      </Card>
      <PasskeysCard />
    </PageFrame>
  );
}
