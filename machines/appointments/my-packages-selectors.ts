// What "My packages" (/user/packages/{clientId}) reads of its chart (my-packages-machine.ts), by name.
import type { SnapshotFrom } from 'xstate';
import { awaitsPayment, type MyPackage, type myPackagesMachine } from './my-packages-machine.ts';

type MyPackages = SnapshotFrom<typeof myPackagesMachine>;

export const myPackagesSelectors = {
  isLoading: (s: MyPackages) => s.matches('loading'),
  isFailed: (s: MyPackages) => s.matches('failed'),
  isListing: (s: MyPackages) => s.matches('list'),
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
};
