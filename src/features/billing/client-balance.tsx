// A client's balance where staff meet them (the appointment panel, the record's banner): what is
// still due on issued invoices and the advances not yet used; each open document and, for those
// who read them, each advance receipt with something left links to its page. Reception takes an
// advance here and sees the receipt voucher it issued. Shown to the roles that see balances
// (machines/billing/billing-roles.ts).
import { Alert, Box, Button, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'wouter';
import { unusedAdvances } from '../../../machines/billing/advance-form.ts';
import { billsClients, readsBalance } from '../../../machines/billing/billing-roles.ts';
import { getHref, useShell } from '../../app/port.ts';
import { AdvanceDialog } from './advance-dialog.tsx';
import { useClientBalance } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

function Balance({ client, links }: { client: number; links: boolean }) {
  const view = useClientBalance(client);
  const { isFailed, context, retry } = view;
  const b = context.balance;
  if (isFailed)
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
        {view.canOpenAdvance && (
          <Button size="small" variant="outlined" onClick={() => view.send({ type: 'advance.open' })}>
            {T.takeAdvance}
          </Button>
        )}
      </Stack>
      {links && unusedAdvances(context.advances).length > 0 && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }} aria-label={T.advances} role="group">
          <Typography variant="body2" color="text.secondary">
            {T.advances}:
          </Typography>
          {unusedAdvances(context.advances).map((a) => (
            <MuiLink key={a.id} component={Link} href={getHref('billingDocument', { id: a.id })} variant="body2" data-advance={a.id}>
              {T.advanceLine(a.number, formatPaise(a.unused_paise), formatPaise(a.amount_paise))}
            </MuiLink>
          ))}
        </Stack>
      )}
      {context.issued && (
        <Alert severity="success" sx={{ mt: 1 }}>
          <MuiLink component={Link} href={getHref('billingDocument', { id: context.issued.id })}>
            {T.advanceIssued(context.issued.number)}
          </MuiLink>
        </Alert>
      )}
      <AdvanceDialog view={view} />
    </Box>
  );
}

/** The balance, for the roles that see one; nothing for the others. */
export function ClientBalance({ client }: { client: number }) {
  const { auth } = useShell();
  if (!readsBalance(auth.role ?? '')) return null;
  return <Balance client={client} links={billsClients(auth.role ?? '') || auth.role === 'SUPER_ADMIN'} />;
}
