// Every route module of the business API, in one table: adding a module is one line here.
// Each module registers the contract operations it serves from the shared ApiContext.
import type { FastifyInstance } from 'fastify';
import { appointmentRoutes } from '../appointments/routes.ts';
import { discoveryRoutes } from '../discovery/routes.ts';
import { cognitiveAssessmentRoutes } from '../assessments/routes.ts';
import { supportRoutes } from '../support/routes.ts';
import { labRoutes } from '../labs/routes.ts';
import { billingRoutes } from '../billing/routes.ts';
import { therapyVisitRoutes } from '../visits/routes.ts';
import { completedSessionRoutes } from '../visits/completed-sessions.ts';
import { schedulingBackofficeRoutes } from '../appointments/backoffice.ts';
import { portalVisitRoutes } from '../appointments/portal-visits.ts';
import { portalBookingRoutes } from '../appointments/portal-bookings.ts';
import type { ApiContext } from '../context.ts';
import { auditRoutes } from './audit.ts';
import { clinicSettingsRoutes } from './clinic-settings.ts';
import { consentHistoryRoutes } from './consent-history.ts';
import { enrollmentRoutes } from './enrollments.ts';
import { profileEmailRoutes } from './profile-email.ts';
import { portalHomeViewRoutes } from './portal-home-views.ts';
import { profileRoutes } from './profiles.ts';
import { programRoutes } from './programs.ts';
import { thriveCheckRoutes } from './thrive-checks.ts';
import { thriveRoutes } from '../thrive/routes.ts';
import { userAdminRoutes } from './user-admin.ts';
import { userRoutes } from './users.ts';

export type RouteModule = (app: FastifyInstance, ctx: ApiContext) => Promise<void>;

export const ROUTE_MODULES: readonly RouteModule[] = [
  userRoutes,
  profileRoutes,
  enrollmentRoutes,
  programRoutes,
  auditRoutes,
  thriveCheckRoutes,
  profileEmailRoutes,
  userAdminRoutes,
  consentHistoryRoutes,
  clinicSettingsRoutes,
  appointmentRoutes,
  discoveryRoutes,
  thriveRoutes,
  supportRoutes,
  schedulingBackofficeRoutes,
  portalVisitRoutes,
  portalBookingRoutes,
  cognitiveAssessmentRoutes,
  labRoutes,
  therapyVisitRoutes,
  completedSessionRoutes,
  portalHomeViewRoutes,
  billingRoutes,
];
