// What the visit route modules share: the audit actions, whose screens and visits a caller may
// list, the 400 of several fields, the chart as the page shows it, and the checks on a visit and
// its IV lots.
import type { components } from '../../../openapi/generated/api.ts';
import { mayChart } from '../../../machines/visits/charting-roles.ts';
import { computedValues, missingForCompletion, startBlockers, type FieldErrors, visitWarnings } from '../../../machines/visits/visit-rules.ts';
import type { TherapySettings } from '../../../machines/visits/visit-settings.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { type ScopeRule } from '../client-scope.ts';
import { type AuditAction, refuse } from '../audit/data.ts';
import { clinicToday } from '../clinic/data.ts';
import { type Caller, forbidden, isStaff, notFound } from '../policy.ts';
import { isDiabetic } from './client-facts.ts';
import { findLot, findRecipe, findVisitRow, listAddenda, screeningFor, type VisitRow, visitHeader } from './data.ts';
import { VISIT_TEXTS as T } from './texts.ts';

/** Screens are the clinic's working record: staff on a client (400 for anyone else), never a client (404, audited). */
/** A client's own visits (another's 404, audited). */
export const OWN_VISITS: ScopeRule = { clients: 'own', staffName: 'user' };
export const SCREENED_CLIENT: ScopeRule = { clients: 'none', staffName: 'client', outside: () => badRequest('client', T.notClient) };

export type S = components['schemas'];

export type VisitAction =
  | 'visit.list'
  | 'visit.read'
  | 'visit.create'
  | 'visit.update'
  | 'visit.transition'
  | 'visit.addendum'
  | 'visit.screen.list'
  | 'visit.screen.create'
  | 'visit.screen.override'
  | 'visit.settings.update'
  | 'visit.recipe.create'
  | 'visit.recipe.update'
  | 'visit.stock.create'
  | 'visit.stock.adjust'
  | 'visit.stock.history';
// Typed against the contract's AuditAction, so an action missing there does not compile.
export const act = (action: VisitAction): AuditAction => action;

const canChart = (caller: Caller) => mayChart(caller.role);

export function invalid(errors: FieldErrors): HttpError {
  const fields = Object.keys(errors);
  return new HttpError(400, `Invalid ${fields.join(', ')}: ${errors[fields[0]][0]}`, errors);
}

/** The visit as the chart shows it: header, screening, warnings, blockers and what is missing. */
export async function present(q: Db, v: VisitRow, settings: TherapySettings): Promise<S['TherapyVisit']> {
  const screening = await screeningFor(q, v.client_id, v.therapy);
  const diabetic = await isDiabetic(q, v.client_id);
  const content = { therapy: v.therapy, vitals_before: v.vitals_before, vitals_after: v.vitals_after, parameters: v.parameters, diabetic };
  return {
    id: v.id,
    client: v.client_id,
    therapy: v.therapy,
    status: v.status,
    appointment: v.appointment_id,
    resource: v.resource_id,
    staff: v.staff_id,
    package: v.package_id,
    header: await visitHeader(q, v),
    client_diabetic: diabetic,
    screening: screening.state,
    screen: screening.screen,
    vitals_before: v.vitals_before,
    vitals_after: v.vitals_after,
    parameters: v.parameters,
    computed: computedValues(v.therapy, v.parameters),
    events: v.events,
    adverse_events: v.adverse_events,
    notes: v.notes,
    warnings: visitWarnings(content, settings),
    blockers: startBlockers(content, screening.state, v.vitals_override_reason !== null, settings),
    missing: missingForCompletion(content),
    vitals_override_reason: v.vitals_override_reason,
    abort_reason: v.abort_reason,
    started_at: v.started_at && new Date(v.started_at).toISOString(),
    completed_at: v.completed_at && new Date(v.completed_at).toISOString(),
    signed_by: v.signed_by,
    signed_at: v.signed_at && new Date(v.signed_at).toISOString(),
    version: v.version,
    addenda: await listAddenda(q, v.id),
    created_at: new Date(v.created_at).toISOString(),
    updated_at: new Date(v.updated_at).toISOString(),
  };
}

/** The refusals that read the visit or write the refusal through `db`. */
export function visitGuards(db: Db) {
  /** The visit for a staff member, or 404; a client's attempt is refused on the trail as not found. */
  async function visitFor(caller: Caller, id: number, action: VisitAction, requestId: string): Promise<VisitRow> {
    const visit = await findVisitRow(db, id);
    if (!isStaff(caller.role)) {
      if (visit) await refuse(db, { actor: caller, action: act(action), client: visit.client_id, requestId }, notFound());
      throw notFound();
    }
    if (!visit) throw notFound();
    return visit;
  }

  async function chartingOnly(caller: Caller, action: VisitAction, client: number | null, requestId: string): Promise<void> {
    if (canChart(caller)) return;
    if (client !== null) await refuse(db, { actor: caller, action: act(action), client, requestId }, forbidden(T.readOnly));
    throw forbidden(T.readOnly);
  }
  return { visitFor, chartingOnly };
}

/**
 * A deactivated recipe is not offered for new charting: a visit may keep the recipe it already
 * has (past visits keep theirs), but may not switch to one taken out of use.
 */
export async function checkRecipeOffered(q: Db, parameters: Record<string, unknown>, before: Record<string, unknown>): Promise<void> {
  if (typeof parameters.recipe !== 'number' || parameters.recipe === before.recipe) return;
  const recipe = await findRecipe(q, parameters.recipe);
  if (recipe && !recipe.active) throw badRequest('parameters.recipe', T.recipeInactive);
}

/** IV ingredients refer to real lots of the same item and unit, none expired; the recipe exists. */
export async function checkIv(q: Db, parameters: Record<string, unknown>): Promise<void> {
  if (typeof parameters.recipe === 'number' && !(await findRecipe(q, parameters.recipe))) throw badRequest('parameters.recipe', T.unknownRecipe);
  const ingredients = Array.isArray(parameters.ingredients) ? (parameters.ingredients as Array<{ item: string; unit: string; lot: number }>) : [];
  const today = await clinicToday(q);
  for (const [i, ingredient] of ingredients.entries()) {
    const field = `parameters.ingredients.${i}.lot`;
    const lot = await findLot(q, ingredient.lot);
    if (!lot) throw badRequest(field, T.unknownLot);
    if (lot.item !== ingredient.item) throw badRequest(field, T.lotItem(ingredient.item));
    if (lot.unit !== ingredient.unit) throw badRequest(field, T.lotUnit(lot.unit));
    if (lot.expires_on < today) throw badRequest(field, T.lotExpired(lot.expires_on));
  }
}
