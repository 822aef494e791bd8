// The client record's Appointments section: upcoming, past and cancelled appointments, the
// package balance, and (front desk and administrators) selling a package from the catalogue;
// from each package, the steps its status allows (issue 35: freeze, unfreeze, transfer, refund),
// and the client's family with the packages its members share.
import { Alert, Box, Button, Chip, Link as MuiLink, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { formatDate, formatDateTime } from '../../lib/staff/format.ts';
import type { ClientAppointment, ClientPackage } from './appointments-api.ts';
import { useClientAppointments, useClientChoices } from './client-appointments-hooks.ts';
// A package's status is named once, as the portal's page names it.
import { MY_PACKAGES_TEXT } from './my-packages-texts.ts';
import {
  ASK_ADMIN_FOR_PACKAGES,
  CANCELLED,
  DEFINE_PACKAGES,
  EXPIRES,
  NO_APPOINTMENTS,
  NO_PACKAGES,
  NO_PACKAGES_DEFINED,
  PACKAGE_BALANCE,
  PAST,
  SELL_PACKAGE,
  SESSIONS_HELD,
  SESSIONS_LEFT,
  AWAITING_INVOICE,
  PACKAGE_TEXT as P,
  UPCOMING,
} from './client-appointments-texts.ts';
import { Link } from 'wouter';
import { ADMIN_ROLES } from '../../../machines/guard/roles.ts';
import { getHref } from '../../app/port.ts';
import { formatCurrency } from '../../lib/format.ts';
import { words } from '../../../machines/rules/words.ts';
import { CHART_LABEL, chartStatusText } from '../../../machines/appointments/chart-texts.ts';
import { canSellPackage } from '../../../machines/appointments/setup-forms.ts';
import {
  allowanceLeft,
  freezeUntil,
  keepsFamilies,
  packageSteps,
  refundEstimatePaise,
  type SharedPackage,
} from '../../../machines/appointments/package-desk.ts';
import { REPORT_TEXTS } from '../../../machines/billing/reports.ts';
import { clinicDate } from '../../../machines/clients/upcoming-rules.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import { formatPaise } from '../../lib/format.ts';
import { DateField } from '../../lib/date-field.tsx';
import { ClientSearchField, type ClientSearchOption } from '../../lib/staff/client-search-field.tsx';
import { ConfirmDialog, fieldError } from '../../lib/staff/confirm-dialog.tsx';
import type { ActionHandle } from '../../lib/staff/hooks.ts';

const SELLERS = ['RECEPTION', 'ADMIN', 'SUPER_ADMIN'];
const GONE = ['cancelled', 'rescheduled'];
const DONE = ['completed', 'no_show'];

/** Upcoming (soonest first), past (latest first) and cancelled (latest first). */
export function groupAppointments(rows: ClientAppointment[], now = Date.now()) {
  const upcoming = rows.filter((a) => !GONE.includes(a.status) && !DONE.includes(a.status) && Date.parse(a.end) >= now);
  const past = rows.filter((a) => !GONE.includes(a.status) && !upcoming.includes(a)).reverse();
  const cancelled = rows.filter((a) => GONE.includes(a.status)).reverse();
  return { upcoming, past, cancelled };
}

function AppointmentList({ title, rows }: { title: string; rows: ClientAppointment[] }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {title} ({rows.length})
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{NO_APPOINTMENTS}</Typography>
      ) : (
        <List dense aria-label={`${title} appointments`}>
          {rows.map((a) => (
            <ListItem key={a.id} disableGutters>
              <ListItemText
                primary={`${formatDateTime(a.start)} · ${a.service_name}`}
                secondary={[words(a.status), a.status_reason, a.chart ? `${CHART_LABEL}: ${chartStatusText(a.chart)}` : ''].filter(Boolean).join(' — ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

type Step = 'freeze' | 'unfreeze' | 'transfer' | 'refund';
const STEPS: Step[] = ['freeze', 'unfreeze', 'transfer', 'refund'];

/** A link to the billing document a package line names (its invoice, its credit note). */
function DocumentLink({ id, text }: { id: number; text: string }) {
  return (
    <MuiLink component={Link} href={getHref('billingDocument', { id })}>
      {text}
    </MuiLink>
  );
}

/** What the balance says of one package beside its sessions: booked, expiry, freeze, and the document to open. */
function PackageFacts({ p, sharedBy }: { p: ClientPackage; sharedBy?: string }) {
  const facts = [
    sharedBy ? P.sharedBy(sharedBy) : '',
    p.sessions_held ? SESSIONS_HELD(p.sessions_held) : '',
    p.expires_on ? EXPIRES(formatDate(p.expires_on)) : '',
    p.status === 'frozen' && p.frozen_until ? P.frozenUntil(formatDate(p.frozen_until)) : '',
  ].filter(Boolean);
  // Reception takes the payment on the invoice itself, one click away; a refund's credit note likewise.
  const doc =
    sharedBy === undefined && p.status === 'awaiting_payment' && p.invoice?.number
      ? { id: p.invoice.id, text: AWAITING_INVOICE(p.invoice.number) }
      : sharedBy === undefined && p.refund_note?.number
        ? { id: p.refund_note.id, text: P.refundedOn(p.refund_note.number) }
        : null;
  return (
    <>
      {facts.join(' · ')}
      {doc && (
        <>
          {facts.length > 0 ? ' · ' : ''}
          <DocumentLink id={doc.id} text={doc.text} />
        </>
      )}
    </>
  );
}

export function PackageBalance({
  packages,
  shared = [],
  role = null,
  onStep,
}: {
  packages: ClientPackage[];
  shared?: SharedPackage<ClientPackage>[];
  role?: Role | null;
  onStep?: (step: Step, p: ClientPackage) => void;
}) {
  if (packages.length === 0 && shared.length === 0) return <Typography color="text.secondary">{NO_PACKAGES}</Typography>;
  const rows = [...packages.map((p) => ({ p, sharedBy: undefined as string | undefined })), ...shared.map((s) => ({ p: s.pkg, sharedBy: s.holder }))];
  return (
    <List dense aria-label={PACKAGE_BALANCE}>
      {rows.map(({ p, sharedBy }) => {
        const steps = sharedBy === undefined && onStep ? packageSteps(p, role) : null;
        const offered = STEPS.filter((s) => steps?.[s]);
        return (
          <ListItem key={p.id} disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
            <ListItemText
              primary={`${words(p.therapy)}: ${SESSIONS_LEFT(p.sessions_left, p.sessions_total)}`}
              secondary={<PackageFacts p={p} sharedBy={sharedBy} />}
            />
            {p.status !== 'active' ? (
              <Chip size="small" label={MY_PACKAGES_TEXT.status[p.status]} />
            ) : (
              p.sessions_left === 0 && <Chip size="small" label={MY_PACKAGES_TEXT.status.used_up} />
            )}
            {offered.length > 0 && (
              <Box role="group" aria-label={P.actionsOf(words(p.therapy))} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexBasis: '100%' }}>
                {offered.map((step) => (
                  <Button key={step} size="small" onClick={() => onStep!(step, p)}>
                    {P[step]}
                  </Button>
                ))}
              </Box>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

/** A client picked from the clients list's search (not `exclude`, the record's own client). */
function ClientPicker({
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
function FreezeDialog({ action, today }: { action: ActionHandle<ClientPackage | null>; today: string }) {
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

function UnfreezeDialog({ action }: { action: ActionHandle<ClientPackage | null> }) {
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

function TransferDialog({ action, clientId }: { action: ActionHandle<ClientPackage | null>; clientId: number }) {
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

function RefundDialog({ action }: { action: ActionHandle<ClientPackage | null> }) {
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

/** The client's family: its other members, linking to one (a client picked) and unlinking. */
function FamilyPanel({
  clientId,
  members,
  join,
  leave,
}: {
  clientId: number;
  members: Array<{ id: number; name: string }>;
  join: ActionHandle<null>;
  leave: ActionHandle<null>;
}) {
  const [other, setOther] = useState<ClientSearchOption | null>(null);
  return (
    <Box sx={{ mb: 2 }} data-testid="client-family">
      <Typography variant="subtitle1" component="h3">
        {P.family}
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">{P.noFamily}</Typography>
      ) : (
        <List dense aria-label={P.familyMembers}>
          {members.map((m) => (
            <ListItem key={m.id} disableGutters>
              <MuiLink component={Link} href={getHref('clientDetails', { clientId: m.id }, { tab: 'appointments' })}>
                {m.name}
              </MuiLink>
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => join.open(null)}>
          {P.joinFamily}
        </Button>
        {members.length > 0 && (
          <Button size="small" onClick={() => leave.open(null)}>
            {P.leaveFamily}
          </Button>
        )}
      </Box>
      <FormDialog
        action={join}
        id="join-family"
        title={P.joinTitle}
        submitLabel={P.joinSubmit}
        pendingLabel={P.joinPending}
        ready={other !== null}
        onSubmit={() => join.submit({ with: other!.id })}
        onExited={() => setOther(null)}
      >
        <Typography>{P.joinHint}</Typography>
        <ClientPicker label={P.joinWith} exclude={clientId} value={other} onPick={setOther} />
        {fieldError(join, 'with') && <Typography color="error">{fieldError(join, 'with')}</Typography>}
      </FormDialog>
      <ConfirmDialog action={leave} title={P.leaveTitle} confirmLabel={P.leaveSubmit}>
        {P.leaveBody}
      </ConfirmDialog>
    </Box>
  );
}

export function AppointmentsSection({ clientId }: { clientId: number }) {
  const { appointments, packages, plans, plansLoaded, family, zone, sale, freeze, unfreeze, transfer, refund, join, leave, role } =
    useClientAppointments(clientId);
  const steps = { freeze, unfreeze, transfer, refund };
  const [plan, setPlan] = useState('');
  const groups = groupAppointments((appointments.data ?? []) as ClientAppointment[]);
  const forSale = plans.filter((p) => p.active);
  return (
    <>
      {(appointments.failed || packages.failed || family.failed) && <Alert severity="error">{appointments.error ?? packages.error ?? family.error}</Alert>}
      <Box sx={{ mb: 2 }} data-testid="package-balance">
        <Typography variant="subtitle1" component="h3">
          {PACKAGE_BALANCE}
        </Typography>
        {packages.data && (
          <PackageBalance
            packages={packages.data as ClientPackage[]}
            shared={family.data?.shared ?? []}
            role={role}
            onStep={(step, p) => steps[step].open(p)}
          />
        )}
        {role && SELLERS.includes(role) && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              disabled={forSale.length === 0}
              aria-describedby={plansLoaded && forSale.length === 0 ? 'sell-package-why' : undefined}
              onClick={() => {
                setPlan(forSale[0] ? String(forSale[0].id) : '');
                sale.open(null);
              }}
            >
              {SELL_PACKAGE}
            </Button>
            {plansLoaded && forSale.length === 0 && (
              <Typography id="sell-package-why" variant="body2" color="text.secondary" data-testid="sell-package-why">
                {NO_PACKAGES_DEFINED}{' '}
                {ADMIN_ROLES.includes(role) ? <Link href={getHref('backoffice', {}, { tab: 'packages' })}>{DEFINE_PACKAGES}</Link> : ASK_ADMIN_FOR_PACKAGES}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {keepsFamilies(role) && family.data && <FamilyPanel clientId={clientId} members={family.data.members} join={join} leave={leave} />}
      {appointments.data && (
        <>
          <AppointmentList title={UPCOMING} rows={groups.upcoming} />
          <AppointmentList title={PAST} rows={groups.past} />
          <AppointmentList title={CANCELLED} rows={groups.cancelled} />
        </>
      )}
      <FormDialog
        action={sale}
        id="sell-package"
        title={SELL_PACKAGE}
        submitLabel="Sell"
        pendingLabel="Selling…"
        ready={canSellPackage(plan)}
        onSubmit={() => sale.submit({ plan })}
      >
        <TextField select label="Package" value={plan} onChange={(e) => setPlan(e.target.value)}>
          {forSale.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name} — {p.sessions} {words(p.therapy)} sessions, {formatCurrency(p.price_inr)}
              {p.validity_days ? `, ${p.validity_days} days` : ''}
            </MenuItem>
          ))}
        </TextField>
      </FormDialog>
      {zone && <FreezeDialog action={freeze} today={clinicDate(zone, Date.now())} />}
      <UnfreezeDialog action={unfreeze} />
      <TransferDialog action={transfer} clientId={clientId} />
      <RefundDialog action={refund} />
    </>
  );
}
