// /user/invoices/{clientId}: "My invoices" on the portal (issue 34). The client's issued documents
// (number, date, total, status, amount due); one opened shows its lines (stacked cards on a phone),
// taxes, total in words and payments, and while money is due the UPI QR code and, where the clinic
// has the online gateway, "Pay online". `?document=<id>` (where the gateway sends the browser
// back) opens that document and reads it until the payment shows. Renders the chart in
// machines/billing/my-invoices-machine.ts; a SUPER_ADMIN reads it without paying.
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useParams, useSearch } from 'wouter';
import { invoiceDue, type InvoiceDetail, type InvoiceLine, type InvoiceSummary, type OpenedInvoice } from '../../../machines/billing/my-invoices-machine.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { useMyInvoices } from './billing-portal-hooks.ts';
import { MY_INVOICES_TEXT as T, percent, rupees } from './portal-texts.ts';
import { UpiQr } from './upi-qr.tsx';

const PAGE = 'portal-invoices';
const STATUS_COLOUR = { draft: 'default', issued: 'warning', partially_paid: 'warning', paid: 'success', credited: 'default', deleted: 'default' } as const;

/** The document the gateway sent the browser back for (`?document=12`), if any. */
function returnedDocument(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('document'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function InvoiceCard({ invoice, onOpen }: { invoice: InvoiceSummary; onOpen: () => void }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-invoice={invoice.id} data-status={invoice.status}>
      <CardActionArea onClick={onOpen} aria-label={`${T.open} ${invoice.number ?? ''}`.trim()}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {invoice.number}
            </Typography>
            <Chip size="small" label={T.statusName[invoice.status]} color={STATUS_COLOUR[invoice.status]} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {T.kind[invoice.kind]} · {invoice.issued_on ? formatDate(invoice.issued_on) : ''}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1, flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="body2">
              {T.total}: {rupees(invoice.total_paise)}
            </Typography>
            {invoiceDue(invoice) && (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-due={invoice.balance_paise}>
                {T.due}: {rupees(invoice.balance_paise)}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function taxParts(line: InvoiceLine): string[] {
  if (line.exempt) return [T.exempt];
  if (line.igst_paise > 0) return [`${T.igst(percent(line.gst_rate_bp))} ${rupees(line.igst_paise)}`];
  if (line.cgst_paise > 0 || line.sgst_paise > 0)
    return [`${T.cgst(percent(line.gst_rate_bp / 2))} ${rupees(line.cgst_paise)}`, `${T.sgst(percent(line.gst_rate_bp / 2))} ${rupees(line.sgst_paise)}`];
  return [T.gst(percent(line.gst_rate_bp))];
}

function LineCards({ lines }: { lines: InvoiceLine[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
      {lines.map((line) => (
        <Card key={line.id} variant="outlined" component="li" sx={{ listStyle: 'none' }} data-line={line.id}>
          <CardContent>
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {line.description}
            </Typography>
            {line.from_package && (
              <Typography variant="body2" color="text.secondary">
                {T.fromPackage(line.from_package)}
              </Typography>
            )}
            {line.code && (
              <Typography variant="body2" color="text.secondary">
                {T.code(line.code)}
              </Typography>
            )}
            <Typography variant="body2">{T.quantity(line.quantity, rupees(line.unit_price_paise))}</Typography>
            {line.discount_paise > 0 && <Typography variant="body2">{T.discount(rupees(line.discount_paise))}</Typography>}
            <Typography variant="body2">
              {T.taxable}: {rupees(line.taxable_paise)}
            </Typography>
            {taxParts(line).map((part) => (
              <Typography key={part} variant="body2">
                {part}
              </Typography>
            ))}
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {T.lineTotal}: {rupees(line.total_paise)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function LineTable({ lines }: { lines: InvoiceLine[] }) {
  return (
    <ScrollTable size="small" aria-label={T.lines}>
      <TableHead>
        <TableRow>
          <TableCell>{T.lines}</TableCell>
          <TableCell align="right">{T.taxable}</TableCell>
          <TableCell>{T.tax}</TableCell>
          <TableCell align="right">{T.lineTotal}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id} data-line={line.id}>
            <TableCell>
              <Typography variant="body2">{line.description}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[
                  line.from_package && T.fromPackage(line.from_package),
                  line.code && T.code(line.code),
                  T.quantity(line.quantity, rupees(line.unit_price_paise)),
                  line.discount_paise > 0 && T.discount(rupees(line.discount_paise)),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </TableCell>
            <TableCell align="right">{rupees(line.taxable_paise)}</TableCell>
            <TableCell>{taxParts(line).join(', ')}</TableCell>
            <TableCell align="right">{rupees(line.total_paise)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

function Amount({ label, paise, strong }: { label: string; paise: number; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={strong ? { fontWeight: 700 } : undefined}>
        {label}
      </Typography>
      <Typography variant="body2" sx={strong ? { fontWeight: 700 } : undefined}>
        {rupees(paise)}
      </Typography>
    </Stack>
  );
}

function Totals({ d }: { d: InvoiceDetail }) {
  const t = d.totals;
  return (
    <Box sx={{ maxWidth: 360, ml: 'auto', mt: 2 }} data-totals={t.total_paise}>
      <Amount label={T.taxable} paise={t.taxable_paise} />
      {t.cgst_paise > 0 && <Amount label={T.cgstTotal} paise={t.cgst_paise} />}
      {t.sgst_paise > 0 && <Amount label={T.sgstTotal} paise={t.sgst_paise} />}
      {t.igst_paise > 0 && <Amount label={T.igstTotal} paise={t.igst_paise} />}
      {t.round_off_paise !== 0 && <Amount label={T.roundOff} paise={t.round_off_paise} />}
      <Amount label={T.grandTotal} paise={t.total_paise} strong />
      <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic' }}>
        {T.inWords(t.total_in_words)}
      </Typography>
    </Box>
  );
}

function Payments({ d }: { d: InvoiceDetail }) {
  return (
    <Box component="section" aria-labelledby="invoice-payments" sx={{ mt: 3 }}>
      <Typography id="invoice-payments" variant="h6" component="h3">
        {T.payments}
      </Typography>
      {d.payments.length === 0 && <Typography variant="body2">{T.noPayments}</Typography>}
      {d.payments.map((p) => (
        <Stack key={p.id} direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }} data-payment={p.id}>
          <Typography variant="body2">
            {formatDateTime(p.received_at)} · {T.method[p.method]}
            {p.reference ? ` · ${p.reference}` : ''}
          </Typography>
          <Typography variant="body2">{rupees(p.amount_paise)}</Typography>
        </Stack>
      ))}
      <Box sx={{ maxWidth: 360, ml: 'auto', mt: 1 }}>
        {d.paid_paise > 0 && <Amount label={T.paid} paise={d.paid_paise} />}
        {d.credited_paise > 0 && <Amount label={T.credited} paise={d.credited_paise} />}
        {invoiceDue(d) && <Amount label={T.stillDue} paise={d.balance_paise} strong />}
      </Box>
    </Box>
  );
}

function PayPanel({
  opened,
  offered,
  canPayOnline,
  busy,
  onPayOnline,
}: {
  opened: OpenedInvoice;
  offered: boolean;
  canPayOnline: boolean;
  busy: boolean;
  onPayOnline: () => void;
}) {
  const { document: d, upi } = opened;
  if (!invoiceDue(d)) return null;
  return (
    <Card variant="outlined" sx={{ mt: 3 }} data-pay-panel>
      <CardContent>
        {upi && (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="h6" component="h3">
              {T.payByUpi}
            </Typography>
            <UpiQr uri={upi.uri} label={T.upiQrLabel(rupees(upi.amount_paise), upi.note)} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {T.upiHelp(rupees(upi.amount_paise), upi.payee_vpa)}
            </Typography>
            <Button href={upi.uri} variant="outlined">
              {T.openUpiApp}
            </Button>
          </Stack>
        )}
        {offered && (
          <Box sx={{ mt: upi ? 2 : 0, textAlign: 'center' }}>
            <Button variant="contained" size="large" disabled={!canPayOnline || busy} onClick={onPayOnline} data-pay-online>
              {T.payOnline}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Document({
  opened,
  phone,
  viewing,
  offersOnline,
  canPayOnline,
  send,
  download,
}: {
  opened: OpenedInvoice;
  phone: boolean;
  /** The document waits for nothing: Refresh and "Pay online" are live. */
  viewing: boolean;
  offersOnline: boolean;
  canPayOnline: boolean;
  send: ReturnType<typeof useMyInvoices>['send'];
  download: () => Promise<void>;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const d = opened.document;
  return (
    <Box component="article" aria-labelledby="invoice-title" data-document={d.id} data-status={d.status} data-balance={d.balance_paise}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="invoice-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {T.kind[d.kind]} {d.number}
        </Typography>
        <Chip label={T.statusName[d.status]} color={STATUS_COLOUR[d.status]} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.date}: {d.issued_on ? formatDate(d.issued_on) : ''}
      </Typography>
      {phone ? <LineCards lines={d.lines} /> : <LineTable lines={d.lines} />}
      <Totals d={d} />
      <Payments d={d} />
      <PayPanel opened={opened} offered={offersOnline} canPayOnline={canPayOnline} busy={!viewing} onPayOnline={() => send({ type: 'invoices.payOnline' })} />
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => send({ type: 'invoices.close' })}>{T.back}</Button>
        <Button onClick={() => send({ type: 'invoices.refresh' })} disabled={!viewing}>
          {T.refresh}
        </Button>
        {d.number && (
          <Button variant="outlined" onClick={() => download().catch(() => enqueueSnackbar(T.downloadFailed, { variant: 'error' }))}>
            {T.download}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

export function MyInvoicesPage() {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const returnTo = returnedDocument(useSearch());
  const m = useMyInvoices(clientId, returnTo);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const c = m.context;
  if (m.isFailed) {
    return (
      <PageFrame title={T.title} page={PAGE}>
        <LoadFailed onRetry={() => m.send({ type: 'invoices.retry' })} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={T.title} page={PAGE}>
      {c.message && (
        <Alert severity={c.message === 'notYetPaid' || c.message === 'noGateway' ? 'info' : 'error'} role="alert" sx={{ mb: 2 }}>
          {T[c.message]}
        </Alert>
      )}
      {(m.isLoading || m.isOpening) && <CircularProgress aria-label={m.isLoading ? T.title : T.loadingDocument} />}
      {m.isConfirming && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.confirming}
        </Alert>
      )}
      {m.isPayingOnline && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.payingOnline}
        </Alert>
      )}
      {c.opened && !m.isListing ? (
        <Document
          opened={c.opened}
          phone={phone}
          viewing={m.isViewing}
          offersOnline={m.offersOnline}
          canPayOnline={m.canPayOnline}
          send={m.send}
          download={() => m.download(c.opened!.document.id, c.opened!.document.number ?? String(c.opened!.document.id))}
        />
      ) : (
        m.isListing && (
          <>
            {c.invoices.length === 0 && <Typography>{T.none}</Typography>}
            <Stack component="ul" spacing={1} aria-label={T.listLabel} sx={{ p: 0, m: 0 }} data-my-invoices>
              {c.invoices.map((invoice) => (
                <InvoiceCard key={invoice.id} invoice={invoice} onOpen={() => m.send({ type: 'invoices.open', id: invoice.id })} />
              ))}
            </Stack>
          </>
        )
      )}
    </PageFrame>
  );
}
