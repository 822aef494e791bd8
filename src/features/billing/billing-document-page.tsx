// /billing/documents/:id: one billing document for staff (issue 34). Its lines with SAC/HSN,
// taxable value, CGST + SGST or IGST at their rates, the round-off, the total in figures and in
// words, its status, payments and credit notes, and only the actions its lifecycle allows now to
// the caller's role (RECEPTION, ADMIN; SUPER_ADMIN reads). A draft's lines are edited in place.
// Renders the document chart (machines/billing/billing-document-machine.ts).
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  Link as MuiLink,
  Paper,
  Stack,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Link, useParams } from 'wouter';
import {
  type BillingDoc,
  choosesTill,
  type DocLine,
  draftLineProblem,
  type DraftLine,
  hasPdf,
  rupeesToPaise,
  type Till,
} from '../../../machines/billing/billing-document-machine.ts';
import { gstStateName } from '../../../machines/billing/gstin.ts';
import { creditable, editable, takesPayments } from '../../../machines/billing/invoice-lifecycle.ts';
import { getHref } from '../../app/port.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';
import { CreditDialog } from './credit-dialog.tsx';
import { DraftAdditions } from './draft-additions.tsx';
import { useBillingDocument } from './billing-hooks.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

export type DocumentView = ReturnType<typeof useBillingDocument>;

const STATUS_COLOR = { draft: 'default', issued: 'warning', partially_paid: 'warning', paid: 'success', credited: 'info', deleted: 'default' } as const;

const tax = (amount: number, bp: number) => (amount === 0 && bp === 0 ? '—' : T.taxAt(formatPaise(amount), bp));

/** The saved line a draft line stands for, when it is as saved (its computed values still hold). */
function savedAs(line: DraftLine, saved: DocLine[]): DocLine | null {
  const s = line.line === null ? undefined : saved.find((l) => l.id === line.line);
  if (!s || String(s.quantity) !== line.quantity.trim()) return null;
  const discount = line.discount.trim() === '' ? 0 : rupeesToPaise(line.discount);
  return discount === s.discount_paise ? s : null;
}

function Computed({ line, intra }: { line: DocLine | null; intra: boolean }) {
  if (!line)
    return (
      <>
        <TableCell align="right">—</TableCell>
        {intra ? (
          <>
            <TableCell align="right">—</TableCell>
            <TableCell align="right">—</TableCell>
          </>
        ) : (
          <TableCell align="right">—</TableCell>
        )}
        <TableCell align="right">—</TableCell>
      </>
    );
  const half = line.gst_rate_bp / 2;
  return (
    <>
      <TableCell align="right">{formatPaise(line.taxable_paise)}</TableCell>
      {intra ? (
        <>
          <TableCell align="right">{line.exempt ? T.exempt : tax(line.cgst_paise, half)}</TableCell>
          <TableCell align="right">{line.exempt ? T.exempt : tax(line.sgst_paise, half)}</TableCell>
        </>
      ) : (
        <TableCell align="right">{line.exempt ? T.exempt : tax(line.igst_paise, line.gst_rate_bp)}</TableCell>
      )}
      <TableCell align="right">{formatPaise(line.total_paise)}</TableCell>
    </>
  );
}

function Description({ description, fromPackage }: { description: string; fromPackage: string | null }) {
  return (
    <>
      {description}
      {fromPackage && (
        <Typography variant="caption" component="div" color="text.secondary">
          {T.fromPackage(fromPackage)}
        </Typography>
      )}
    </>
  );
}

