// What the lab views read from the lab charts' snapshots, by name: views never read state names or
// `value` directly. Each screen of the booking flow, the desk's and the lists' loading, failure and
// busy states, and the reschedule sub-chart's step.
import type { SnapshotFrom } from 'xstate';
import type { bookTestMachine } from './book-test-machine.ts';
import type { labDeskMachine } from './lab-desk-machine.ts';
import type { myOrdersMachine } from './my-orders-machine.ts';
import type { reportsMachine } from './reports-machine.ts';
import type { rescheduleMachine } from './reschedule-machine.ts';

type BookTest = SnapshotFrom<typeof bookTestMachine>;

export const bookTestSelectors = {
  isLoading: (s: BookTest) => s.matches('loading'),
  isFailed: (s: BookTest) => s.matches('failed'),
  /** Waiting for the server (a pincode check, slots, a hold, the order): the buttons wait too. */
  isBusy: (s: BookTest) => s.matches('checkingPincode') || s.matches('loadingSlots') || s.matches('holding') || s.matches({ held: 'confirming' }),
  asksPincode: (s: BookTest) => s.matches('pincode') || s.matches('checkingPincode'),
  picksTests: (s: BookTest) => s.matches('tests'),
  picksSlot: (s: BookTest) => s.matches('slots'),
  /** A slot is held for the client (the hold's countdown shows). */
  holdsSlot: (s: BookTest) => s.matches('held'),
  asksPeople: (s: BookTest) => s.matches({ held: 'people' }),
  /** The order is reviewed, and stays on screen while it is placed. */
  reviews: (s: BookTest) => s.matches({ held: 'review' }) || s.matches({ held: 'confirming' }),
  isDone: (s: BookTest) => s.matches('done'),
};

type Desk = SnapshotFrom<typeof labDeskMachine>;

export const labDeskSelectors = {
  isLoading: (s: Desk) => s.matches('loading'),
  isFailed: (s: Desk) => s.matches('failed'),
  /** Anything but waiting for staff (loading, acting, rescheduling): the desk's buttons wait. */
  isBusy: (s: Desk) => !s.matches('ready'),
};

type MyOrders = SnapshotFrom<typeof myOrdersMachine>;

export const myOrdersSelectors = {
  isLoading: (s: MyOrders) => s.matches('loading'),
  isFailed: (s: MyOrders) => s.matches('failed'),
  isBusy: (s: MyOrders) => !s.matches('ready'),
};

type Reports = SnapshotFrom<typeof reportsMachine>;

export const reportsSelectors = {
  isLoading: (s: Reports) => s.matches('loading'),
  isFailed: (s: Reports) => s.matches('failed'),
};

type Reschedule = SnapshotFrom<typeof rescheduleMachine>;

export const rescheduleSelectors = {
  /** The sub-chart is still at work (not moved, closed or unavailable). */
  isOpen: (s: Reschedule | undefined) => s?.status === 'active',
  isLoadingSlots: (s: Reschedule) => s.matches('loadingSlots'),
  /** A new slot may be picked (not while the slots load or the move is saved). */
  isChoosing: (s: Reschedule) => s.matches('choosing'),
};
