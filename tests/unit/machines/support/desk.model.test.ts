// Every path of the support desk, replayed on the production machine: a page is fetched for each
// query (a filter goes back to the first page), a ticket opens with its conversation, writes fetch
// the list again and keep the ticket as the server answered it, a refusal keeps its message and
// field reasons, a client never sends an internal note, and a read-only desk never writes.
import { expect } from 'vitest';
import { describeModel } from '../../../support/model-paths.ts';
import { FAILURE, model, PAGE, REFUSED } from './desk.model.ts';

describeModel('support desk', model, (snapshot, event) => {
  const { query, tickets, count, message, fieldErrors, staff, readOnly } = snapshot.context;
  if (event.type === 'desk.query') {
    expect(snapshot.value).toBe('loading');
    expect(query).toMatchObject({ status: ['new', 'open'], page: 0 });
  }
  if (event.type === 'desk.reply' && event.draft.internal && !staff) expect(snapshot.matches({ ready: 'replying' })).toBe(false);
  if (readOnly) expect(['creating', 'replying', 'moving', 'assigning'].some((s) => snapshot.matches({ ready: s }))).toBe(false);
  if (!staff) expect(snapshot.matches({ ready: 'moving' }) || snapshot.matches({ ready: 'assigning' })).toBe(false);
  if (event.type === 'xstate.done.actor.loadTickets') expect({ tickets, count }).toEqual({ tickets: PAGE.results, count: PAGE.count });
  if (event.type.startsWith('xstate.error.actor.')) {
    const expected = event.type === 'xstate.error.actor.createTicket' ? REFUSED : FAILURE;
    expect(message).toBe(expected.message);
    expect(fieldErrors).toEqual(expected.fieldErrors);
  }
  expect(snapshot.hasTag('pending')).toBe(snapshot.matches('loading') || (snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' })));
});
