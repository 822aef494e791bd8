// /user/packages/{clientId}: "My packages" on the portal (issue 35). Each package as a card (a
// phone's width first): plan and therapy, credits left of the total, expiry (the clinic's date),
// status; one awaiting payment shows its invoice and what is due, with "Pay now" where the clinic
// has the online gateway, or "Pay at the clinic". Below, the plans the clinic offers. Renders the
// chart in machines/appointments/my-packages-machine.ts; a SUPER_ADMIN reads it without paying.
import { Alert, Button, Card, CardActions, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import type { MyPackage, PackageOffer } from '../../../machines/appointments/my-packages-machine.ts';
import { myPackagesSelectors as m } from '../../../machines/appointments/my-packages-selectors.ts';
import { words } from '../../../machines/rules/words.ts';
import { formatDate, formatPaise } from '../../lib/format.ts';
import { LoadFailed, PageFrame } from '../../lib/page-frame.tsx';
import { type StartInvoicePayment, useMyPackages } from './my-packages-hooks.ts';
import { MY_PACKAGES_TEXT as T } from './my-packages-texts.ts';

const PAGE = 'portal-packages';
const STATUS_COLOUR = {
  awaiting_payment: 'warning',
  active: 'success',
  frozen: 'info',
  used_up: 'default',
  expired: 'default',
  refunded: 'default',
  cancelled: 'default',
} as const;

function PackageCard({ p, page }: { p: MyPackage; page: ReturnType<typeof useMyPackages> }) {
  const s = page.snapshot;
  const payNow = m.offersPayNow(s, p);
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-package={p.id} data-status={p.status}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {p.plan_name ?? words(p.therapy)}
          </Typography>
          <Chip size="small" label={T.status[p.status]} color={STATUS_COLOUR[p.status]} />
        </Stack>
        {p.plan_name && (
          <Typography variant="body2" color="text.secondary">
            {words(p.therapy)}
          </Typography>
        )}
        <Typography variant="body1" sx={{ mt: 1, fontWeight: 600 }} data-field="credits">
          {T.credits(p.sessions_left, p.sessions_total)}
        </Typography>
        <Typography variant="body2" data-field="expiry">
          {p.status === 'awaiting_payment' ? T.startsWhenPaid : p.expires_on ? T.expires(formatDate(p.expires_on)) : T.noExpiry}
        </Typography>
        {p.status === 'awaiting_payment' && p.invoice && (
          <Typography variant="body2" sx={{ mt: 1 }} data-field="invoice">
            {[p.invoice.number && T.invoice(p.invoice.number), T.due(formatPaise(p.invoice.due_paise))].filter(Boolean).join(' · ')}
          </Typography>
        )}
        {m.saysPayAtClinic(s, p) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-field="pay-at-clinic">
            {T.payAtClinic}
          </Typography>
        )}
      </CardContent>
      {payNow && p.invoice && (
        <CardActions>
          <Button
            variant="contained"
            disabled={!m.canPayNow(s, p)}
            onClick={() => page.send({ type: 'packages.payOnline', invoice: p.invoice!.id })}
            data-pay-now={p.invoice.id}
          >
            {T.payNow}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

function OfferCard({ offer }: { offer: PackageOffer }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-offer={offer.id}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {offer.name}
        </Typography>
        <Typography variant="body2">{T.offer(offer.sessions, words(offer.therapy))}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatPaise(offer.price_paise)}
        </Typography>
        {offer.validity_days !== null && (
          <Typography variant="body2" color="text.secondary">
            {T.validity(offer.validity_days)}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** `membership`: memberships' card, composed in by the route module (src/app/routes/portal-packages.tsx). */
export function MyPackagesPage({ startPayment, membership = null }: { startPayment: StartInvoicePayment; membership?: ReactNode }) {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const page = useMyPackages(clientId, startPayment);
  if (page.isFailed) {
    return (
      <PageFrame title={T.title} page={PAGE}>
        <LoadFailed onRetry={() => page.send({ type: 'packages.retry' })} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={T.title} page={PAGE}>
      {membership}
      {page.message && (
        <Alert severity={page.message === 'noGateway' ? 'info' : 'error'} role="alert" sx={{ mb: 2 }}>
          {T[page.message]}
        </Alert>
      )}
      {page.isLoading && <CircularProgress aria-label={T.title} />}
      {page.isPayingOnline && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.payingOnline}
        </Alert>
      )}
      {page.isListing && (
        <>
          {page.packages.length === 0 && <Typography>{T.none}</Typography>}
          <Stack component="ul" spacing={1} aria-label={T.listLabel} sx={{ p: 0, m: 0 }} data-my-packages>
            {page.packages.map((p) => (
              <PackageCard key={p.id} p={p} page={page} />
            ))}
          </Stack>
          {page.offers.length > 0 && (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
                {T.offersTitle}
              </Typography>
              <Stack component="ul" spacing={1} aria-label={T.offersTitle} sx={{ p: 0, m: 0 }} data-offers>
                {page.offers.map((offer) => (
                  <OfferCard key={offer.id} offer={offer} />
                ))}
              </Stack>
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}
