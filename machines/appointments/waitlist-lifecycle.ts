// The waitlist (issue «Scheduling core»): a client waits for a service; when a slot of it is freed
// every matching waiting client is offered it, and the first to accept books it. Then that offer
// is accepted and its entry booked, and the slot's other offers are gone (a gone offer is also one
// whose slot was taken meanwhile). The server moves entries and offers only as these charts allow.
//   entry:  waiting -> booked
//   offer:  open -> accepted | gone
import { setup } from 'xstate';

export type WaitlistEntryStatus = 'waiting' | 'booked';
export type WaitlistOfferStatus = 'open' | 'accepted' | 'gone';

export const waitlistEntryLifecycle = setup({
  types: {
    events: {} as { type: 'entry.book' },
  },
}).createMachine({
  id: 'waitlistEntry',
  initial: 'waiting',
  states: {
    waiting: { on: { 'entry.book': 'booked' } },
    booked: { type: 'final' },
  },
});

export const waitlistOfferLifecycle = setup({
  types: {
    events: {} as { type: 'offer.accept' } | { type: 'offer.withdraw' },
  },
}).createMachine({
  id: 'waitlistOffer',
  initial: 'open',
  states: {
    open: { on: { 'offer.accept': 'accepted', 'offer.withdraw': 'gone' } },
    accepted: { type: 'final' },
    gone: { type: 'final' },
  },
});
