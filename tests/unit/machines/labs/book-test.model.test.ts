// Every path of the booking chart, replayed on the production machine: a pincode is checked only
// when it has 6 digits, the slots are read only with a test chosen, the review is reached only with
// the people and address complete, the order is placed only from a hold, and a hold that runs out
// sends the client back to the slots with the reason; with the order on its way, once it is refused.
import { describe, expect, it } from 'vitest';
import { BOOK_TEST_MESSAGES, orderTotal, peopleReady } from '../../../../machines/labs/book-test-machine.ts';
import { describeModel } from '../../../support/model-paths.ts';
import { model, START } from './book-test.model.ts';

describeModel('lab test booking', model, (snapshot, event) => {
  const state = JSON.stringify(snapshot.value);
  if (state.includes('checkingPincode')) expect(snapshot.context.pincode).toMatch(/^[1-9]\d{5}$/);
  if (state.includes('loadingSlots') || state.includes('slots')) expect(snapshot.context.chosen.length).toBeGreaterThan(0);
  if (state.includes('review')) expect(peopleReady(snapshot.context.people, snapshot.context.address)).toBe(true);
  if (state.includes('held')) expect(snapshot.context.hold).not.toBeNull();
  if (event.type.startsWith('xstate.after.')) {
    // The hold ran out: back to the slots with the reason, unless the order is on its way, which is waited for.
    if (snapshot.matches({ held: 'confirming' })) expect(snapshot.context.holdRanOut).toBe(true);
    else {
      expect(snapshot.value).toBe('loadingSlots');
      expect(snapshot.context.message).toBe(BOOK_TEST_MESSAGES.holdExpired);
    }
  }
  // An order refused after its hold ran out sends the client to the slots, never back to the review.
  if (event.type === 'xstate.error.actor.placeOrder' && !snapshot.matches({ held: 'review' })) {
    expect(snapshot.value).toBe('loadingSlots');
    expect(snapshot.context.message).toBe(BOOK_TEST_MESSAGES.holdExpired);
  }
  if (snapshot.value === 'done') expect(snapshot.context.order).not.toBeNull();
});

describe('booking rules', () => {
  it('counts every item for every person', () => {
    expect(orderTotal(START.catalogue, [1], 2)).toBe(300);
  });
  it("needs each family member's name, age and sex", () => {
    expect(peopleReady([{ self: true, name: '', age: '', sex: '' }], 'Home')).toBe(true);
    expect(peopleReady([{ self: false, name: 'Ravi', age: '12', sex: 'M' }], 'Home')).toBe(true);
    expect(peopleReady([{ self: false, name: 'Ravi', age: '', sex: 'M' }], 'Home')).toBe(false);
    expect(peopleReady([{ self: true, name: '', age: '', sex: '' }], '  ')).toBe(false);
  });
});
