// The desk's steps on one package of the client record's balance (issue 35), each a dialog on the
// section's action: freeze until a day within the plan's allowance, unfreeze, transfer to another
// client with a reason (ADMIN), and refund pro rata through a credit note.
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { formatDate } from '../../lib/staff/format.ts';
import type { ClientPackage } from './appointments-api.ts';
import { useClientChoices } from './client-appointments-hooks.ts';
import { PACKAGE_TEXT as P } from './client-appointments-texts.ts';
import { allowanceLeft, freezeUntil, refundEstimatePaise } from '../../../machines/appointments/package-desk.ts';
import { REPORT_TEXTS } from '../../../machines/billing/reports.ts';
import { formatPaise } from '../../lib/format.ts';
import { DateField } from '../../lib/date-field.tsx';
import { ClientSearchField, type ClientSearchOption } from '../../lib/staff/client-search-field.tsx';
import { ConfirmDialog, fieldError } from '../../lib/staff/confirm-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';

/** A client picked from the clients list's search (not `exclude`, the record's own client). */
export function ClientPicker({
  label,
  exclude,
  value,
  onPick,
}: {
  label: string;
  exclude: number;
  value: ClientSearchOption | null;
  onPick: (c: ClientSearchOption) => void;
}) {
  const choices = useClientChoices();
  return (
    <ClientSearchField
      label={label}
      noOptionsText={P.noClients}
      options={choices.rows.filter((c) => c.id !== exclude)}
      value={value}
      searching={choices.searching}
      onSearch={choices.search}
      onPick={onPick}
    />
  );
}

/** Freeze from today until a day, within the allowance left (the chart's guard decides). */
export function FreezeDialog({ action, today }: { action: ActionHandle<ClientPackage | null>; today: string }) {
  const [until, setUntil] = useState('');
  const p = action.subject;
  const left = p ? allowanceLeft(p) : 0;
  const asked = freezeUntil(today, until, left);
  return (
    <FormDialog
      action={action}
      id="freeze-package"
      title={P.freezeTitle}
      submitLabel={P.freezeSubmit}
      pendingLabel={P.freezePending}
      ready={asked.fits}
      onSubmit={() => action.submit({ until })}
      onExited={() => setUntil('')}
    >
      {p && <Typography>{P.freezeAllowance(left, p.freeze_allowance_days)}</Typography>}
      <DateField
        label={P.freezeUntil}
        value={until}
        onChange={setUntil}
        minDate={today}
        required
        error={!!fieldError(action, 'until') || (asked.days > 0 && !asked.fits)}
        helperText={fieldError(action, 'until') ?? (asked.days > 0 ? P.freezeTakes(asked.days, left) : undefined)}
      />
    </FormDialog>
  );
}

export function UnfreezeDialog({ action }: { action: ActionHandle<ClientPackage | null> }) {
  const p = action.subject;
  return (
    <ConfirmDialog action={action} title={P.unfreezeTitle} confirmLabel={P.unfreezeSubmit}>
      {p?.frozen_until && P.unfreezeBody(formatDate(p.frozen_until))}
    </ConfirmDialog>
  );
}

/** The required reason a transfer or a refund is audited with (the server's refusal under it). */
function ReasonField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return <TextField label={P.reason} required multiline value={value} onChange={(e) => onChange(e.target.value)} error={!!error} helperText={error} />;
}

export function TransferDialog({ action, clientId }: { action: ActionHandle<ClientPackage | null>; clientId: number }) {
  const [to, setTo] = useState<ClientSearchOption | null>(null);
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      action={action}
      id="transfer-package"
      title={P.transferTitle}
      submitLabel={P.transferSubmit}
      pendingLabel={P.transferPending}
      ready={to !== null && reason.trim() !== ''}
      onSubmit={() => action.submit({ to: to!.id, toName: to!.label.split(' · ')[0], reason: reason.trim() })}
      onExited={() => {
        setTo(null);
        setReason('');
      }}
    >
      <ClientPicker label={P.transferTo} exclude={clientId} value={to} onPick={setTo} />
      {fieldError(action, 'to') && <Typography color="error">{fieldError(action, 'to')}</Typography>}
      <ReasonField value={reason} onChange={setReason} error={fieldError(action, 'reason')} />
    </FormDialog>
  );
}

const REFUND_METHODS = ['cash', 'card', 'upi'] as const;

export function RefundDialog({ action }: { action: ActionHandle<ClientPackage | null> }) {
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<string>('cash');
  const [reference, setReference] = useState('');
  const p = action.subject;
  return (
    <FormDialog
      action={action}
      id="refund-package"
      title={P.refundTitle}
      submitLabel={P.refundSubmit}
      pendingLabel={P.refundPending}
      submitColor="error"
      ready={reason.trim() !== ''}
      onSubmit={() => action.submit({ reason: reason.trim(), method, reference })}
      onExited={() => {
        setReason('');
        setMethod('cash');
        setReference('');
      }}
    >
      {p && <Typography data-testid="refund-what">{P.refundWhat(p.sessions_left, p.sessions_total, formatPaise(refundEstimatePaise(p)))}</Typography>}
      <ReasonField value={reason} onChange={setReason} error={fieldError(action, 'reason')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={P.refundMethod}
          value={method}
          onChange={(e) => setMethod(e.target.value)}
          error={!!fieldError(action, 'method')}
          helperText={fieldError(action, 'method')}
          sx={{ minWidth: 160 }}
        >
          {REFUND_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {REPORT_TEXTS.methods[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={P.refundReference}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          error={!!fieldError(action, 'reference')}
          helperText={fieldError(action, 'reference')}
        />
      </Stack>
    </FormDialog>
  );
}
