// The booking chart sends one Idempotency-Key per booking confirmed: a retry after a failure (the
// answer may have been lost after the server booked) resends it with the same key; a changed
// booking gets a new one (machines/rules/submission-key.ts). Front desk and portal alike.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type BookingRequest, type BookingResult, bookingMachine } from '../../../../machines/appointments/booking-machine.ts';
import { CLIENT, FAILURE, RESULT, SLOT } from './booking.model.ts';

describe('Idempotency-Key of a booking', () => {
  it('a retry resends the same key; going back and changing the notes makes a new one', async () => {
    const sent: BookingRequest[] = [];
    const answers = ['lost', 'lost', 'lost', 'ok'];
    const actor = createActor(
      bookingMachine.provide({
        actors: {
          loadAvailability: fromPromise(async () => [{ start: SLOT.start, end: SLOT.end, staff: [SLOT.staff], resources: {} }]),
          book: fromPromise(async ({ input }: { input: BookingRequest }): Promise<BookingResult> => {
            sent.push(input);
            if (answers[sent.length - 1] === 'lost') throw FAILURE;
            return RESULT;
          }),
        },
      }),
      { input: { slot: SLOT, client: CLIENT, service: 3 } },
    ).start();
    const details = () => waitFor(actor, (s) => s.matches({ details: 'editing' }));
    await details();
    actor.send({ type: 'booking.next' });
    expect(actor.getSnapshot().value).toBe('confirm');
    actor.send({ type: 'booking.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'booking.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    // Back to the confirm step and confirmed again, unchanged: still the same booking.
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(new Set(sent.map((r) => r.key)).size).toBe(1);
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]).toMatchObject({ client: CLIENT.id, service: 3, start: SLOT.start });
    // Changed: a new booking, a new key.
    actor.send({ type: 'booking.back' });
    actor.send({ type: 'booking.back' });
    await details();
    actor.send({ type: 'booking.setNotes', notes: 'Bring the referral' });
    actor.send({ type: 'booking.next' });
    actor.send({ type: 'booking.submit' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(sent).toHaveLength(4);
    expect(sent[3].key).not.toBe(sent[0].key);
    expect(sent[3].notes).toBe('Bring the referral');
  });
});
