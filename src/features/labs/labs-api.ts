// The labs domain's adapter: the only labs module that calls the API client, for the portal's lab
// pages (issue 20), the client record's Labs section and the lab desk (back office Labs tab).
// Each function is an actor's work for a chart in machines/labs/; failures are ApiFailures with
// the §8 text. The profile, thrive checks, nurses and cognitive results come from their domains'
// adapters; the orders and reports are read here for other domains too (src/features/labs/index.ts).
import type { DeskAct, DeskCatalogueEdit, DeskCatalogueEntry, DeskData, DeskOrder } from '../../../machines/labs/lab-desk-machine.ts';
import type { BookedOrder, BookingStart, CatalogueItem, Hold, LabSlotOffer, Person } from '../../../machines/labs/book-test-machine.ts';
import type { ClientOrder } from '../../../machines/labs/my-orders-machine.ts';
import type { Report } from '../../../machines/labs/reports-machine.ts';
import { type CognitiveRows, type HealthSummary, healthSummary, type ThriveCheckRow } from '../../../machines/labs/health-summary.ts';
import { unwrap } from '../../lib/api-failure.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { getProfile, listUsers, thriveChecks } from '../clients/index.ts';
import { cognitiveResults } from '../cognitive/index.ts';

/** What the booking starts from: the catalogue, and the address and pincode on the client's profile. */
export async function loadStart(api: ApiClient, clientId: string): Promise<BookingStart> {
  const [catalogue, profile] = await Promise.all([unwrap(api.GET('/labs/catalogue', {})), getProfile(api, clientId)]);
  const address = [profile.address_line_1, profile.address_line_2, profile.city, profile.state].filter((part) => part && String(part).trim()).join(', ');
  return { catalogue: catalogue as CatalogueItem[], address, pincode: profile.zipcode ?? '', selfReady: Boolean(profile.gender && profile.date_of_birth) };
}

export async function checkPincode(api: ApiClient, pincode: string): Promise<boolean> {
  return (await unwrap(api.GET('/labs/pincodes', { params: { query: { pincode } } }))).length > 0;
}

export const loadSlots = (api: ApiClient, q: { pincode: string; items: number[] }): Promise<LabSlotOffer[]> =>
  unwrap(api.GET('/labs/slots', { params: { query: { pincode: q.pincode, items: q.items } } }));

export async function holdSlot(api: ApiClient, q: { pincode: string; start: string; items: number[] }): Promise<Hold> {
  const hold = await unwrap(api.POST('/labs/slots', { body: q }));
  return { id: hold.id, start: hold.start, expires_at: hold.expires_at, ttl_ms: Math.max(0, Date.parse(hold.expires_at) - Date.now()) };
}

export async function placeOrder(api: ApiClient, q: { hold: number; items: number[]; people: Person[]; address: string }): Promise<BookedOrder> {
  const people = q.people.map((p) => (p.self ? { self: true } : { self: false, name: p.name.trim(), age: Number(p.age), sex: p.sex as 'M' | 'F' }));
  const order = await unwrap(api.POST('/labs/orders', { body: { hold: q.hold, items: q.items, people, address: q.address.trim() } }));
  return { id: order.id, start: order.start, total_inr: order.total_inr };
}

/** A client's lab orders and lab reports as the contract gives them (other domains read them through index.ts). */
export const clientLabOrders = (api: ApiClient, client: number) => unwrap(api.GET('/labs/orders', { params: { query: { client } } }));
export const clientLabReports = (api: ApiClient, client: number) => unwrap(api.GET('/labs/results', { params: { query: { client } } }));

export const loadOrders = async (api: ApiClient, clientId: string): Promise<ClientOrder[]> => (await clientLabOrders(api, Number(clientId))) as ClientOrder[];

export async function cancelOrder(api: ApiClient, order: number): Promise<void> {
  await unwrap(api.POST('/labs/orders/{id}/transitions', { params: { path: { id: order } }, body: { to: 'cancelled' } }));
}

