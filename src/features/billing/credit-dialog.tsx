// A credit note against an issued invoice or bill of supply: the lines it takes back (each whole,
// of what earlier credit notes left), the reason, and a refund of money taken (at most what was
// paid and not yet refunded). Crediting everything left moves the document to credited.
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type BillingDoc, creditProblem, lineCreditable, type PayMethod, refundable } from '../../../machines/billing/billing-document-machine.ts';
import type { DocumentView } from './billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

export function CreditDialog({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { credit, error } = view.context;
  const problem = creditProblem(credit, doc);
  const most = refundable(doc);
  const close = () => view.send({ type: 'form.close' });
  const set = (field: 'reason' | 'refundAmount' | 'refundReference') => (e: { target: { value: string } }) =>
    view.send({ type: 'credit.set', field, value: e.target.value });
  return (
    <Dialog open onClose={view.saving ? undefined : close} fullWidth maxWidth="sm" aria-labelledby="billing-credit-title">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          view.send({ type: 'credit.submit' });
        }}
      >
        <DialogTitle id="billing-credit-title">{T.creditTitle(doc.number ?? '')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormGroup aria-label={T.creditLines}>
              <Typography variant="subtitle2" component="h3">
                {T.creditLines}
              </Typography>
              {doc.lines.filter(lineCreditable).map((line) => (
                <FormControlLabel
                  key={line.id}
                  control={<Checkbox checked={credit.lines.includes(line.id)} onChange={() => view.send({ type: 'credit.toggle', line: line.id })} />}
                  label={T.creditLine(line.description, formatPaise(line.total_paise))}
                />
              ))}
            </FormGroup>
            <TextField label={T.reason} required multiline minRows={2} value={credit.reason} onChange={set('reason')} />
            {most > 0 && (
              <>
                <TextField
                  select
                  label={T.refund}
                  value={credit.refundMethod}
                  onChange={(e) => view.send({ type: 'credit.refundMethod', method: e.target.value as '' | PayMethod })}
                  helperText={T.refundable(formatPaise(most))}
                >
                  <MenuItem value="">{T.noRefund}</MenuItem>
                  {(['cash', 'card', 'upi'] as const).map((m) => (
                    <MenuItem key={m} value={m}>
                      {T.method[m]}
                    </MenuItem>
                  ))}
                </TextField>
                {credit.refundMethod !== '' && (
                  <>
                    <TextField
                      label={T.refundAmount}
                      value={credit.refundAmount}
                      onChange={set('refundAmount')}
                      error={problem === 'refund'}
                      helperText={problem === 'refund' ? T.creditProblem.refund : undefined}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <TextField label={T.refundReference} value={credit.refundReference} onChange={set('refundReference')} />
                  </>
                )}
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
          <Button type="submit" variant="contained" color="error" disabled={problem !== null || view.saving}>
            {view.saving ? T.saving : T.issueCredit}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
