// /user/packages/{clientId}: "My packages" on the portal (issue 35). Each package as a card (a
// phone's width first): plan and therapy, credits left of the total, expiry (the clinic's date),
// status; one awaiting payment shows its invoice and what is due, with "Pay now" where the clinic
// has the online gateway, or "Pay at the clinic". Below, the plans the clinic offers. Renders the
// chart in machines/appointments/my-packages-machine.ts; a SUPER_ADMIN reads it without paying.
// "Buy a package" lists the catalogue (price with GST); Buy opens the confirm step, and the package
// bought shows at the top of the list, awaiting payment, with "Pay online" or "pay at the clinic";
// a SUPER_ADMIN reading the portal buys nothing.
import {
  Alert,
  type AlertColor,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useParams, useSearch } from 'wouter';
import { awaitsPayment, type MyPackage, type MyPackagesContext, type PackageOffer } from '../../../machines/appointments/my-packages-machine.ts';
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

function OfferCard({ offer, page }: { offer: PackageOffer; page: ReturnType<typeof useMyPackages> }) {
  const s = page.snapshot;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-offer={offer.id}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {offer.name}
        </Typography>
        <Typography variant="body2">{T.offer(offer.sessions, words(offer.therapy))}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-field="price">
          {offer.total_paise !== null ? T.priceWithGst(formatPaise(offer.total_paise)) : formatPaise(offer.price_paise)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {offer.validity_days !== null ? T.validity(offer.validity_days) : T.noExpiryOffer}
        </Typography>
      </CardContent>
      {m.offersBuy(s, offer) && (
        <CardActions>
          <Button variant="outlined" disabled={!m.canBuy(s, offer)} onClick={() => page.send({ type: 'packages.choose', offer: offer.id })} data-buy={offer.id}>
            {T.buy}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** The confirm step: what is bought, its price with GST, and when the credits start. */
function ConfirmBuy({ page }: { page: ReturnType<typeof useMyPackages> }) {
  const offer = page.choice;
  if (!offer) return null;
  return (
    <Dialog
      open
      fullWidth
      onClose={() => !page.isBuying && page.send({ type: 'packages.cancel' })}
      aria-labelledby="confirm-buy-title"
      data-confirm-buy={offer.id}
    >
      <DialogTitle id="confirm-buy-title">{T.confirmTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
          {offer.name}
        </Typography>
        <Typography variant="body2">{T.offer(offer.sessions, words(offer.therapy))}</Typography>
        {offer.total_paise !== null && (
          <Typography variant="body1" sx={{ fontWeight: 600, mt: 1 }} data-field="price">
            {T.priceWithGst(formatPaise(offer.total_paise))}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {offer.validity_days !== null ? T.validity(offer.validity_days) : T.noExpiryOffer}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {T.confirmStarts}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => page.send({ type: 'packages.cancel' })} disabled={page.isBuying}>
          {T.back}
        </Button>
        <Button variant="contained" onClick={() => page.send({ type: 'packages.buy' })} disabled={page.isBuying} data-confirm-buy-button>
          {page.isBuying ? T.buying : T.confirmBuy}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The package just bought: awaiting payment, paid online where the clinic has the gateway, else at the clinic. */
function Bought({ p, page }: { p: MyPackage; page: ReturnType<typeof useMyPackages> }) {
  const online = m.offersPayNow(page.snapshot, p) && p.invoice;
  return (
    <Alert
      severity="success"
      sx={{ mb: 2 }}
      data-bought={p.id}
      action={
        online ? (
          <Button
            color="inherit"
            size="small"
            disabled={!m.canPayNow(page.snapshot, p)}
            onClick={() => page.send({ type: 'packages.payOnline', invoice: p.invoice!.id })}
            data-pay-online={p.invoice!.id}
          >
            {T.payOnline}
          </Button>
        ) : undefined
      }
    >
      {T.bought(p.plan_name ?? words(p.therapy))} {awaitsPayment(p) && (online ? T.boughtPayOnline : T.boughtPayAtClinic)}
    </Alert>
  );
}

const MESSAGE_SEVERITY = {
  noGateway: 'info',
  notYetPaid: 'info',
  paymentReceived: 'success',
  payFailed: 'error',
  buyFailed: 'error',
  planGone: 'error',
} as const satisfies Record<NonNullable<MyPackagesContext['message']>, AlertColor>;

/** The invoice the gateway sent the browser back for (server/api/billing/online-routes.ts, portalReturnUrl). */
function returnedInvoice(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('invoice'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** `membership`: memberships' card, composed in by the route module (src/app/routes/portal-packages.tsx). */
export function MyPackagesPage({ startPayment, membership = null }: { startPayment: StartInvoicePayment; membership?: ReactNode }) {
  const { clientId = '' } = useParams<{ clientId: string }>();
  const page = useMyPackages(clientId, startPayment, returnedInvoice(useSearch()));
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
        <Alert severity={MESSAGE_SEVERITY[page.message]} role="alert" sx={{ mb: 2 }}>
          {T[page.message]}
        </Alert>
      )}
      {page.isLoading && <CircularProgress aria-label={T.title} />}
      {page.isCheckingPayment && (
        <Alert severity="info" sx={{ mb: 2 }} data-checking-payment>
          {T.checkingPayment}
        </Alert>
      )}
      {page.isPayingOnline && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {T.payingOnline}
        </Alert>
      )}
      {page.showsList && (
        <>
          {page.bought && <Bought p={page.bought} page={page} />}
          {page.packages.length === 0 && <Typography>{T.none}</Typography>}
          <Stack component="ul" spacing={1} aria-label={T.listLabel} sx={{ p: 0, m: 0 }} data-my-packages>
            {page.packages.map((p) => (
              <PackageCard key={p.id} p={p} page={page} />
            ))}
          </Stack>
          {page.offers.length > 0 && (
            <>
              <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
                {T.buyTitle}
              </Typography>
              <Stack component="ul" spacing={1} aria-label={T.buyTitle} sx={{ p: 0, m: 0 }} data-offers>
                {page.offers.map((offer) => (
                  <OfferCard key={offer.id} offer={offer} page={page} />
                ))}
              </Stack>
            </>
          )}
          {page.isConfirming && <ConfirmBuy page={page} />}
        </>
      )}
    </PageFrame>
  );
}
