// The lab-partner adapter: how an order reaches whoever runs the tests and how its status and
// results come back. Four verbs (book, cancel, status, results). The built-in lab desk is the default:
// staff collect and enter results in the clinic's own screens, so the desk adapter reads what
// they recorded. A partner lab with an HTTP API is used only when LAB_PARTNER_URL is set; its
// wire format is in docs/labs.md. There is no fake partner in production code: the
// contract test starts its own.
import { LAB_ORDER_STATUSES, type LabOrderStatus } from '../../../machines/labs/order-lifecycle.ts';
import type { Db } from '../../db/database.ts';

export interface PartnerBooking {
  order: number;
  pincode: string;
  address: string;
  /** ISO instant of the collection slot. */
  start: string;
  /** Catalogue codes of the tests, profiles or packages ordered. */
  tests: string[];
  people: { name: string; age: number; sex: 'M' | 'F' }[];
}

export interface PartnerResult {
  /** Index of the person in the booking's `people`. */
  person: number;
  marker: string;
  value: number;
  unit: string;
}

export interface LabPartner {
  readonly kind: 'desk' | 'http';
  book(booking: PartnerBooking): Promise<{ reference: string }>;
  /** Calls off a booking the clinic cancelled (a booking the partner already cancelled is fine too). */
  cancel(reference: string): Promise<void>;
  status(reference: string): Promise<LabOrderStatus>;
  results(reference: string): Promise<PartnerResult[]>;
}

export class LabPartnerError extends Error {}

const DESK_PREFIX = 'desk-';

/** The clinic's own lab desk: the reference is the order, and status and results are what staff recorded. */
export function labDesk(db: Db): LabPartner {
  const orderOf = (reference: string) => {
    const id = Number(reference.startsWith(DESK_PREFIX) ? reference.slice(DESK_PREFIX.length) : NaN);
    if (!Number.isInteger(id) || id <= 0) throw new LabPartnerError(`Not a lab desk reference: ${reference}`);
    return id;
  };
  return {
    kind: 'desk',
    async book(booking) {
      return { reference: `${DESK_PREFIX}${booking.order}` };
    },
    // The desk's order is the booking: cancelling the order (the order chart) is all there is.
    async cancel(reference) {
      orderOf(reference);
    },
    async status(reference) {
      const row = await db.selectFrom('lab_orders').select('status').where('id', '=', orderOf(reference)).executeTakeFirst();
      if (!row) throw new LabPartnerError(`No such order: ${reference}`);
      return row.status;
    },
    async results(reference) {
      const order = orderOf(reference);
      const people = await db.selectFrom('lab_order_people').select('id').where('order_id', '=', order).orderBy('id').execute();
      const rows = await db
        .selectFrom('lab_results as r')
        .innerJoin('lab_markers as m', 'm.id', 'r.marker_id')
        .select(['r.person_id', 'm.code', 'm.unit', 'r.value'])
        .where('r.order_id', '=', order)
        .orderBy('r.id')
        .execute();
      return rows.map((r) => ({ person: people.findIndex((p) => p.id === r.person_id), marker: r.code, value: Number(r.value), unit: r.unit }));
    },
  };
}

/** A partner lab's HTTP API (docs/labs.md): JSON over HTTPS with a bearer key. */
export function httpLabPartner(options: { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }): LabPartner {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? fetch;
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetcher(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new LabPartnerError(`The lab partner did not answer: ${(error as Error).name}`);
    }
    const text = await res.text();
    if (!res.ok) throw new LabPartnerError(`The lab partner answered ${res.status}.`);
    try {
      return JSON.parse(text);
    } catch {
      throw new LabPartnerError('The lab partner answered with something other than JSON.');
    }
  }
  const ref = (reference: string) => `/bookings/${encodeURIComponent(reference)}`;
  return {
    kind: 'http',
    async book(booking) {
      const body = (await request('POST', '/bookings', booking)) as { reference?: unknown };
      if (typeof body?.reference !== 'string' || body.reference.length === 0) throw new LabPartnerError('The lab partner gave no booking reference.');
      return { reference: body.reference };
    },
    async cancel(reference) {
      const body = (await request('POST', `${ref(reference)}/cancel`, {})) as { status?: unknown };
      if (body?.status !== 'cancelled') throw new LabPartnerError(`The lab partner did not confirm the cancellation: ${String(body?.status)}`);
    },
    async status(reference) {
      const body = (await request('GET', ref(reference))) as { status?: unknown };
      if (!(LAB_ORDER_STATUSES as readonly unknown[]).includes(body?.status))
        throw new LabPartnerError(`The lab partner reported an unknown status: ${String(body?.status)}`);
      return body.status as LabOrderStatus;
    },
    async results(reference) {
      const body = (await request('GET', `${ref(reference)}/results`)) as { results?: unknown };
      if (!Array.isArray(body?.results)) throw new LabPartnerError('The lab partner sent no results list.');
      return body.results.map((r: Record<string, unknown>) => {
        const fine =
          Number.isInteger(r?.person) &&
          (r.person as number) >= 0 &&
          typeof r.marker === 'string' &&
          typeof r.value === 'number' &&
          Number.isFinite(r.value) &&
          typeof r.unit === 'string';
        if (!fine) throw new LabPartnerError('The lab partner sent a result without person, marker, value and unit.');
        return { person: r.person as number, marker: r.marker as string, value: r.value as number, unit: r.unit as string };
      });
    },
  };
}

/** The lab desk unless a partner lab is configured (LAB_PARTNER_URL and LAB_PARTNER_KEY). */
export function labPartnerFrom(env: NodeJS.ProcessEnv, db: Db): LabPartner {
  const url = env.LAB_PARTNER_URL?.trim();
  if (!url) return labDesk(db);
  const apiKey = env.LAB_PARTNER_KEY?.trim();
  if (!apiKey) throw new Error('LAB_PARTNER_URL is set without LAB_PARTNER_KEY.');
  return httpLabPartner({ baseUrl: url, apiKey });
}