/**
 * Rescheduling moves the whole order: hold the new slot, then move the order onto the hold. The
 * lab desk names the client it holds the slot for; a client holds for themselves.
 */
export async function moveOrder(api: ApiClient, q: { order: number; pincode: string; start: string; items: number[]; client?: number }): Promise<void> {
  const hold = await unwrap(
    api.POST('/labs/slots', { body: { ...(q.client !== undefined ? { client: q.client } : {}), pincode: q.pincode, start: q.start, items: q.items } }),
  );
  await unwrap(api.PATCH('/labs/orders/{id}', { params: { path: { id: q.order } }, body: { hold: hold.id } }));
}

export const loadReports = async (api: ApiClient, clientId: string): Promise<Report[]> => (await clientLabReports(api, Number(clientId))) as Report[];

/** The client's own thrive checks and cognitive results, summarised (the APIs answer a client only about themselves). */
export async function loadSummary(api: ApiClient, clientId: string): Promise<HealthSummary> {
  const id = Number(clientId);
  const [checks, cognitive] = await Promise.all([thriveChecks(api, id), cognitiveResults(api, id)]);
  return healthSummary(checks as ThriveCheckRow[], cognitive as CognitiveRows);
}

/** The lab's PDF as a file the browser saves (the answer streams; the download is audited on the server). */
export async function downloadReportPdf(api: ApiClient, order: number, fileName: string): Promise<void> {
  const blob = await unwrap(api.GET('/labs/reports/{id}/pdf', { params: { path: { id: order } }, parseAs: 'blob' }));
  const url = URL.createObjectURL(blob as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The lab desk: reads the queue, the catalogue and the nurses who collect; sends one act at a time.
const OPEN = ['booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready'] as const;

export async function loadDesk(api: ApiClient, client: number | null): Promise<DeskData> {
  const [orders, catalogue, nurses, pincodes] = await Promise.all([
    unwrap(api.GET('/labs/orders', { params: { query: { status: [...OPEN], ...(client !== null ? { client } : {}) } } })),
    // The Labs tab keeps the catalogue, inactive items too; a client's Labs section needs the markers only.
    unwrap(api.GET('/labs/catalogue', { params: { query: { all: client === null } } })),
    listUsers(api, { role: 'NURSE', page_size: 100 }),
    // A client's Labs section has no use for the pincode list; only the Labs tab keeps it.
    client === null ? unwrap(api.GET('/labs/pincodes', {})) : Promise.resolve([]),
  ]);
  return {
    pincodes,
    orders: orders as DeskOrder[],
    catalogue: catalogue as DeskCatalogueEntry[],
    collectors: nurses.results.map((u: { id: number; first_name: string; last_name: string }) => ({ id: u.id, name: `${u.first_name} ${u.last_name}`.trim() })),
  };
}

export async function deskAct(api: ApiClient, act: DeskAct): Promise<void> {
  if (act.kind === 'pincode') {
    await unwrap(api.POST('/labs/pincodes', { body: { ...act.pincode, active: act.pincode.active ?? true } }));
  } else if (act.kind === 'catalogue') {
    await unwrap(api.POST('/labs/catalogue', { body: act.item }));
  } else if (act.kind === 'move') {
    await unwrap(
      api.POST('/labs/orders/{id}/transitions', {
        params: { path: { id: act.order } },
        body: { to: act.to, ...(act.collector !== undefined ? { collector: act.collector } : {}) },
      }),
    );
  } else {
    await unwrap(api.POST('/labs/results', { body: { order: act.order, person: act.person, marker: act.marker, value: act.value } }));
  }
}

/** An edit of a catalogue item, or its Deactivate/Activate (ADMIN+ on the server). */
export const editCatalogueItem = (api: ApiClient, id: number, edit: DeskCatalogueEdit) =>
  unwrap(api.PATCH('/labs/catalogue/{id}', { params: { path: { id } }, body: edit }));
