// FHIR search's common parts (issue 40): `_count` and `_offset` paging with `self`/`next` links,
// date parameters (`date`, `_lastUpdated`) as ranges, and the searchset Bundle around the matches.
import type { FastifyRequest } from 'fastify';
import { type Expression, type SelectQueryBuilder, sql } from 'kysely';
import { badRequest } from '../../http/errors.ts';
import { FHIR_PREFIXED, FHIR_ROOT } from './base.ts';
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

/** What a search of one client's record is given: whose, and its date conditions. */
export interface ClientFilter {
  client: number;
  date: DateRange[];
  lastUpdated: DateRange[];
}

/** `query` narrowed to rows whose `column` lies in every range (a column name or an SQL expression). */
export function withinRanges<Q extends SelectQueryBuilder<any, any, any>>(query: Q, column: string | Expression<unknown>, ranges: DateRange[]): Q {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  let narrowed = query;
  for (const range of ranges) {
    if (range.from) narrowed = narrowed.where(sql<boolean>`${ref} >= ${range.from}`) as Q;
    if (range.to) narrowed = narrowed.where(sql<boolean>`${ref} < ${range.to}`) as Q;
  }
  return narrowed;
}

/**
 * A search's answer: how many rows match in all, and the page asked for (every row when `page` is
 * null, as `$everything` before it pages), in the order given by `orderBy` (ties broken by them in turn).
 */
export async function countAndPage<Row>(
  query: SelectQueryBuilder<any, any, any>,
  orderBy: string[],
  page: Page | null,
): Promise<{ total: number; rows: Row[] }> {
  const { total } = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow()) as { total: string };
  const ordered = orderBy.reduce((q, column) => q.orderBy(sql.ref(column)), query);
  const rows = (await (page ? ordered.limit(page.count).offset(page.offset) : ordered).execute()) as Row[];
  return { total: Number(total), rows };
}

/** Where a record type keeps whose it is, its `date`, when it last changed, and its order. */
export interface RecordColumns {
  client: string;
  date: string | Expression<unknown>;
  lastUpdated: string | Expression<unknown>;
  orderBy: string[];
}

/** One page of a client's records of one type, with the count of all that match. */
export function searchRecords<Row>(query: SelectQueryBuilder<any, any, any>, columns: RecordColumns, filter: ClientFilter, page: Page | null) {
  const theirs = query.where(sql.ref(columns.client), '=', filter.client);
  return countAndPage<Row>(withinRanges(withinRanges(theirs, columns.date, filter.date), columns.lastUpdated, filter.lastUpdated), columns.orderBy, page);
}

/** The client id a `patient` parameter names (`123` or `Patient/123`). */
export const patientIdOf = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value.replace(/^Patient\//, '')));

/** The path the caller asked for, before the server moved `/fhir/R4` under `/api/v1` (app.ts). */
const askedUrl = (request: FastifyRequest): string => request.originalUrl ?? request.url;

/** The scheme and host the caller reached. */
export const origin = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

/** This server's base URL, as the request reached it: links lead back through the base the caller used. */
export function baseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${askedUrl(request).startsWith(FHIR_ROOT) ? FHIR_ROOT : FHIR_PREFIXED}`;
}

export interface FhirResource {
  resourceType: string;
  id?: string;
  [key: string]: unknown;
}

/** A searchset Bundle: one page of matches, the total, and a `next` link while more remain. */
export function searchset(request: FastifyRequest, resources: FhirResource[], total: number, page: Page) {
  const self = new URL(askedUrl(request), `${request.protocol}://${request.host}`);
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
