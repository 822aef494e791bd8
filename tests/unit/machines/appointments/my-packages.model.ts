// "My packages" chart's model: the list loads or fails; a package awaiting payment is paid online
// (the payment link, a refusal, or the link's 404: the gateway gone); a clinic without the gateway
// never offers it; a SUPER_ADMIN reading the portal never starts a payment. Buying: an offer is
// chosen, confirmed or left, and bought (the new package, a refusal, or 404: no longer offered); a
// SUPER_ADMIN never buys, and an offer without its price with GST (billing not set up) is not for sale.
// Back from the gateway for invoice 31: the list is read again while package 7 awaits payment (its
// reads answer it still due, or paid), at most RETURN_CHECKS times.
import { vi } from 'vitest';
import { myPackagesMachine, type MyPackagesData } from '../../../../machines/appointments/my-packages-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const GATEWAY_URL = 'https://rzp.example/l/plink_31';

export const PACKAGES: MyPackagesData = {
  packages: [
    {
      id: 7,
      therapy: 'hbot',
      plan_name: 'HBOT ten',
      sessions_total: 10,
      sessions_left: 0,
      expires_on: null,
      status: 'awaiting_payment',
      invoice: { id: 31, number: 'INV/2026-27/0031', due_paise: 5_310_000 },
    },
    { id: 5, therapy: 'red_light', plan_name: null, sessions_total: 8, sessions_left: 3, expires_on: '2099-01-12', status: 'active', invoice: null },
  ],
  offers: [
    { id: 2, name: 'HBOT ten', therapy: 'hbot', sessions: 10, price_paise: 4_500_000, total_paise: 5_310_000, validity_days: 180 },
    { id: 3, name: 'Red light eight', therapy: 'red_light', sessions: 8, price_paise: 800_000, total_paise: null, validity_days: null },
  ],
};

/** The same list once the webhook recorded invoice 31's payment: package 7's credits have started. */
export const PAID: MyPackagesData = {
  ...PACKAGES,
  packages: PACKAGES.packages.map((p) =>
    p.id === 7 ? { ...p, sessions_left: 10, expires_on: '2099-05-27', status: 'active' as const, invoice: { ...p.invoice!, due_paise: 0 } } : p,
  ),
};

/** What the purchase of offer 2 answers: package 7 awaiting payment on invoice 31. */
export const BOUGHT = { package: 7, invoice: 31 };

const events = [
  { type: 'packages.retry' },
  { type: 'packages.payOnline', invoice: 31 },
  { type: 'packages.choose', offer: 2 },
  { type: 'packages.choose', offer: 3 },
  { type: 'packages.cancel' },
  { type: 'packages.buy' },
];
const outcomes = {
  loadPackages: [{ output: PACKAGES }, { output: PAID }, { error: new Error('offline') }],
  startPayment: [
    { output: GATEWAY_URL },
    { error: Object.assign(new Error('The payment gateway did not answer.'), { status: 502 }) },
    { error: Object.assign(new Error('Not found.'), { status: 404 }) },
  ],
  buyPackage: [
    { output: BOUGHT },
    { error: Object.assign(new Error('Billing is not set up.'), { status: 409 }) },
    { error: Object.assign(new Error('Not found.'), { status: 404 }) },
  ],
};

/** The browser's departure for the gateway (the page's hook leaves with window.location). */
export const goToGateway = vi.fn();

export const model: MachineModel = {
  machine: myPackagesMachine,
  specs: [
    { name: 'the client', input: { clientId: '21', readOnly: false, gateway: true, returnTo: null }, events, outcomes, actions: { goToGateway } },
    {
      name: 'a clinic without the gateway',
      input: { clientId: '21', readOnly: false, gateway: false, returnTo: null },
      events,
      outcomes,
      actions: { goToGateway },
    },
    { name: 'back from the gateway', input: { clientId: '21', readOnly: false, gateway: true, returnTo: 31 }, events, outcomes, actions: { goToGateway } },
    { name: 'a SUPER_ADMIN reading', input: { clientId: '21', readOnly: true, gateway: true, returnTo: null }, events, outcomes, actions: { goToGateway } },
  ],
};
