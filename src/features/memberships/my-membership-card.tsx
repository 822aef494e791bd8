// The portal's membership card on My packages (issue 35): each running membership of the client
// (awaiting payment, active, renewal due, or ending with its period) with its fee, status, when the
// period ends (and whether it renews) and the included sessions left this period. Nothing when the
// client has none running. A phone's width first, like the page's package cards.
import { Alert, Card, CardContent, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useParams } from 'wouter';
import { formatDate, formatPaise } from '../../lib/format.ts';
import type { Membership } from './memberships-api.ts';
import { useMyMemberships } from './memberships-hooks.ts';
import { BENEFIT, CARD_TEXT as T, STATUS } from './texts.ts';

const RUNNING: ReadonlyArray<Membership['status']> = ['awaiting_payment', 'active', 'renewal_due', 'cancelling'];

function MembershipCard({ m }: { m: Membership }) {
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
      </CardContent>
    </Card>
  );
}

/** The client's running memberships (the client of the page's address), above their packages. */
export function MyMembershipCard() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const { memberships, rows } = useMyMemberships(Number(clientId));
  if (memberships.failed)
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {T.loadFailed}
      </Alert>
    );
  return (
    <>
      {rows
        .filter((m) => RUNNING.includes(m.status))
        .map((m) => (
          <MembershipCard key={m.id} m={m} />
        ))}
    </>
  );
}
