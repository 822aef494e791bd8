// Why the back office's membership plan form refuses a value (machines/memberships/plan-form.ts), in one place.
export const PLAN_FORM_TEXTS = {
  name: "Enter the plan's name.",
  nameLength: 'At most 120 characters.',
  fee: 'Enter the fee in rupees, at least 1, e.g. 1500 or 1500.50.',
  includedNeedsService: 'An included benefit names its service.',
  sessions: 'Sessions per period: a whole number from 1 to 1000.',
  percent: 'A discount is a whole percent from 1 to 100.',
  onceEach: 'Each service once per kind of benefit, and one discount on everything at most.',
};
