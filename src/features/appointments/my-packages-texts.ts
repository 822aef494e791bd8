// Every fixed string of the portal's "My packages" page (issue 35); tests assert them.
import type { MyPackageStatus } from '../../../machines/appointments/my-packages-machine.ts';

export const MY_PACKAGES_TEXT = {
  title: 'My packages',
  listLabel: 'Your packages',
  none: 'You have no packages yet.',
  credits: (left: number, total: number) => `${left} of ${total} ${total === 1 ? 'session' : 'sessions'} left`,
  expires: (date: string) => `Expires ${date}`,
  noExpiry: 'Does not expire',
  startsWhenPaid: 'Your sessions start when the invoice is paid.',
  invoice: (number: string) => `Invoice ${number}`,
  due: (amount: string) => `Due: ${amount}`,
  payNow: 'Pay now',
  payAtClinic: 'Pay at the clinic: your sessions start when the invoice is paid.',
  payingOnline: 'Taking you to the payment page…',
  payFailed: 'The payment could not be started. Please try again, or pay at the clinic.',
  noGateway: 'Online payment is not available right now. Please pay at the clinic.',
  status: {
    awaiting_payment: 'Awaiting payment',
    active: 'Active',
    frozen: 'Frozen',
    used_up: 'Used up',
    expired: 'Expired',
    refunded: 'Refunded',
    cancelled: 'Cancelled',
  } satisfies Record<MyPackageStatus, string>,
  offersTitle: 'Packages the clinic offers',
  offer: (sessions: number, therapy: string) => `${sessions} ${therapy} ${sessions === 1 ? 'session' : 'sessions'}`,
  validity: (days: number) => `Valid ${days} days from payment`,
} as const;
