// The memberships screens bound to the adapter (memberships-api.ts) on the staff machines
// (src/lib/staff/hooks.ts: a record, a confirmed action or form dialog): the back office's plans,
// the desk's section on the client's record and the portal's card. What a button may do is the
// membership's lifecycle chart's (machines/memberships/membership-lifecycle.ts).
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import { keepsBillingSettings } from '../../../machines/billing/billing-roles.ts';
import type { PlanBody } from '../../../machines/memberships/plan-form.ts';
import {
  cancelMembershipRenewal,
  cancelMembershipSale,
  clientMemberships,
  createMembershipPlan,
  listMembershipPlans,
  loadPlansSetup,
  type Membership,
  type MembershipPlan,
  type PlansSetup,
  sellMembership,
  updateMembershipPlan,
} from './memberships-api.ts';
import { PLANS_TEXT, SECTION_TEXT } from './texts.ts';

/** The back office's plans with the services and rates the form chooses from; saving and retiring a plan. */
export function useMembershipPlans() {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const setup = useRecord(() => loadPlansSetup(api));
  const saved = (_s: unknown, out: unknown) => {
    enqueueSnackbar(PLANS_TEXT.saved((out as MembershipPlan).name), { variant: 'success' });
    setup.reload();
  };
  const edit = useAction<MembershipPlan | null>((plan, v) => {
    const body = v as unknown as PlanBody;
    return plan ? updateMembershipPlan(api, plan.id, body) : createMembershipPlan(api, body);
  }, saved);
  const toggle = useAction<MembershipPlan | null>((plan) => updateMembershipPlan(api, plan!.id, { active: !plan!.active }), saved);
  const data = setup.data as PlansSetup | null;
  // ADMIN keeps the plans; SUPER_ADMIN reads them.
  return { setup, data, edit, toggle, mayEdit: keepsBillingSettings(auth.role ?? '') };
}

/** A client's memberships on the desk's record; selling one and cancelling an unpaid sale or a renewal. */
export function useClientMemberships(clientId: number) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const memberships = useRecord(() => clientMemberships(api, clientId));
  const plans = useRecord(() => listMembershipPlans(api));
  const done = (text: string) => () => {
    enqueueSnackbar(text, { variant: 'success' });
    memberships.reload();
  };
  const sale = useAction<null>((_s, v) => sellMembership(api, clientId, Number(v.plan)), done(SECTION_TEXT.sold));
  const cancelSale = useAction<Membership | null>((m) => cancelMembershipSale(api, m!.id), done(SECTION_TEXT.saleCancelled));
  const cancelRenewal = useAction<Membership | null>((m) => cancelMembershipRenewal(api, m!.id), done(SECTION_TEXT.renewalCancelled));
  return {
    memberships,
    rows: (memberships.data ?? []) as Membership[],
    plans: ((plans.data ?? []) as MembershipPlan[]).filter((p) => p.active),
    plansLoaded: plans.data !== null && plans.data !== undefined,
    sale,
    cancelSale,
    cancelRenewal,
    role: auth.role,
  };
}

/** The portal's membership card: the client's memberships as the server gives them. */
export function useMyMemberships(clientId: number) {
  const { api } = useShell();
  const memberships = useRecord(() => clientMemberships(api, clientId));
  return { memberships, rows: (memberships.data ?? []) as Membership[] };
}
