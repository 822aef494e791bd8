// A credit note against an issued invoice or bill of supply: the lines it takes back (each whole,
// of what earlier credit notes left), the reason, and a refund of money taken (at most what was
// paid and not yet refunded). Crediting everything left moves the document to credited.
import { Checkbox, FormControlLabel, FormGroup, MenuItem, TextField, Typography } from '@mui/material';
import { type BillingDoc, creditProblem, lineCreditable, type RefundMethod, refundable } from '../../../machines/billing/billing-document-machine.ts';
import { FormDialogFrame } from '../../lib/staff/form-dialog.tsx';
import type { DocumentView } from './billing-document-page.tsx';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

const REFUND_METHODS: RefundMethod[] = ['cash', 'card', 'upi'];

export function CreditDialog({ doc, view }: { doc: BillingDoc; view: DocumentView }) {
  const { credit, error } = view.context;
  const problem = creditProblem(credit, doc);
  const most = refundable(doc);
  const set = (field: 'reason' | 'refundAmount' | 'refundReference') => (e: { target: { value: string } }) =>
    view.send({ type: 'credit.set', field, value: e.target.value });
  return (
    <FormDialogFrame
      open
      pending={view.saving}
      error={error}
      onCancel={() => view.send({ type: 'form.close' })}
      id="billing-credit"
      title={T.creditTitle(doc.number ?? '')}
      submitLabel={T.issueCredit}
      pendingLabel={T.saving}
      cancelLabel={T.close}
      submitColor="error"
      ready={problem === null}
      onSubmit={() => view.send({ type: 'credit.submit' })}
    >
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
            onChange={(e) => view.send({ type: 'credit.refundMethod', method: e.target.value as '' | RefundMethod })}
            helperText={T.refundable(formatPaise(most))}
          >
            <MenuItem value="">{T.noRefund}</MenuItem>
            {REFUND_METHODS.map((m) => (
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
    </FormDialogFrame>
  );
}
