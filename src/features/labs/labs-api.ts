// The adapter of the portal's lab pages (issue 20): the only module of these pages that calls the
// API client. Each function is an actor's work for the booking chart or the reports chart
// (machines/labs/); failures are ApiFailures with the §8 text.
import type { BookedOrder, BookingStart, CatalogueItem, Hold, LabSlotOffer, Person } from '../../../machines/labs/book-test-machine';
import type { ClientOrder } from '../../../machines/labs/my-orders-machine';
import type { Report } from '../../../machines/labs/reports-machine';
import { type CognitiveRows, type HealthSummary, healthSummary, type ThriveCheckRow } from '../../../machines/labs/health-summary';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

/** What the booking starts from: the catalogue, and the address and pincode on the client's profile. */
export async function loadStart(api: ApiClient, clientId: string): Promise<BookingStart> {
  const [catalogue, profile] = await Promise.all([unwrap(api.GET('/labs/catalogue', {})), unwrap(api.GET('/users/user-profiles/{id}', { params: { path: { id: Number(clientId) } } }))]);
  const address = [profile.address_line_1, profile.address_line_2, profile.city, profile.state].filter((part) => part && String(part).trim()).join(', ');
  return { catalogue: catalogue as CatalogueItem[], address, pincode: profile.zipcode ?? '', selfReady: Boolean(profile.gender && profile.date_of_birth) };
}

export async function checkPincode(api: ApiClient, pincode: string): Promise<boolean> {
  return (await unwrap(api.GET('/labs/pincodes', { params: { query: { pincode } } }))).length > 0;
}

export const loadSlots = (api: ApiClient, q: { pincode: string; items: number[] }): Promise<LabSlotOffer[]> => unwrap(api.GET('/labs/slots', { params: { query: { pincode: q.pincode, items: q.items } } }));

export async function holdSlot(api: ApiClient, q: { pincode: string; start: string; items: number[] }): Promise<Hold> {
  const hold = await unwrap(api.POST('/labs/slots', { body: q }));
  return { id: hold.id, start: hold.start, expires_at: hold.expires_at, ttl_ms: Math.max(0, Date.parse(hold.expires_at) - Date.now()) };
}

export async function placeOrder(api: ApiClient, q: { hold: number; items: number[]; people: Person[]; address: string }): Promise<BookedOrder> {
  const people = q.people.map((p) => (p.self ? { self: true } : { self: false, name: p.name.trim(), age: Number(p.age), sex: p.sex as 'M' | 'F' }));
  const order = await unwrap(api.POST('/labs/orders', { body: { hold: q.hold, items: q.items, people, address: q.address.trim() } }));
  return { id: order.id, start: order.start, total_inr: order.total_inr };
}

export const loadOrders = async (api: ApiClient, clientId: string): Promise<ClientOrder[]> => (await unwrap(api.GET('/labs/orders', { params: { query: { client: Number(clientId) } } }))) as ClientOrder[];

export async function cancelOrder(api: ApiClient, order: number): Promise<void> {
  await unwrap(api.POST('/labs/orders/{id}/transitions', { params: { path: { id: order } }, body: { to: 'cancelled' } }));
}

/** Rescheduling moves the whole order: hold the new slot, then move the order onto the hold. */
export async function moveOrder(api: ApiClient, q: { order: number; pincode: string; start: string; items: number[] }): Promise<void> {
  const hold = await unwrap(api.POST('/labs/slots', { body: { pincode: q.pincode, start: q.start, items: q.items } }));
  await unwrap(api.PATCH('/labs/orders/{id}', { params: { path: { id: q.order } }, body: { hold: hold.id } }));
}

export const loadReports = async (api: ApiClient, clientId: string): Promise<Report[]> => (await unwrap(api.GET('/labs/results', { params: { query: { client: Number(clientId) } } }))) as Report[];

/** The client's own thrive checks and cognitive results, summarised (the APIs answer a client only about themselves). */
export async function loadSummary(api: ApiClient, clientId: string): Promise<HealthSummary> {
  const id = Number(clientId);
  const [checks, cognitive] = await Promise.all([
    unwrap(api.GET('/users/thrive-checks', { params: { query: { user: id } } })),
    unwrap(api.GET('/assessments/cognitive/results', { params: { query: { client: id } } })),
  ]);
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
