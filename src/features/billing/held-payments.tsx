// The online payments held for reception, on the billing desk: what the gateway reported and the
// server did not record (machines/billing/held-payments-machine.ts), with when, how much against
// what was expected, why, and the document it was for. Nothing shows while there are none.
import { Alert, Box, Button, Link as MuiLink, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'wouter';
import { getHref } from '../../app/port.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useHeldPayments } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

export function HeldPayments() {
  const { isFailed, shows, held, error, retry } = useHeldPayments();
  if (isFailed)
    return (
      <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={retry}>{T.retry}</Button>}>
        {T.heldFailed} {error}
      </Alert>
    );
  if (!shows) return null;
  const c = T.heldColumns;
  return (
    <Box component="section" aria-labelledby="billing-held" sx={{ mb: 3 }}>
      <Typography id="billing-held" variant="h6" component="h2">
        {T.heldTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.heldHelp}
      </Typography>
      <ScrollTable size="small" aria-label={T.heldTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{c.when}</TableCell>
            <TableCell>{c.document}</TableCell>
            <TableCell align="right">{c.amount}</TableCell>
            <TableCell align="right">{c.expected}</TableCell>
            <TableCell>{c.reason}</TableCell>
            <TableCell>{c.payment}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {held.map((h) => (
            <TableRow key={h.id} data-held={h.id}>
              <TableCell>{formatDateTime(h.created_at)}</TableCell>
              <TableCell>
                {h.document !== null ? (
                  <MuiLink component={Link} href={getHref('billingDocument', { id: h.document })}>
                    {h.number ?? `${T.draftNumber} #${h.document}`}
                  </MuiLink>
                ) : (
                  T.noDocument
                )}
              </TableCell>
              <TableCell align="right">{formatPaise(h.amount_paise)}</TableCell>
              <TableCell align="right">{h.expected_paise === null ? T.noDocument : formatPaise(h.expected_paise)}</TableCell>
              <TableCell>{T.heldReason[h.reason]}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{h.payment_id}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </Box>
  );
}
