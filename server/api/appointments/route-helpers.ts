// What several of scheduling's route modules share: whose list a caller gets, the offset rule for
// instants, the booking horizon and the 409 body of a conflict.
import type { FastifyReply } from 'fastify';
import type { components } from '../../../openapi/generated/api.ts';
import { addDays } from '../../../machines/rules/calendar-dates.ts';
import { hasUtcOffset, localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { badRequest } from '../../http/errors.ts';
import type { ScopeRule } from '../client-scope.ts';
import type { SchedulingConflict } from './booking.ts';
import type { SchedulingSettings } from './data.ts';
import { SCHEDULING_TEXTS as T } from './texts.ts';

export type S = components['schemas'];

/** Whose list: a client's own always; staff's choice, which must be a user (404 otherwise). */
export const LISTED: ScopeRule = { clients: 'own', staffName: 'user' };

export function requireOffset(field: string, value: string | undefined): void {
  if (value !== undefined && !hasUtcOffset(value)) throw badRequest(field, T.noOffset);
}

/** The last clinic day a booking may start on: today plus the clinic's booking horizon. */
export function lastBookableDay(settings: SchedulingSettings): string {
  return addDays(localTime(settings.time_zone, Date.now()).date, settings.booking_horizon_days);
}

export function sendConflict(reply: FastifyReply, error: SchedulingConflict) {
  return reply.code(409).type('application/json; charset=utf-8').send({ detail: error.detail, conflicts: error.conflicts });
}
