// /billing: the staff billing desk (issue 34). The online payments held for reception, then the
// clinic's documents with their number, client, date, status, total and balance due, narrowed by
// status; each opens its page. Those who bill start a new invoice for a client here. Renders the
// desk chart (machines/billing/billing-desk-machine.ts).
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link as MuiLink,
  MenuItem,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Link } from 'wouter';
import { DESK_FILTERS, type DeskFilter } from '../../../machines/billing/billing-desk-machine.ts';
import { billsClients } from '../../../machines/billing/billing-roles.ts';
import { getHref, useShell } from '../../app/port.ts';
import { formatDate } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useBillingDesk } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';
import { DayCloseButton } from './day-close.tsx';
import { HeldPayments } from './held-payments.tsx';
import { NewInvoice } from './new-invoice-dialog.tsx';

const STATUS_COLOR = { draft: 'default', issued: 'warning', partially_paid: 'warning', paid: 'success', credited: 'info', deleted: 'default' } as const;

export function BillingDeskPage() {
  const desk = useBillingDesk();
  const { auth } = useShell();
  const { documents, count, filter, error } = desk;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-page="billing-desk">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {T.deskTitle}
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {billsClients(auth.role ?? '') && <NewInvoice />}
          <DayCloseButton />
          <TextField
            select
            size="small"
            label={T.filter}
            value={filter}
            onChange={(e) => desk.send({ type: 'desk.filter', filter: e.target.value as DeskFilter })}
            sx={{ minWidth: 180 }}
            disabled={desk.isLoading}
          >
            {DESK_FILTERS.map((f) => (
              <MenuItem key={f} value={f}>
                {T.filters[f]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <HeldPayments />
      {desk.isFailed && (
        <Alert severity="error" action={<Button onClick={() => desk.send({ type: 'desk.retry' })}>{T.retry}</Button>}>
          {T.deskFailed} {error}
        </Alert>
      )}
      {desk.isLoading && <CircularProgress aria-label={T.deskTitle} />}
      {desk.isReady && documents.length === 0 && <Typography>{T.deskEmpty}</Typography>}
      {desk.isReady && documents.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {T.deskCount(documents.length, count)}
          </Typography>
          <ScrollTable size="small" aria-label={T.deskTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{T.columns.number}</TableCell>
                <TableCell>{T.columns.client}</TableCell>
                <TableCell>{T.columns.date}</TableCell>
                <TableCell>{T.columns.status}</TableCell>
                <TableCell align="right">{T.columns.total}</TableCell>
                <TableCell align="right">{T.columns.due}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {documents.map((d) => (
                <TableRow key={d.id} data-document={d.id} data-status={d.status}>
                  <TableCell>
                    <MuiLink component={Link} href={getHref('billingDocument', { id: d.id })}>
                      {d.number ?? `${T.draftNumber} #${d.id}`}
                    </MuiLink>
                    <Typography variant="caption" component="div" color="text.secondary">
                      {T.kind[d.kind]}
                    </Typography>
                  </TableCell>
                  <TableCell>{d.client_name}</TableCell>
                  <TableCell>{formatDate(d.issued_on ?? d.created_at)}</TableCell>
                  <TableCell>
                    <Chip size="small" label={T.status[d.status]} color={STATUS_COLOR[d.status]} variant="outlined" />
                  </TableCell>
                  <TableCell align="right">{formatPaise(d.total_paise)}</TableCell>
                  <TableCell align="right">{formatPaise(d.balance_paise)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        </>
      )}
    </Box>
  );
}
