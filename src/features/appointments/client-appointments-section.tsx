// The client record's Appointments section: upcoming, past and cancelled appointments, the
// package balance, and (front desk and administrators) selling a package from the catalogue;
// from each package, the steps its status allows (issue 35: freeze, unfreeze, transfer, refund),
// and the client's family with the packages its members share (the steps' dialogs are in
// package-step-dialogs.tsx, the family in family-panel.tsx).
import { Alert, Box, Button, Chip, Link as MuiLink, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import { formatDate, formatDateTime } from '../../lib/staff/format.ts';
import type { ClientAppointment, ClientPackage } from './appointments-api.ts';
import { useClientAppointments } from './client-appointments-hooks.ts';
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
import { keepsFamilies, packageSteps, type SharedPackage } from '../../../machines/appointments/package-desk.ts';
import { clinicDate } from '../../../machines/clients/upcoming-rules.ts';
import type { Role } from '../../../machines/guard/roles.ts';
import { FamilyPanel } from './family-panel.tsx';
import { FreezeDialog, RefundDialog, TransferDialog, UnfreezeDialog } from './package-step-dialogs.tsx';

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
