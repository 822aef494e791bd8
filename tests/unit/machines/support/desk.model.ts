// The support desk machine's model: a client's desk and the staff queue (and a read-only look),
// every query change, opening a ticket, opening one, replying (a client's internal note is not
// theirs to send), moving and assigning, each call done or refused. One path per (state, event).
import { supportDeskMachine } from '../../../../machines/support/desk-machine.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const TICKET = { id: 7, status: 'new', client: 3, subject: 'Charged twice' };
export const PAGE = { count: 1, results: [TICKET] };
export const FAILURE = { message: 'Server error: The server encountered an error. Please try again later.', fieldErrors: {}, status: 500 };
export const REFUSED = { message: 'Invalid subject', fieldErrors: { subject: ['Must not be empty.'] }, status: 400 };

const draft = { category: 'billing', subject: 'Charged twice', message: 'Two charges', appointment: null, labOrder: null, files: [] };
const events = [
  { type: 'desk.retry' },
  { type: 'desk.query', patch: { status: ['new', 'open'] } },
  { type: 'desk.select', id: 7 },
  { type: 'desk.deselect' },
  { type: 'desk.create', draft },
  { type: 'desk.reply', draft: { body: 'Thanks', internal: false, files: [] } },
  { type: 'desk.reply', draft: { body: 'Note', internal: true, files: [] } },
  { type: 'desk.move', to: 'solved' },
  { type: 'desk.assign', assignee: 4 },
];
const outcomes = {
  loadTickets: [{ output: PAGE }, { error: FAILURE }],
  loadTicket: [{ output: TICKET }, { error: FAILURE }],
  createTicket: [{ output: TICKET }, { error: REFUSED }],
  sendMessage: [{ output: { ...TICKET, status: 'open' } }, { error: FAILURE }],
  moveTicket: [{ output: { ...TICKET, status: 'solved' } }, { error: FAILURE }],
  assignTicket: [{ output: TICKET }, { error: FAILURE }],
};
// Same state and same kind of event (done, error or the event's own shape) make one path.
const edgeKey = (snapshot: any, event: any) =>
  `${JSON.stringify(snapshot.value)}|${snapshot.context.selected ? 'selected' : ''}|${event.type}|${event.draft?.internal ?? ''}|${'output' in event ? 'done' : 'error' in event ? 'error' : ''}`;
const serializeState = (snapshot: any) =>
  `${JSON.stringify(snapshot.value)}|${snapshot.context.selected?.status ?? ''}|${snapshot.context.message ?? ''}|${snapshot.context.notice ?? ''}|${snapshot.context.query.status.length}`;

export const model: MachineModel = {
  machine: supportDeskMachine,
  specs: [
    { name: 'client', input: { client: 3 }, events, outcomes, edgeKey, serializeState },
    { name: 'staff', input: { staff: true }, events, outcomes, edgeKey, serializeState },
    { name: 'read-only', input: { client: 3, readOnly: true }, events, outcomes, edgeKey, serializeState },
  ],
};
