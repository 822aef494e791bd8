// FHIR search's common parts (issue 40): `_count` and `_offset` paging with `self`/`next` links,
// date parameters (`date`, `_lastUpdated`) as ranges, and the searchset Bundle around the matches.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { FHIR_TEXTS } from './texts.ts';

export const DEFAULT_COUNT = 50;

export interface SearchQuery {
  patient?: string;
  date?: string[] | string;
  _lastUpdated?: string[] | string;
  _count?: number;
  _offset?: number;
}

export interface Page {
  count: number;
  offset: number;
}

export const pageOf = (q: SearchQuery): Page => ({ count: q._count ?? DEFAULT_COUNT, offset: q._offset ?? 0 });

/** One date condition: the column is at or after `from` (inclusive) and before `to` (exclusive), either end open. */
export interface DateRange {
  from?: Date;
  to?: Date;
}

const PREFIXED = /^(eq|gt|ge|lt|le)?(.*)$/;

/**
 * A FHIR date search value as the range it matches. A day is the whole UTC day; an instant is
 * that millisecond. `ge` from its start, `gt` from its end, `le` up to its end, `lt` up to its start.
 */
export function dateRange(field: string, value: string): DateRange {
  const [, prefix = 'eq', text] = PREFIXED.exec(value)!;
  const isDay = text.length === 10;
  const start = new Date(isDay ? `${text}T00:00:00Z` : text);
  // A day the calendar has not (2027-02-30) reads back as another day: refuse it, do not move it.
  if (Number.isNaN(start.getTime()) || (isDay && start.toISOString().slice(0, 10) !== text)) throw badRequest(field, FHIR_TEXTS.notADate);
  const end = new Date(start.getTime() + (isDay ? 86_400_000 : 1));
  switch (prefix) {
    case 'ge':
      return { from: start };
    case 'gt':
      return { from: end };
    case 'le':
      return { to: end };
    case 'lt':
      return { to: start };
    default:
      return { from: start, to: end };
  }
}

/** Every value of a repeatable date parameter, as ranges (all must hold). */
export function dateRanges(field: string, values: string[] | string | undefined): DateRange[] {
  return (values === undefined ? [] : [values].flat()).map((v) => dateRange(field, v));
}

/** The client id a `patient` parameter names (`123` or `Patient/123`). */
export const patientIdOf = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value.replace(/^Patient\//, '')));

/** This server's base URL, as the request reached it. */
export function baseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/api/v1/fhir/R4`;
}

export interface FhirResource {
  resourceType: string;
  id?: string;
  [key: string]: unknown;
}

/** A searchset Bundle: one page of matches, the total, and a `next` link while more remain. */
export function searchset(request: FastifyRequest, resources: FhirResource[], total: number, page: Page) {
  const self = new URL(request.url, `${request.protocol}://${request.host}`);
  const link = [{ relation: 'self', url: self.toString() }];
  if (page.offset + resources.length < total) {
    const next = new URL(self);
    next.searchParams.set('_offset', String(page.offset + page.count));
    next.searchParams.set('_count', String(page.count));
    link.push({ relation: 'next', url: next.toString() });
  }
  if (page.offset > 0) {
    const previous = new URL(self);
    previous.searchParams.set('_offset', String(Math.max(0, page.offset - page.count)));
    link.push({ relation: 'previous', url: previous.toString() });
  }
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link,
    entry: resources.map((resource) => ({ fullUrl: `${baseUrl(request)}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}

/** FHIR `instant`: an ISO timestamp with its offset. */
export const instant = (value: unknown): string => new Date(value as string).toISOString();
