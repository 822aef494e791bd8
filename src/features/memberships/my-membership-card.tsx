// The portal's membership card on My packages (issue 35): each running membership of the client
// (awaiting payment, active, renewal due, or ending with its period) with its fee, status, when the
// period ends (and whether it renews) and the included sessions left this period. Nothing when the
// client has none running. The client stops a membership's renewal here, after a confirm, where
// its lifecycle allows it (the card's chart: machines/memberships/my-membership-machine.ts).
// A phone's width first, like the page's package cards.
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { useParams } from 'wouter';
import { formatDate, formatPaise } from '../../lib/format.ts';
import type { Membership } from './memberships-api.ts';
import { useMyMemberships } from './memberships-hooks.ts';
import { BENEFIT, CARD_TEXT as T, STATUS } from './texts.ts';

const RUNNING: ReadonlyArray<Membership['status']> = ['awaiting_payment', 'active', 'renewal_due', 'cancelling'];

function MembershipCard({ m, onStop }: { m: Membership; onStop: (() => void) | null }) {
  return (
    <Card variant="outlined" component="section" aria-label={T.title} sx={{ mb: 2 }} data-my-membership={m.id} data-status={m.status}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {T.title}: {m.plan_name}
          </Typography>
          <Chip size="small" label={STATUS[m.status]} color={m.status === 'awaiting_payment' ? 'warning' : 'success'} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {T.fee(formatPaise(m.fee_paise), m.period)}
        </Typography>
        {m.status === 'awaiting_payment' || !m.ends_on ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-field="period-end">
            {T.startsWhenPaid}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }} data-field="period-end">
            {T.periodEnds(formatDate(m.ends_on))}
            {' · '}
            {m.renews_on ? T.renewsOn(formatDate(m.renews_on)) : T.endsOn(formatDate(m.ends_on))}
          </Typography>
        )}
        {m.status !== 'awaiting_payment' && m.included.length + m.discounts.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
              {T.benefitsLeft}
            </Typography>
            <List dense disablePadding aria-label={T.benefitsLeft}>
              {m.included.map((i) => (
                <ListItem key={`i${i.service}`} disableGutters>
                  {BENEFIT.left(i.service_name, i.left, i.sessions)}
                </ListItem>
              ))}
              {m.discounts.map((d) => (
                <ListItem key={`d${d.service ?? 0}`} disableGutters>
                  {BENEFIT.discount(d.percent ?? 0, d.service_name)}
                </ListItem>
              ))}
            </List>
          </>
        )}
        {onStop && (
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={onStop} data-stop-renewal={m.id}>
            {T.stopRenewal}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Stopping a renewal, said plainly before it is done. */
function StopRenewalDialog({ m, pending, onKeep, onStop }: { m: Membership | null; pending: boolean; onKeep: () => void; onStop: () => void }) {
  return (
    <Dialog open={m !== null} onClose={pending ? undefined : onKeep} aria-labelledby="stop-renewal-title">
      <DialogTitle id="stop-renewal-title">{T.stopTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{m && T.stopBody(m.plan_name)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} disabled={pending}>
          {T.keep}
        </Button>
        <Button variant="contained" onClick={onStop} disabled={pending} data-confirm-stop-renewal>
          {pending ? T.stopping : T.stopConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The client's running memberships (the client of the page's address), above their packages. */
export function MyMembershipCard() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const card = useMyMemberships(Number(clientId));
  if (card.isFailed)
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => card.send({ type: 'membership.retry' })}>
            {T.retry}
          </Button>
        }
      >
        {T.loadFailed}
      </Alert>
    );
  return (
    <>
      {card.message && (
        <Alert severity={card.message === 'renewalStopped' ? 'success' : 'error'} sx={{ mb: 2 }} data-membership-message={card.message}>
          {T[card.message]}
        </Alert>
      )}
      {card.rows
        .filter((m) => RUNNING.includes(m.status))
        .map((m) => (
          <MembershipCard key={m.id} m={m} onStop={card.mayStop(m) ? () => card.send({ type: 'membership.stopRenewal', membership: m.id }) : null} />
        ))}
      <StopRenewalDialog
        m={card.confirming}
        pending={card.isStopping}
        onKeep={() => card.send({ type: 'membership.keep' })}
        onStop={() => card.send({ type: 'membership.confirmStop' })}
      />
    </>
  );
}
