// Every domain of the business API, in one table: adding a domain is one line here. Each domain
// folder's routes.ts registers the contract operations it serves from the shared ApiContext.
import type { FastifyInstance } from 'fastify';
import { appointmentRoutes } from './appointments/routes.ts';
import { cognitiveAssessmentRoutes } from './cognitive/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { clinicSettingsRoutes } from './clinic/routes.ts';
import type { ApiContext } from './context.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { fhirRoutes } from './fhir/routes.ts';
import { labRoutes } from './labs/routes.ts';
import { membershipRoutes } from './memberships/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { programAndEnrollmentRoutes } from './programs/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { thriveRoutes } from './thrive/routes.ts';
import { therapyVisitRoutes } from './visits/routes.ts';

export type RouteModule = (app: FastifyInstance, ctx: ApiContext) => Promise<void>;

export const ROUTE_MODULES: readonly RouteModule[] = [
  peopleRoutes,
  programAndEnrollmentRoutes,
  auditRoutes,
  clinicSettingsRoutes,
  appointmentRoutes,
  discoveryRoutes,
  thriveRoutes,
  supportRoutes,
  cognitiveAssessmentRoutes,
  labRoutes,
  therapyVisitRoutes,
  billingRoutes,
  membershipRoutes,
  fhirRoutes,
  privacyRoutes,
];
