// Taking a payment on an issued document: cash (the amount tendered, the change to give back),
// card (the terminal's reference), UPI (the QR of the UPI link for what is due; the UTR typed
// once the money is seen) or one of the client's unused advances (its receipt voucher). Part
// payments: the amount proposed is what is due, and may be less.
import { Alert, CircularProgress, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { unusedAdvances } from '../../../machines/billing/advance-form.ts';
import {
  type BillingDoc,
  changePaise,
  choosesTill,
  chosenAdvance,
  type PayMethod,
  paymentProblem,
} from '../../../machines/billing/billing-document-machine.ts';
import { FormDialogFrame } from '../../lib/staff/form-dialog.tsx';
import type { DocumentView } from './billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';
import { UpiQr } from './upi-qr.tsx';

const METHODS: PayMethod[] = ['cash', 'card', 'upi', 'advance'];

function AdvanceChoice({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { payment, advances, advancesError } = view.context;
  const usable = unusedAdvances(advances);
  const chosen = chosenAdvance(payment, advances);
  if (view.advancesLoading) return <CircularProgress aria-label={T.advancesLoading} />;
  if (advancesError) return <Alert severity="warning">{`${T.advancesUnavailable}: ${advancesError}`}</Alert>;
  if (usable.length === 0) return <Alert severity="info">{T.noUnusedAdvances}</Alert>;
  return (
    <TextField
      select
      label={T.advanceToUse}
      value={payment.advance}
      onChange={(e) => view.send({ type: 'pay.advance', advance: Number(e.target.value) })}
      helperText={chosen ? T.advanceAmountHelp(formatPaise(Math.min(doc.balance_paise, chosen.unused_paise))) : undefined}
    >
      {usable.map((a) => (
        <MenuItem key={a.id} value={String(a.id)}>
          {T.advanceOption(a.number, formatPaise(a.unused_paise))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The till the money goes to, offered when the clinic has more than one (the first chosen at first). */
function TillChoice({ view }: { view: DocumentView }) {
  const { payment, tills } = view.context;
  if (!choosesTill(tills)) return null;
  return (
    <TextField
      select
      label={T.payTill}
      value={payment.till ?? ''}
      onChange={(e) => view.send({ type: 'pay.till', till: Number(e.target.value) })}
      helperText={T.payTillHelp}
    >
      {tills.map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function PaymentDialog({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { payment, upi, upiError, error, advances } = view.context;
  const problem = paymentProblem(payment, doc.balance_paise, advances);
  const change = changePaise(payment);
  const set = (field: 'amount' | 'tendered' | 'reference') => (e: { target: { value: string } }) =>
    view.send({ type: 'pay.set', field, value: e.target.value });
  return (
    <FormDialogFrame
      open
      pending={view.saving}
      error={error}
      onCancel={() => view.send({ type: 'form.close' })}
      id="billing-pay"
      title={T.payTitle(doc.number ?? '')}
      submitLabel={T.record}
      pendingLabel={T.saving}
      cancelLabel={T.close}
      ready={problem === null && view.mayRecordPayment}
      onSubmit={() => view.send({ type: 'pay.submit' })}
    >
      <Typography>{`${T.due}: ${formatPaise(doc.balance_paise)}`}</Typography>
      <TillChoice view={view} />
      <ToggleButtonGroup
        exclusive
        value={payment.method}
        aria-label={T.payMethod}
        onChange={(_, method: PayMethod | null) => method && view.send({ type: 'pay.method', method })}
        sx={{ flexWrap: 'wrap' }}
      >
        {METHODS.map((m) => (
          <ToggleButton key={m} value={m}>
            {T.method[m]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {payment.method === 'advance' && <AdvanceChoice doc={doc} view={view} />}
      <TextField
        label={T.amount}
        value={payment.amount}
        onChange={set('amount')}
        error={problem === 'amount'}
        helperText={problem === 'amount' ? T.payProblem.amount : undefined}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      {payment.method === 'cash' && (
        <>
          <TextField
            label={T.tendered}
            value={payment.tendered}
            onChange={set('tendered')}
            error={problem === 'tendered'}
            helperText={problem === 'tendered' ? T.payProblem.tendered : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {change !== null && (
            <Typography sx={{ fontWeight: 600 }} data-testid="billing-change">
              {T.change(formatPaise(change))}
            </Typography>
          )}
        </>
      )}
      {payment.method === 'card' && <TextField label={T.cardReference} value={payment.reference} onChange={set('reference')} />}
      {payment.method === 'upi' && (
        <>
          {view.upiLoading && <CircularProgress aria-label={T.upiLoading} />}
          {upi && (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <UpiQr uri={upi.uri} label={T.upiScan(formatPaise(upi.amount_paise))} />
              <Typography>{T.upiScan(formatPaise(upi.amount_paise))}</Typography>
              <Typography variant="body2" color="text.secondary">
                {T.upiPayee(upi.payee_name, upi.payee_vpa)}
              </Typography>
            </Stack>
          )}
          {upiError && <Alert severity="warning">{`${T.upiUnavailable}: ${upiError}`}</Alert>}
          <TextField
            label={T.utr}
            value={payment.reference}
            onChange={set('reference')}
            error={payment.reference !== '' && problem === 'reference'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
          />
        </>
      )}
    </FormDialogFrame>
  );
}
