// "My packages" chart's transition table, written by hand from issue 35 ("The portal shows each
// package's remaining sessions and expiry"; "buying creates an invoice and, where the gateway is
// configured, takes the payment online; otherwise pay at the clinic") and the portal-packages
// brief: the list loads (or fails and is tried again); a package awaiting payment is paid online
// only by the client, only where the gateway is configured; the payment link sends the browser to
// the gateway; a refusal, or the link's 404 (the gateway gone, which takes the button away), reads
// the list again and says so.
import { myPackagesMachine } from '../../../../machines/appointments/my-packages-machine.ts';
import type { TransitionTable } from '../../../support/transition-table.ts';
import { PACKAGES } from './my-packages.model.ts';

const CLIENT = { clientId: '21', readOnly: false, gateway: true, packages: PACKAGES.packages, offers: PACKAGES.offers, paying: 31, message: null };

const steps = (pays: boolean, refused = 'loading / payFailed') => ({
  loading: { 'xstate.done.actor.loadPackages': 'list / show', 'xstate.error.actor.loadPackages': 'failed' },
  failed: { 'packages.retry': 'loading' },
  list: (pays ? { 'packages.payOnline': 'paying / startPaying' } : {}) as Record<string, string>,
  paying: { 'xstate.done.actor.startPayment': 'redirecting / goToGateway', 'xstate.error.actor.startPayment': refused },
  redirecting: {},
});

export const myPackagesTable: TransitionTable = {
  chart: myPackagesMachine,
  source: 'issue 35 (Packages and memberships: the portal shows each package; bought in the portal, paid online where the gateway is configured)',
  statuses: ['loading', 'failed', 'list', 'paying', 'redirecting'],
  verbs: [
    'packages.retry',
    'packages.payOnline',
    'xstate.done.actor.loadPackages',
    'xstate.error.actor.loadPackages',
    'xstate.done.actor.startPayment',
    'xstate.error.actor.startPayment',
  ],
  cases: [
    {
      name: 'the client, an invoice due, the gateway configured',
      context: CLIENT,
      extras: { invoice: 31, output: PACKAGES },
      start: 'loading',
      steps: steps(true),
    },
    {
      name: 'the payment link answered 404 (the gateway switched off since the page loaded)',
      context: CLIENT,
      extras: { invoice: 31, output: PACKAGES, error: { status: 404 } },
      steps: steps(true, 'loading / dropGateway'),
    },
    {
      name: 'a clinic without the online gateway: pay at the clinic',
      context: { ...CLIENT, gateway: false },
      extras: { invoice: 31, output: PACKAGES },
      steps: steps(false),
    },
    { name: 'a SUPER_ADMIN reading the portal', context: { ...CLIENT, readOnly: true }, extras: { invoice: 31, output: PACKAGES }, steps: steps(false) },
    { name: 'an invoice not on a package awaiting payment', context: CLIENT, extras: { invoice: 99, output: PACKAGES }, steps: steps(false) },
  ],
};
