// The client record's Memberships section (issue 35): each membership with its status, current
// period and the included sessions left in it; one awaiting payment links its invoice (the desk
// takes the payment there, as the package balance does). RECEPTION and ADMIN sell a membership
// (its invoice issued at once) and cancel an unpaid sale or the renewal where the lifecycle chart
// allows it now (machines/memberships/desk-rules.ts).
import { Alert, Box, Button, Chip, Link as MuiLink, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_ROLES } from '../../../machines/guard/roles.ts';
import { deskActions, maySell } from '../../../machines/memberships/desk-rules.ts';
import { getHref } from '../../app/port.ts';
import { formatDate, formatPaise } from '../../lib/format.ts';
import { ConfirmDialog } from '../../lib/staff/confirm-dialog.tsx';
import { FormDialog } from '../../lib/staff/form-dialog.tsx';
import type { Membership } from './memberships-api.ts';
import { useClientMemberships } from './memberships-hooks.ts';
import { BENEFIT, SECTION_TEXT as T, STATUS } from './texts.ts';

const STATUS_COLOUR = {
  awaiting_payment: 'warning',
  active: 'success',
  renewal_due: 'info',
  cancelling: 'info',
  lapsed: 'default',
  ended: 'default',
  cancelled: 'default',
} as const;

/** The period, renewal or end, and the benefits left, as one line. */
export function membershipSummary(m: Membership): string {
  const parts: string[] = [];
  if (m.starts_on && m.ends_on) parts.push(T.period(formatDate(m.starts_on), formatDate(m.ends_on)));
  if (m.renews_on) parts.push(T.renewsOn(formatDate(m.renews_on)));
  else if (m.ends_on && (m.status === 'active' || m.status === 'cancelling')) parts.push(T.endsOn(formatDate(m.ends_on)));
  parts.push(...m.included.map((i) => BENEFIT.left(i.service_name, i.left, i.sessions)));
  parts.push(...m.discounts.map((d) => BENEFIT.discount(d.percent ?? 0, d.service_name)));
  return parts.join(' · ');
}

function InvoiceLink({ id, label }: { id: number; label: string }) {
  return (
    <MuiLink component={Link} href={getHref('billingDocument', { id })}>
      {label}
    </MuiLink>
  );
}

export function MembershipsSection({ clientId }: { clientId: number }) {
  const { memberships, rows, plans, plansLoaded, sale, cancelSale, cancelRenewal, role } = useClientMemberships(clientId);
  const [plan, setPlan] = useState('');
  return (
    <Box data-testid="client-memberships">
      {memberships.failed && (
        <Alert severity="error">
          {T.loadFailed} {memberships.error}
        </Alert>
      )}
      {memberships.data &&
        (rows.length === 0 ? (
          <Typography color="text.secondary">{T.none}</Typography>
        ) : (
          <List dense aria-label={T.list}>
            {rows.map((m) => {
              const may = deskActions(m.status, role);
              return (
                <ListItem key={m.id} disableGutters data-membership={m.id} data-status={m.status} sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={T.feeLine(m.plan_name, formatPaise(m.fee_paise), m.period)}
                    secondary={
                      <>
                        {m.status === 'awaiting_payment' ? T.startsWhenPaid : membershipSummary(m)}
                        {' · '}
                        <InvoiceLink id={m.invoice} label={T.invoice} />
                        {m.renewal_invoice !== null && (
                          <>
                            {' · '}
                            <InvoiceLink id={m.renewal_invoice} label={T.renewalInvoice} />
                          </>
                        )}
                      </>
                    }
                  />
                  <Chip size="small" label={STATUS[m.status]} color={STATUS_COLOUR[m.status]} />
                  {may.cancelSale && (
                    <Button size="small" onClick={() => cancelSale.open(m)}>
                      {T.cancelSale}
                    </Button>
                  )}
                  {may.cancelRenewal && (
                    <Button size="small" onClick={() => cancelRenewal.open(m)}>
                      {T.cancelRenewal}
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
        ))}
      {maySell(role) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            disabled={plans.length === 0}
            aria-describedby={plansLoaded && plans.length === 0 ? 'sell-membership-why' : undefined}
            onClick={() => {
              setPlan(plans[0] ? String(plans[0].id) : '');
              sale.open(null);
            }}
          >
            {T.sell}
          </Button>
          {plansLoaded && plans.length === 0 && (
            <Typography id="sell-membership-why" variant="body2" color="text.secondary">
              {T.noPlans}{' '}
              {role && ADMIN_ROLES.includes(role) ? <Link href={getHref('backoffice', {}, { tab: 'memberships' })}>{T.definePlans}</Link> : T.askAdmin}
            </Typography>
          )}
        </Stack>
      )}
      <FormDialog
        action={sale}
        id="sell-membership"
        title={T.sell}
        submitLabel={T.sellSubmit}
        pendingLabel={T.selling}
        ready={plan !== ''}
        onSubmit={() => sale.submit({ plan })}
      >
        <TextField select label={T.planLabel} value={plan} onChange={(e) => setPlan(e.target.value)}>
          {plans.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {T.planOption(p.name, formatPaise(p.fee_paise), p.period)}
            </MenuItem>
          ))}
        </TextField>
      </FormDialog>
      <ConfirmDialog action={cancelSale} title={T.cancelSaleTitle} confirmLabel={T.cancelSaleConfirm}>
        {T.cancelSaleBody}
      </ConfirmDialog>
      <ConfirmDialog action={cancelRenewal} title={T.cancelRenewalTitle} confirmLabel={T.cancelRenewalConfirm}>
        {T.cancelRenewalBody}
      </ConfirmDialog>
    </Box>
  );
}
