// What "My packages" (/user/packages/{clientId}) reads of its chart (my-packages-machine.ts), by name.
import type { SnapshotFrom } from 'xstate';
import { awaitsPayment, buyable, type MyPackage, type myPackagesMachine, type PackageOffer } from './my-packages-machine.ts';

type MyPackages = SnapshotFrom<typeof myPackagesMachine>;

export const myPackagesSelectors = {
  isLoading: (s: MyPackages) => s.matches('loading'),
  isFailed: (s: MyPackages) => s.matches('failed'),
  isListing: (s: MyPackages) => s.matches('list'),
  /** The list is on screen: listed, under the confirm step, or while a returned payment is checked. */
  showsList: (s: MyPackages) => s.matches('list') || s.matches('confirming') || s.matches('buying') || s.matches('checkingPayment'),
  /** Back from the gateway, the payment not seen yet: the page says it is checking. */
  isCheckingPayment: (s: MyPackages) => s.matches('checkingPayment'),
  /** The payment link is asked for, or the browser is leaving for it. */
  isPayingOnline: (s: MyPackages) => s.matches('paying') || s.matches('redirecting'),
  packages: (s: MyPackages) => s.context.packages,
  offers: (s: MyPackages) => s.context.offers,
  message: (s: MyPackages) => s.context.message,
  /** "Pay now" on a package awaiting payment: offered where the clinic has the gateway and the reader is the client. */
  offersPayNow: (s: MyPackages, p: MyPackage) => awaitsPayment(p) && s.context.gateway && !s.context.readOnly,
  /** "Pay at the clinic" instead: awaiting payment where the portal cannot take it. */
  saysPayAtClinic: (s: MyPackages, p: MyPackage) => awaitsPayment(p) && !s.context.gateway,
  canPayNow: (s: MyPackages, p: MyPackage) => p.invoice !== null && s.can({ type: 'packages.payOnline', invoice: p.invoice.id }),
  /** "Buy" on an offer: the client only, and only an offer priced with GST (billing set up). */
  offersBuy: (s: MyPackages, offer: PackageOffer) => buyable(s.context, offer.id),
  canBuy: (s: MyPackages, offer: PackageOffer) => s.can({ type: 'packages.choose', offer: offer.id }),
  /** The confirm step (and the purchase under way): the offer chosen. */
  isConfirming: (s: MyPackages) => s.matches('confirming') || s.matches('buying'),
  isBuying: (s: MyPackages) => s.matches('buying'),
  choice: (s: MyPackages) => s.context.offers.find((o) => o.id === s.context.choice) ?? null,
  /** The package just bought, as the list read afresh shows it. */
  bought: (s: MyPackages) => (s.context.bought ? (s.context.packages.find((p) => p.id === s.context.bought!.package) ?? null) : null),
};
