// Taking a payment on an issued document: cash (the amount tendered, the change to give back),
// card (the terminal's reference) or UPI (the QR of the UPI link for what is due; the UTR typed
// once the money is seen). Part payments: the amount proposed is what is due, and may be less.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type BillingDoc, changePaise, type PayMethod, paymentProblem } from '../../../machines/billing/billing-document-machine.ts';
import type { DocumentView } from './billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';
import { UpiQr } from './upi-qr.tsx';

const METHODS: PayMethod[] = ['cash', 'card', 'upi'];

export function PaymentDialog({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { payment, upi, upiError, error } = view.context;
  const problem = paymentProblem(payment, doc.balance_paise);
  const change = changePaise(payment);
  const set = (field: 'amount' | 'tendered' | 'reference') => (e: { target: { value: string } }) =>
    view.send({ type: 'pay.set', field, value: e.target.value });
  const close = () => view.send({ type: 'form.close' });
  return (
    <Dialog open onClose={view.saving ? undefined : close} fullWidth maxWidth="sm" aria-labelledby="billing-pay-title">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          view.send({ type: 'pay.submit' });
        }}
      >
        <DialogTitle id="billing-pay-title">{T.payTitle(doc.number ?? '')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{`${T.due}: ${formatPaise(doc.balance_paise)}`}</Typography>
            <ToggleButtonGroup
              exclusive
              value={payment.method}
              aria-label={T.payMethod}
              onChange={(_, method: PayMethod | null) => method && view.send({ type: 'pay.method', method })}
            >
              {METHODS.map((m) => (
                <ToggleButton key={m} value={m}>
                  {T.method[m]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
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
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={view.saving}>
            {T.close}
          </Button>
          <Button type="submit" variant="contained" disabled={problem !== null || view.saving}>
            {view.saving ? T.saving : T.record}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
