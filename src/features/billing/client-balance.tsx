// A client's balance where staff meet them (the appointment panel, the record's banner): what is
// still due on issued invoices and the advances not yet used; each open document links to its
// page for those who bill. Shown to the roles that see balances (machines/billing/billing-roles.ts).
import { Box, Button, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'wouter';
import { billsClients, readsBalance } from '../../../machines/billing/billing-roles.ts';
import { getHref, useShell } from '../../app/port.ts';
import { useClientBalance } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

function Balance({ client, links }: { client: number; links: boolean }) {
  const { state, context, retry } = useClientBalance(client);
  const b = context.balance;
  if (state === 'failed')
    return (
      <Typography variant="body2" color="error" data-testid="client-balance">
        {T.balanceFailed}{' '}
        <Button size="small" onClick={retry}>
          {T.retry}
        </Button>
      </Typography>
    );
  if (!b) return null;
  return (
    <Box data-testid="client-balance">
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {b.unpaid_paise > 0 ? (
          <Chip size="small" color="warning" label={T.balanceDue(formatPaise(b.unpaid_paise))} />
        ) : (
          <Chip size="small" variant="outlined" label={T.noBalance} />
        )}
        {b.unused_advance_paise > 0 && <Chip size="small" color="info" variant="outlined" label={T.advanceHeld(formatPaise(b.unused_advance_paise))} />}
        {links &&
          b.open_documents.map((d) => (
            <MuiLink key={d.id} component={Link} href={getHref('billingDocument', { id: d.id })} variant="body2">
              {T.creditLink(d.number, formatPaise(d.balance_paise))}
            </MuiLink>
          ))}
      </Stack>
    </Box>
  );
}

/** The balance, for the roles that see one; nothing for the others. */
export function ClientBalance({ client }: { client: number }) {
  const { auth } = useShell();
  if (!readsBalance(auth.role ?? '')) return null;
  return <Balance client={client} links={billsClients(auth.role ?? '') || auth.role === 'SUPER_ADMIN'} />;
}
