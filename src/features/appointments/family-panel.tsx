// The client record's family panel (issue 35): the client's family, its other members, linking
// to one (a client picked) and unlinking; a member's shareable package shows in the balance.
import { Box, Button, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { PACKAGE_TEXT as P } from './client-appointments-texts.ts';
import { Link } from 'wouter';
import { getHref } from '../../app/port.ts';
import type { ClientSearchOption } from '../../lib/staff/client-search-field.tsx';
import { ConfirmDialog, fieldError } from '../../lib/staff/confirm-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';
import { ClientPicker } from './package-step-dialogs.tsx';

/** The client's family: its other members, linking to one (a client picked) and unlinking. */
export function FamilyPanel({
  clientId,
  members,
  join,
  leave,
}: {
  clientId: number;
  members: Array<{ id: number; name: string }>;
  join: ActionHandle<null>;
  leave: ActionHandle<null>;
}) {
  const [other, setOther] = useState<ClientSearchOption | null>(null);
  return (
    <Box sx={{ mb: 2 }} data-testid="client-family">
      <Typography variant="subtitle1" component="h3">
        {P.family}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">{P.noFamily}</Typography>
      ) : (
        <List dense aria-label={P.familyMembers}>
          {members.map((m) => (
            <ListItem key={m.id} disableGutters>
              <MuiLink component={Link} href={getHref('clientDetails', { clientId: m.id }, { tab: 'appointments' })}>
                {m.name}
              </MuiLink>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => join.open(null)}>
          {P.joinFamily}
        </Button>
        {members.length > 0 && (
          <Button size="small" onClick={() => leave.open(null)}>
            {P.leaveFamily}
          </Button>
        )}
      </Box>
      <FormDialog
        action={join}
        id="join-family"
        title={P.joinTitle}
        submitLabel={P.joinSubmit}
        pendingLabel={P.joinPending}
        ready={other !== null}
        onSubmit={() => join.submit({ with: other!.id })}
        onExited={() => setOther(null)}
      >
        <Typography>{P.joinHint}</Typography>
        <ClientPicker label={P.joinWith} exclude={clientId} value={other} onPick={setOther} />
        {fieldError(join, 'with') && <Typography color="error">{fieldError(join, 'with')}</Typography>}
      </FormDialog>
      <ConfirmDialog action={leave} title={P.leaveTitle} confirmLabel={P.leaveSubmit}>
        {P.leaveBody}
      </ConfirmDialog>
    </Box>
  );
}