function LinesTable({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  // IGST when any line carries it (the place of supply is another State); CGST + SGST otherwise.
  const intra = !doc.lines.some((l) => l.igst_paise > 0);
  const draft = editable(doc.status) && view.context.mayBill;
  const c = T.lineColumns;
  return (
    <ScrollTable size="small" aria-label={T.lines}>
      <TableHead>
        <TableRow>
          <TableCell>{c.description}</TableCell>
          <TableCell>{c.code}</TableCell>
          <TableCell align="right">{c.quantity}</TableCell>
          <TableCell align="right">{c.price}</TableCell>
          <TableCell align="right">{c.discount}</TableCell>
          <TableCell align="right">{c.taxable}</TableCell>
          {intra ? (
            <>
              <TableCell align="right">{c.cgst}</TableCell>
              <TableCell align="right">{c.sgst}</TableCell>
            </>
          ) : (
            <TableCell align="right">{c.igst}</TableCell>
          )}
          <TableCell align="right">{c.total}</TableCell>
          {draft && <TableCell />}
        </TableRow>
      </TableHead>
      <TableBody>
        {draft
          ? view.context.draft.map((line) => {
              const problem = draftLineProblem(line);
              return (
                <TableRow key={line.key} data-line={line.key}>
                  <TableCell>
                    <Description description={line.description} fromPackage={line.from_package} />
                  </TableCell>
                  <TableCell>{line.code ?? '—'}</TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      value={line.quantity}
                      onChange={(e) => view.send({ type: 'line.quantity', key: line.key, value: e.target.value })}
                      error={problem === 'quantity'}
                      helperText={problem === 'quantity' ? T.lineProblem.quantity : undefined}
                      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': T.quantityOf(line.description), size: 3 } }}
                      sx={{ width: 80 }}
                    />
                  </TableCell>
                  <TableCell align="right">{formatPaise(line.unit_price_paise)}</TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      value={line.discount}
                      placeholder="0"
                      onChange={(e) => view.send({ type: 'line.discount', key: line.key, value: e.target.value })}
                      error={problem === 'discount'}
                      helperText={problem === 'discount' ? T.lineProblem.discount : undefined}
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': T.discountOf(line.description), size: 6 } }}
                      sx={{ width: 110 }}
                    />
                  </TableCell>
                  <Computed line={savedAs(line, doc.lines)} intra={intra} />
                  <TableCell>
                    <IconButton aria-label={T.removeLine(line.description)} onClick={() => view.send({ type: 'line.remove', key: line.key })}>
                      <span aria-hidden>✕</span>
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })
          : doc.lines.map((line) => (
              <TableRow key={line.id} data-line={line.id}>
                <TableCell>
                  <Description description={line.description} fromPackage={line.from_package} />
                </TableCell>
                <TableCell>{line.code ?? '—'}</TableCell>
                <TableCell align="right">{line.quantity}</TableCell>
                <TableCell align="right">{formatPaise(line.unit_price_paise)}</TableCell>
                <TableCell align="right">{formatPaise(line.discount_paise)}</TableCell>
                <Computed line={line} intra={intra} />
              </TableRow>
            ))}
      </TableBody>
    </ScrollTable>
  );
}

function Totals({ doc }: { doc: BillingDoc }) {
  const t = doc.totals;
  const rows: [string, number][] = [
    [T.totals.taxable, t.taxable_paise],
    ...(t.igst_paise > 0
      ? [[T.totals.igst, t.igst_paise] as [string, number]]
      : [[T.totals.cgst, t.cgst_paise] as [string, number], [T.totals.sgst, t.sgst_paise] as [string, number]]),
    [T.totals.roundOff, t.round_off_paise],
  ];
  return (
    <Box data-testid="billing-totals" sx={{ ml: 'auto', maxWidth: 420, mt: 2 }}>
      {rows.map(([label, paise]) => (
        <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">{label}</Typography>
          <Typography variant="body2">{formatPaise(paise)}</Typography>
        </Stack>
      ))}
      <Divider sx={{ my: 0.5 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>{T.totals.total}</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="billing-total">
          {formatPaise(t.total_paise)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {T.inWords(t.total_in_words)}
      </Typography>
      {doc.status !== 'draft' && (doc.kind === 'invoice' || doc.kind === 'bill_of_supply') && (
        <Box sx={{ mt: 1 }}>
          {(
            [
              [T.paid, doc.paid_paise],
              [T.credited, doc.credited_paise],
              [T.refunded, doc.refunded_paise],
            ] as [string, number][]
          )
            .filter(([, paise]) => paise > 0)
            .map(([label, paise]) => (
              <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{label}</Typography>
                <Typography variant="body2">{formatPaise(paise)}</Typography>
              </Stack>
            ))}
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 600 }}>{T.due}</Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="billing-due">
              {formatPaise(doc.balance_paise)}
            </Typography>
          </Stack>
        </Box>
      )}
    </Box>
  );
}

/** Each payment with the till it was taken at, named where the clinic has more than one. */
function Payments({ doc, tills }: { doc: BillingDoc; tills: Till[] }) {
  const tillName = (id: number) => (choosesTill(tills) ? tills.find((t) => t.id === id)?.name : undefined);
  return (
    <Box component="section" aria-label={T.payments} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {T.payments}
      </Typography>
      {doc.payments.length === 0 && <Typography variant="body2">{T.noPayments}</Typography>}
      {doc.payments.map((p) => (
        <Typography key={p.id} variant="body2" data-payment={p.id}>
          {T.paymentLine(T.method[p.method] ?? p.method, formatPaise(p.amount_paise), formatDateTime(p.received_at), p.reference)}
          {p.change_paise ? ` · ${T.changeGiven(formatPaise(p.change_paise))}` : ''}
          {tillName(p.till) ? ` · ${T.paymentTill(tillName(p.till)!)}` : ''}
        </Typography>
      ))}
      {doc.credit_notes.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {T.creditNotes}
          </Typography>
          {doc.credit_notes.map((c) => (
            <Typography key={c.id} variant="body2">
              <MuiLink component={Link} href={getHref('billingDocument', { id: c.id })}>
                {T.creditLink(c.number, formatPaise(c.total_paise))}
              </MuiLink>
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}

function Actions({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { mayBill, dirty } = view.context;
  const can = (type: 'draft.save' | 'doc.issue' | 'doc.delete' | 'doc.pdf' | 'doc.email' | 'pay.open' | 'credit.open' | 'draft.discard') =>
    view.snapshot.can({ type });
  // SUPER_ADMIN reads: the PDF only.
  const pdf = hasPdf(doc) && (
    <Button variant="outlined" disabled={!can('doc.pdf')} onClick={() => view.send({ type: 'doc.pdf' })}>
      {T.downloadPdf}
    </Button>
  );
  if (!mayBill)
    return pdf ? (
      <Stack direction="row" sx={{ mt: 2 }}>
        {pdf}
      </Stack>
    ) : null;
  const draft = editable(doc.status);
  const credits = creditable(doc.status) && (doc.kind === 'invoice' || doc.kind === 'bill_of_supply');
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }} role="group" aria-label="Actions">
      {draft && (
        <>
          <Button variant="outlined" disabled={!can('draft.save')} onClick={() => view.send({ type: 'draft.save' })}>
            {T.saveDraft}
          </Button>
          {dirty && <Button onClick={() => view.send({ type: 'draft.discard' })}>{T.discard}</Button>}
          <Button variant="contained" disabled={!can('doc.issue')} onClick={() => view.send({ type: 'doc.issue' })}>
            {T.issue}
          </Button>
          <Button color="error" disabled={!can('doc.delete')} onClick={() => view.send({ type: 'doc.delete' })}>
            {T.deleteDraft}
          </Button>
        </>
      )}
      {takesPayments(doc.status) && doc.balance_paise > 0 && (
        <Button variant="contained" disabled={!can('pay.open')} onClick={() => view.send({ type: 'pay.open' })}>
          {T.takePayment}
        </Button>
      )}
      {credits && (
        <Button variant="outlined" disabled={!can('credit.open')} onClick={() => view.send({ type: 'credit.open' })}>
          {T.creditNote}
        </Button>
      )}
      {pdf}
      {hasPdf(doc) && (
        <Button disabled={!can('doc.email')} onClick={() => view.send({ type: 'doc.email' })}>
          {T.emailClient}
        </Button>
      )}
    </Stack>
  );
}

function DocumentBody({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { done, error, dirty, mayBill } = view.context;
  const kind = T.kind[doc.kind];
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {T.documentTitle(kind, doc.number)}
        </Typography>
        <Chip label={T.status[doc.status]} color={STATUS_COLOR[doc.status]} data-testid="billing-status" />
      </Stack>
      {doc.issued_on && <Typography variant="body2">{T.issuedOn(formatDate(doc.issued_on))}</Typography>}
      {doc.credits && (
        <Typography variant="body2">
          <MuiLink component={Link} href={getHref('billingDocument', { id: doc.credits.id })}>
            {T.creditsDocument(doc.credits.number ?? `#${doc.credits.id}`)}
          </MuiLink>
        </Typography>
      )}
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Typography variant="subtitle2" component="h2">
          {T.billedTo}
        </Typography>
        <Typography variant="body2">{doc.recipient.name}</Typography>
        {doc.recipient.address && <Typography variant="body2">{doc.recipient.address}</Typography>}
        {doc.recipient.gstin && <Typography variant="body2">{T.gstin(doc.recipient.gstin)}</Typography>}
        <Typography variant="body2">{T.placeOfSupply(doc.place_of_supply_state_code, gstStateName(doc.place_of_supply_state_code))}</Typography>
      </Paper>
      {error && !view.paying && !view.crediting && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {done && !error && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {T.done[done]}
        </Alert>
      )}
      <Typography variant="h6" component="h2">
        {T.lines}
      </Typography>
      {(editable(doc.status) ? view.context.draft.length : doc.lines.length) === 0 ? (
        <Typography variant="body2">{T.noLines}</Typography>
      ) : (
        <LinesTable doc={doc} view={view} />
      )}
      {editable(doc.status) && mayBill && <DraftAdditions view={view} />}
      {dirty && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {T.unsaved}
        </Alert>
      )}
      <Totals doc={doc} />
      {view.saving && <CircularProgress size={24} aria-label={T.saving} />}
      <Actions doc={doc} view={view} />
      {takesPayments(doc.status) && doc.balance_paise > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.watching}
        </Typography>
      )}
      {doc.status !== 'draft' && <Payments doc={doc} tills={view.context.tills} />}
      {view.paying && <PaymentDialog doc={doc} view={view} />}
      {view.crediting && <CreditDialog doc={doc} view={view} />}
    </>
  );
}

export function BillingDocumentView({ id }: { id: number }) {
  const view = useBillingDocument(id);
  const doc = view.context.document;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200 }} data-page="billing-document">
      <MuiLink component={Link} href={getHref('billing')} variant="body2">
        ← {T.backToDesk}
      </MuiLink>
      {view.isLoading && <CircularProgress aria-label={T.deskTitle} sx={{ display: 'block', mt: 2 }} />}
      {view.isFailed && (
        <Alert severity="error" sx={{ mt: 2 }} action={<Button onClick={() => view.send({ type: 'doc.retry' })}>{T.retry}</Button>}>
          {T.loadFailed} {view.context.error}
        </Alert>
      )}
      {view.isDeleted && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {T.deleted}
        </Alert>
      )}
      {view.isReady && doc && <DocumentBody doc={doc} view={view} />}
    </Box>
  );
}

/** The route's page: the document named by the path. */
export function BillingDocumentPage() {
  const { id } = useParams<{ id: string }>();
  return <BillingDocumentView key={id} id={Number(id)} />;
}
