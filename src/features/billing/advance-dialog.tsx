// Taking an advance for a client (issue 34, "Advance receipts"): the amount received, GST included,
// how it was paid (cash with what was tendered, card with the terminal's reference, UPI with its
// UTR), and the GST in it: the rate of the service when known, 18 % when not, or none for an
// exempt one. The server issues its receipt voucher at once; the balance shows it.
import { MenuItem, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ADVANCE_METHODS, type AdvanceGst, type AdvanceMethod, advanceProblem } from '../../../machines/billing/advance-form.ts';
import { changePaise } from '../../../machines/billing/billing-document-machine.ts';
import { FormDialogFrame } from '../../lib/staff/form-dialog.tsx';
import type { ClientBalanceView } from './billing-hooks.ts';
import { BILLING_TEXT as T, formatPaise } from './billing-texts.ts';

export function AdvanceDialog({ view }: { view: ClientBalanceView }) {
  const { form, rates, formError } = view.context;
  const problem = advanceProblem(form, rates);
  const change = form.method === 'cash' ? changePaise({ ...form, advance: '' }) : null;
  const set = (field: 'amount' | 'tendered' | 'reference') => (e: { target: { value: string } }) =>
    view.send({ type: 'advance.set', field, value: e.target.value });
  const shown = (field: 'amount' | 'tendered' | 'reference', typed: string) => (problem === field && typed !== '' ? T.advanceProblem[field] : undefined);
  return (
    <FormDialogFrame
      open={view.advancing}
      pending={view.taking}
      error={formError}
      onCancel={() => view.send({ type: 'advance.close' })}
      id="billing-advance"
      title={T.advanceTitle}
      submitLabel={T.issueReceipt}
      pendingLabel={T.saving}
      cancelLabel={T.close}
      ready={problem === null}
      onSubmit={() => view.send({ type: 'advance.submit' })}
    >
      <TextField
        label={T.advanceAmount}
        value={form.amount}
        onChange={set('amount')}
        error={shown('amount', form.amount) !== undefined}
        helperText={shown('amount', form.amount)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <ToggleButtonGroup
        exclusive
        value={form.method}
        aria-label={T.payMethod}
        onChange={(_, method: AdvanceMethod | null) => method && view.send({ type: 'advance.method', method })}
      >
        {ADVANCE_METHODS.map((m) => (
          <ToggleButton key={m} value={m}>
            {T.method[m]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {form.method === 'cash' && (
        <>
          <TextField
            label={T.tendered}
            value={form.tendered}
            onChange={set('tendered')}
            error={shown('tendered', form.tendered) !== undefined}
            helperText={shown('tendered', form.tendered)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          {change !== null && <Typography sx={{ fontWeight: 600 }}>{T.change(formatPaise(change))}</Typography>}
        </>
      )}
      {form.method !== 'cash' && (
        <TextField
          label={form.method === 'card' ? T.cardReference : T.utr}
          value={form.reference}
          onChange={set('reference')}
          error={shown('reference', form.reference) !== undefined}
          helperText={shown('reference', form.reference)}
          slotProps={{ htmlInput: form.method === 'upi' ? { inputMode: 'numeric', maxLength: 12 } : {} }}
        />
      )}
      <TextField select label={T.advanceGst} value={form.gst} onChange={(e) => view.send({ type: 'advance.gst', gst: e.target.value as AdvanceGst })}>
        <MenuItem value="">{T.advanceGstDefault}</MenuItem>
        {rates.map((bp) => (
          <MenuItem key={bp} value={String(bp)}>
            {T.rateOption(bp)}
          </MenuItem>
        ))}
        <MenuItem value="exempt">{T.advanceExempt}</MenuItem>
      </TextField>
    </FormDialogFrame>
  );
}
