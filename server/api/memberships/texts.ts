// The words of memberships' refusals, invoice lines and renewal mail (issue 35), in one place.
export const MEMBERSHIP_TEXTS = {
  planNameTaken: 'A membership plan already has this name.',
  planRetired: 'This membership plan is retired: it is no longer sold.',
  clientRequired: 'Staff name the client whose memberships to read.',
  planUnknown: 'No such membership plan.',
  serviceUnknown: 'No such service.',
  includedNeeds: 'An included benefit names a service and its sessions per period, and no percent.',
  discountNeeds: 'A discount names its percent, and no sessions.',
  benefitTwice: 'Each service once per plan, and one discount on everything at most.',
  rateNotOffered: (rates: readonly number[]) => `Not one of the clinic's GST rates (${rates.join(', ')} basis points).`,
  alreadyMember: 'This client already has a running membership of this plan.',
  partPaid: 'Part of this invoice is paid: credit it with a refund at the billing desk first.',
  saleCancelledReason: 'Membership sale cancelled before payment',
  renewalCancelledReason: 'Membership renewal cancelled',
  lapsedReason: 'Membership lapsed: renewal unpaid by the end of the period',
  saleLine: (plan: string, period: 'monthly' | 'yearly') => `${plan} membership (${period === 'monthly' ? 'one month' : 'one year'})`,
  renewalLine: (plan: string, from: string, to: string) => `${plan} membership, ${from} to ${to}`,
  includedLine: (service: string, plan: string) => `${service} (included in membership ${plan})`,
  discountLine: (service: string, percent: number, plan: string) => `${service} (${percent}% off, membership ${plan})`,
  renewalSubject: (plan: string) => `Your ${plan} membership renews soon`,
  renewalBody: (name: string, plan: string, number: string, amount: string, from: string, until: string) =>
    `Dear ${name},\n\nYour ${plan} membership renews on ${from}. Invoice ${number} for ${amount} is due by ${until}: pay it at the clinic or in the portal. ` +
    `Unpaid by then, the membership lapses. To stop renewing, cancel the renewal in the portal or at the desk.\n`,
};
