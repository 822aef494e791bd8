// The profile's passkeys (issue 39), the same card on the staff and the portal profile: each
// passkey with the name its authenticator gave it and when it was added (Cognito keeps no last
// use, and has no rename), adding one through the browser's dialog, removing one after a
// confirmation. Shown only where /config.json's passwordless section allows passkeys.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useSelector } from '@xstate/react';
import { toAuthenticatorConfig } from '../../../machines/identity/config.ts';
import { passkeysMachine } from '../../../machines/identity/passkeys-machine.ts';
import { passkeysSelectors } from '../../../machines/identity/passkeys-selectors.ts';
import { PASSKEY_TEXTS } from '../../../machines/identity/texts.ts';
import { useShell } from '../../app/port.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageActor } from '../../lib/page-actor.ts';
import { passkeyActors } from './identity-api.ts';

export function PasskeysCard() {
  const { config } = useShell();
  return toAuthenticatorConfig(config.amplify?.auth).signInFactors.includes('WEB_AUTHN') ? <Passkeys /> : null;
}

function Passkeys() {
  const ref = usePageActor(passkeysMachine.provide({ actors: passkeyActors }));
  const mode = useSelector(ref, passkeysSelectors.mode);
  const passkeys = useSelector(ref, passkeysSelectors.passkeys);
  const removing = useSelector(ref, passkeysSelectors.removing);
  const confirming = useSelector(ref, passkeysSelectors.isConfirming);
  const adding = useSelector(ref, passkeysSelectors.isAdding);
  const message = useSelector(ref, passkeysSelectors.message);
  const notice = useSelector(ref, passkeysSelectors.notice);
  const pending = useSelector(ref, passkeysSelectors.isPending);
  const nameOf = (name: string) => name || PASSKEY_TEXTS.unnamed;
  return (
    <Card sx={{ mt: 2 }} data-section="passkeys">
      <CardContent>
        <Typography variant="h6" component="h2">
          {PASSKEY_TEXTS.heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {PASSKEY_TEXTS.intro}
        </Typography>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {message && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        {mode === 'loading' && <Skeleton variant="rounded" height={56} aria-busy="true" />}
        {mode === 'failed' && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" onClick={() => ref.send({ type: 'passkeys.retry' })}>
                {PASSKEY_TEXTS.retry}
              </Button>
            }
          >
            {PASSKEY_TEXTS.loadFailed}
          </Alert>
        )}
        {mode === 'empty' && <Typography data-field="no-passkeys">{PASSKEY_TEXTS.empty}</Typography>}
        {mode === 'list' && (
          <List aria-label={PASSKEY_TEXTS.listLabel} disablePadding>
            {passkeys.map((passkey) => (
              <ListItem
                key={passkey.credentialId}
                data-id={passkey.credentialId}
                disableGutters
                divider
                sx={{ flexWrap: 'wrap', columnGap: 1 }}
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    aria-label={PASSKEY_TEXTS.removeLabel(nameOf(passkey.name))}
                    disabled={pending}
                    onClick={() => ref.send({ type: 'passkeys.remove', credentialId: passkey.credentialId })}
                  >
                    {PASSKEY_TEXTS.remove}
                  </Button>
                }
              >
                <ListItemText
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                  primary={nameOf(passkey.name)}
                  secondary={passkey.createdAt ? PASSKEY_TEXTS.created(formatDate(passkey.createdAt)) : null}
                />
              </ListItem>
            ))}
          </List>
        )}
        {(mode === 'list' || mode === 'empty') && (
          <Box sx={{ mt: 2 }}>
            {adding && <Typography sx={{ mb: 1 }}>{PASSKEY_TEXTS.adding}</Typography>}
            <Button variant="outlined" disabled={pending} onClick={() => ref.send({ type: 'passkeys.add' })}>
              {PASSKEY_TEXTS.add}
            </Button>
          </Box>
        )}
      </CardContent>
      <Dialog open={confirming} onClose={() => !pending && ref.send({ type: 'passkeys.cancelRemove' })} aria-labelledby="remove-passkey-title">
        <DialogTitle id="remove-passkey-title">{PASSKEY_TEXTS.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{PASSKEY_TEXTS.confirmBody(nameOf(removing?.name ?? ''))}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => ref.send({ type: 'passkeys.cancelRemove' })} disabled={pending}>
            {PASSKEY_TEXTS.cancel}
          </Button>
          <Button color="error" variant="contained" onClick={() => ref.send({ type: 'passkeys.confirmRemove' })} disabled={pending}>
            {PASSKEY_TEXTS.confirmRemove}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
