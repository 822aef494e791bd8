// The lab desk's adapter (back office Labs tab): the only module of the desk that calls the API
// client. Reads the queue, the catalogue and the nurses who collect; sends one act at a time.
import type { DeskAct, DeskCatalogueEdit, DeskCatalogueEntry, DeskData, DeskMove, DeskOrder } from '../../../machines/labs/lab-desk-machine';
import { unwrap } from '../../lib/api-failure';
import type { ApiClient } from '../../lib/api-client';

const OPEN = ['booked', 'collector_assigned', 'collected', 'processing', 'partial', 'ready'] as const;

export async function loadDesk(api: ApiClient, client: number | null): Promise<DeskData> {
  const [orders, catalogue, nurses, pincodes] = await Promise.all([
    unwrap(api.GET('/labs/orders', { params: { query: { status: [...OPEN], ...(client !== null ? { client } : {}) } } })),
    // The Labs tab keeps the catalogue, inactive items too; a client's Labs section needs the markers only.
    unwrap(api.GET('/labs/catalogue', { params: { query: { all: client === null } } })),
    unwrap(api.GET('/users/users', { params: { query: { role: 'NURSE', page_size: 100 } } })),
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
    await unwrap(api.POST('/labs/orders/{id}/transitions', { params: { path: { id: act.order } }, body: { to: act.to, ...(act.collector !== undefined ? { collector: act.collector } : {}) } }));
  } else {
    await unwrap(api.POST('/labs/results', { body: { order: act.order, person: act.person, marker: act.marker, value: act.value } }));
  }
}

export const loadDeskSlots = (api: ApiClient, q: { pincode: string; items: number[] }) => unwrap(api.GET('/labs/slots', { params: { query: q } }));

/** Rescheduling moves the whole order: hold the new slot for the client, then move the order onto it. */
export async function moveDeskOrder(api: ApiClient, q: DeskMove): Promise<void> {
  const hold = await unwrap(api.POST('/labs/slots', { body: { client: q.client, pincode: q.pincode, start: q.start, items: q.items } }));
  await unwrap(api.PATCH('/labs/orders/{id}', { params: { path: { id: q.order } }, body: { hold: hold.id } }));
}

/** An edit of a catalogue item, or its Deactivate/Activate (ADMIN+ on the server). */
export const editCatalogueItem = (api: ApiClient, id: number, edit: DeskCatalogueEdit) => unwrap(api.PATCH('/labs/catalogue/{id}', { params: { path: { id } }, body: edit }));
