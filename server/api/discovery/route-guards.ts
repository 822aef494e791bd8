// What the discovery route modules share: the staff-only refusal written on the trail, the
// prospect and visit a caller asks for (404 when absent), and the owner check.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { AuditAction } from '../audit/data.ts';
import { notFound } from '../policy.ts';
import { admit } from '../route-access.ts';
import { findProspect, findVisit, isActiveStaff, type ProspectOut } from './data.ts';
import { DISCOVERY_TEXTS as T } from './texts.ts';

/** The checks that read the prospect, visit or owner through `db`. */
export function discoveryGuards(db: Db) {
  /** Staff only (the route's declaration); a client's attempt on a record is refused on the trail. */
  const staffOnly = (request: FastifyRequest, action: AuditAction, client: number | null) =>
    admit(db, request, client !== null ? { action, client, requestId: request.id } : null);

  /** The prospect, or 404; staff only. */
  async function prospectFor(request: FastifyRequest, id: number, action: AuditAction): Promise<ProspectOut> {
    const prospect = await findProspect(db, id);
    await staffOnly(request, action, prospect ? id : null);
    if (!prospect) throw notFound();
    return prospect;
  }

  async function requireOwner(owner: number | null | undefined): Promise<void> {
    if (owner !== undefined && owner !== null && !(await isActiveStaff(db, owner))) throw badRequest('owner', T.noOwner);
  }

  /** The visit, or 404; staff only. */
  async function visitFor(request: FastifyRequest, id: number, action: AuditAction) {
    const visit = await findVisit(db, id);
    await staffOnly(request, action, visit ? visit.prospect : null);
    if (!visit) throw notFound();
    return visit;
  }

  return { staffOnly, prospectFor, requireOwner, visitFor };
}
