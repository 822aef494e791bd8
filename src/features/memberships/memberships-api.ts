// The memberships domain's adapter (issue 35; docs/memberships.md): the only memberships module that
// calls the API client. The back office's plans (with the services and the clinic's GST rates the
// form chooses from, read through the appointments' and billing's public entries), a client's
// memberships on the desk's record and the portal, selling one (its first invoice issued at once)
// and cancelling an unpaid sale or a renewal. Failures are ApiFailures (§8 message; a 400 names the field).
import type { PlanBody } from '../../../machines/memberships/plan-form.ts';
import type { components } from '../../../openapi/generated/api.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { listServices } from '../appointments/index.ts';
import { loadTaxSettings } from '../billing/index.ts';

export type MembershipPlan = components['schemas']['MembershipPlan'];
export type Membership = components['schemas']['Membership'];
export type MembershipStatus = components['schemas']['MembershipStatus'];

/** A service a benefit may name. */
export interface ServiceChoice {
  id: number;
  name: string;
}

/** What the plans tab draws: the plans, the services a benefit may name and the clinic's GST rates. */
export interface PlansSetup {
  plans: MembershipPlan[];
  services: ServiceChoice[];
  rates: number[];
}

export const listMembershipPlans = (api: ApiClient): Promise<MembershipPlan[]> => unwrap(api.GET('/memberships/plans', {}));

export async function loadPlansSetup(api: ApiClient): Promise<PlansSetup> {
  const [plans, services, settings] = await Promise.all([listMembershipPlans(api), listServices(api), loadTaxSettings(api)]);
  return {
    plans,
    services: services.map((s) => ({ id: s.id, name: s.name })).sort((a, b) => a.name.localeCompare(b.name)),
    rates: settings.gst_rates_bp,
  };
}

export const createMembershipPlan = (api: ApiClient, body: PlanBody): Promise<MembershipPlan> => unwrap(api.POST('/memberships/plans', { body }));

export const updateMembershipPlan = (api: ApiClient, id: number, body: Partial<PlanBody>): Promise<MembershipPlan> =>
  unwrap(api.PATCH('/memberships/plans/{id}', { params: { path: { id } }, body }));

/** A client's memberships, newest first (a CLIENT reads their own). */
export const clientMemberships = (api: ApiClient, client: number): Promise<Membership[]> => unwrap(api.GET('/memberships', { params: { query: { client } } }));

export const sellMembership = (api: ApiClient, client: number, plan: number): Promise<Membership> =>
  unwrap(api.POST('/memberships', { body: { client, plan } }));

export const cancelMembershipSale = (api: ApiClient, id: number): Promise<Membership> =>
  unwrap(api.POST('/memberships/{id}/cancel', { params: { path: { id } } }));

export const cancelMembershipRenewal = (api: ApiClient, id: number): Promise<Membership> =>
  unwrap(api.POST('/memberships/{id}/cancel-renewal', { params: { path: { id } } }));
