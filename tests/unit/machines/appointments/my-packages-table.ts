// "My packages" chart's transition table, written by hand from issue 35 ("The portal shows each
// package's remaining sessions and expiry"; "buying creates an invoice and, where the gateway is
// configured, takes the payment online; otherwise pay at the clinic") and the portal-packages
// brief: the list loads (or fails and is tried again); a package awaiting payment is paid online
// only by the client, only where the gateway is configured; the payment link sends the browser to
// the gateway; a refusal, or the link's 404 (the gateway gone, which takes the button away), reads
// the list again and says so. Buying (the portal-buy brief): the client chooses an offer priced
// with GST (billing set up), confirms or goes back, and the purchase reads the list afresh naming
// the package bought, or says why not (404: no longer offered); a SUPER_ADMIN reading buys nothing.
// Back from the gateway (the invoice on the address): while its package still awaits payment the
// list is read again after a pause, at most RETURN_CHECKS times, then the return is settled.
import { myPackagesMachine, RETURN_CHECKS } from '../../../../machines/appointments/my-packages-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';
import { PACKAGES, PAID } from './my-packages.model.ts';

const CLIENT = {
  clientId: '21',
  readOnly: false,
  gateway: true,
  packages: PACKAGES.packages,
  offers: PACKAGES.offers,
  paying: 31,
  choice: 2,
  bought: null,
  returnTo: null,
  checks: 0,
  message: null,
};

const RETURNED = { ...CLIENT, returnTo: 31 };

const steps = (pays: boolean, refused = 'loading / payFailed', buys = true, buyRefused = 'loading / buyFailed', read = 'list / show, settleReturn') => ({
  loading: { 'xstate.done.actor.loadPackages': read, 'xstate.error.actor.loadPackages': 'failed' },
  failed: { 'packages.retry': 'loading' },
  checkingPayment: { 'xstate.after.returnCheckDelay.myPackages.checkingPayment': 'loading' },
  list: { ...(pays ? { 'packages.payOnline': 'paying / startPaying' } : {}), ...(buys ? { 'packages.choose': 'confirming / choose' } : {}) } as Record<
    string,
    string
  >,
  confirming: { 'packages.cancel': 'list / forget', 'packages.buy': 'buying' },
  buying: { 'xstate.done.actor.buyPackage': 'loading / showBought', 'xstate.error.actor.buyPackage': buyRefused },
  paying: { 'xstate.done.actor.startPayment': 'redirecting / goToGateway', 'xstate.error.actor.startPayment': refused },
  redirecting: {},
});

export const myPackagesTable: TransitionTable = {
  chart: myPackagesMachine,
  source: 'issue 35 (Packages and memberships: the portal shows each package; bought in the portal, paid online where the gateway is configured)',
  statuses: ['loading', 'failed', 'checkingPayment', 'list', 'confirming', 'buying', 'paying', 'redirecting'],
  verbs: [
    'packages.retry',
    'xstate.after.returnCheckDelay.myPackages.checkingPayment',
    'packages.payOnline',
    'xstate.done.actor.loadPackages',
    'xstate.error.actor.loadPackages',
    'xstate.done.actor.startPayment',
    'xstate.error.actor.startPayment',
    'packages.choose',
    'packages.cancel',
    'packages.buy',
    'xstate.done.actor.buyPackage',
    'xstate.error.actor.buyPackage',
  ],
  cases: [
    {
      name: 'the client, an invoice due, the gateway configured',
      context: CLIENT,
      extras: { invoice: 31, offer: 2, output: PACKAGES },
      start: 'loading',
      steps: steps(true),
    },
    {
      name: 'an offer without its price with GST (billing not set up): not for sale',
      context: CLIENT,
      extras: { invoice: 31, offer: 3, output: PACKAGES },
      steps: steps(true, 'loading / payFailed', false),
    },
    {
      name: 'the payment link or the purchase answered 404 (the gateway switched off, the plan no longer offered)',
      context: CLIENT,
      extras: { invoice: 31, offer: 2, output: PACKAGES, error: { status: 404 } },
      steps: steps(true, 'loading / dropGateway', true, 'loading / planGone'),
    },
    {
      name: 'a clinic without the online gateway: pay at the clinic',
      context: { ...CLIENT, gateway: false },
      extras: { invoice: 31, offer: 2, output: PACKAGES },
      steps: steps(false),
    },
    {
      name: 'a SUPER_ADMIN reading the portal',
      context: { ...CLIENT, readOnly: true },
      extras: { invoice: 31, offer: 2, output: PACKAGES },
      steps: steps(false, 'loading / payFailed', false),
    },
    { name: 'an invoice not on a package awaiting payment', context: CLIENT, extras: { invoice: 99, offer: 2, output: PACKAGES }, steps: steps(false) },
    {
      name: 'back from the gateway, its package still awaiting payment: read again',
      context: RETURNED,
      extras: { invoice: 31, offer: 2, output: PACKAGES },
      steps: steps(true, 'loading / payFailed', true, 'loading / buyFailed', 'checkingPayment / show, countCheck'),
    },
    {
      name: 'back from the gateway, still awaiting payment after every read: settled as not yet paid',
      context: { ...RETURNED, checks: RETURN_CHECKS },
      extras: { invoice: 31, offer: 2, output: PACKAGES },
      steps: steps(true),
    },
    {
      name: 'back from the gateway, the payment recorded: settled',
      context: RETURNED,
      extras: { invoice: 31, offer: 2, output: PAID },
      steps: steps(true),
    },
    {
      name: 'an offer not on the list',
      context: CLIENT,
      extras: { invoice: 31, offer: 99, output: PACKAGES },
      steps: steps(true, 'loading / payFailed', false),
    },
  ],
};
