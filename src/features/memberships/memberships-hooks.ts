// The memberships screens bound to the adapter (memberships-api.ts) on the staff machines
// (src/lib/staff/hooks.ts: a record, a confirmed action or form dialog): the back office's plans,
// the desk's section on the client's record and the portal's card. What a button may do is the
// membership's lifecycle chart's (machines/memberships/membership-lifecycle.ts).
import { useSelector } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { fromPromise } from 'xstate';
import { useShell } from '../../app/port.ts';
import { usePageActor } from '../../lib/page-actor.ts';
import { useAction, useRecord } from '../../lib/staff/hooks.ts';
import { keepsBillingSettings } from '../../../machines/billing/billing-roles.ts';
import { myMembershipMachine, myMembershipSelectors as mine } from '../../../machines/memberships/my-membership-machine.ts';
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

/**
 * The portal's membership card on its chart (machines/memberships/my-membership-machine.ts): the
 * client's memberships as the server gives them, and stopping a renewal. A SUPER_ADMIN reading a
 * client's portal stops nothing.
 */
export function useMyMemberships(clientId: number) {
  const { api, auth } = useShell();
  const ref = usePageActor(
    myMembershipMachine.provide({
      actors: {
        loadMemberships: fromPromise(({ input }) => clientMemberships(api, input.clientId)),
        stopRenewal: fromPromise(({ input }) => cancelMembershipRenewal(api, input.membership)),
      },
    }),
    { input: { clientId, readOnly: auth.role !== 'CLIENT' } },
  );
  const snapshot = useSelector(ref, (s) => s);
  const c = snapshot.context;
  return {
    isLoading: mine.isLoading(snapshot),
    isFailed: mine.isFailed(snapshot),
    rows: c.memberships as Membership[],
    message: c.message,
    /** The membership under the confirm step (or being stopped). */
    confirming: (c.memberships as Membership[]).find((m) => m.id === c.stopping) ?? null,
    isStopping: mine.isStopping(snapshot),
    /** "Stop renewal" on a membership: only where the chart takes the step now (not while the list is read again). */
    mayStop: (m: Membership) => snapshot.can({ type: 'membership.stopRenewal', membership: m.id }),
    send: ref.send,
  };
}
