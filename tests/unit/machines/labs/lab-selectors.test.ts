// What the lab views read from the lab charts, by name: every state of each chart maps to the
// screen, busy and failure flags the views used to compute from state names.
import { type AnyStateMachine, createActor, fromPromise, type StateValue, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { bookTestMachine, type LabSlotOffer } from '../../../../machines/labs/book-test-machine.ts';
import { labDeskMachine } from '../../../../machines/labs/lab-desk-machine.ts';
import { bookTestSelectors, labDeskSelectors, myOrdersSelectors, reportsSelectors, rescheduleSelectors } from '../../../../machines/labs/lab-selectors.ts';
import { myOrdersMachine } from '../../../../machines/labs/my-orders-machine.ts';
import { reportsMachine } from '../../../../machines/labs/reports-machine.ts';
import { rescheduleMachine } from '../../../../machines/labs/reschedule-machine.ts';
import { ORDER } from './reschedule.model.ts';

/** The chart's snapshot in `value`, with the context it starts with (no actor is started). */
function at(machine: AnyStateMachine, input: unknown, value: StateValue) {
  const context = (createActor(machine, { input } as never).getSnapshot() as { context: unknown }).context;
  return machine.resolveState({ value, context });
}

/** Which named selectors hold in each state. */
function truths<S>(selectors: Record<string, (s: S) => boolean>, snapshot: S): string[] {
  return Object.entries(selectors)
    .filter(([, select]) => select(snapshot))
    .map(([name]) => name);
}

describe('the booking flow’s screens', () => {
  const screen = (value: StateValue) => truths(bookTestSelectors, at(bookTestMachine, { clientId: '7' }, value) as never);
  it.each<[StateValue, string[]]>([
    ['loading', ['isLoading']],
    ['failed', ['isFailed']],
    ['pincode', ['asksPincode']],
    ['checkingPincode', ['isBusy', 'asksPincode']],
    ['tests', ['picksTests']],
    ['loadingSlots', ['isBusy']],
    ['slots', ['picksSlot']],
    ['holding', ['isBusy']],
    [{ held: 'people' }, ['holdsSlot', 'asksPeople']],
    [{ held: 'review' }, ['holdsSlot', 'reviews']],
    [{ held: 'confirming' }, ['isBusy', 'holdsSlot', 'reviews']],
    ['done', ['isDone']],
  ])('%j shows %j', (value, expected) => {
    expect(screen(value)).toEqual(expected);
  });
});

describe('the lab desk, my orders and the reports', () => {
  it('the desk is busy whenever it is not waiting for staff', () => {
    const desk = (value: StateValue) => truths(labDeskSelectors, at(labDeskMachine, { client: null }, value) as never);
    expect(desk('loading')).toEqual(['isLoading', 'isBusy']);
    expect(desk('failed')).toEqual(['isFailed', 'isBusy']);
    expect(desk('ready')).toEqual([]);
    expect(desk('acting')).toEqual(['isBusy']);
  });

  it('my orders are busy whenever they are not waiting for the client', () => {
    const orders = (value: StateValue) => truths(myOrdersSelectors, at(myOrdersMachine, { clientId: '7' }, value) as never);
    expect(orders('loading')).toEqual(['isLoading', 'isBusy']);
    expect(orders('failed')).toEqual(['isFailed', 'isBusy']);
    expect(orders('ready')).toEqual([]);
    expect(orders('cancelling')).toEqual(['isBusy']);
  });

  it('the reports load or fail', () => {
    const reports = (value: StateValue) => truths(reportsSelectors, at(reportsMachine, { clientId: '7' }, value) as never);
    expect(reports('loading')).toEqual(['isLoading']);
    expect(reports('failed')).toEqual(['isFailed']);
    expect(reports({ ready: 'summarised' })).toEqual([]);
  });
});

describe('the reschedule sub-chart', () => {
  it('is open while at work, and lets a slot be picked only while choosing', () => {
    const step = (value: StateValue) => at(rescheduleMachine, { order: ORDER }, value) as never;
    expect(rescheduleSelectors.isOpen(step('loadingSlots'))).toBe(true);
    expect(rescheduleSelectors.isLoadingSlots(step('loadingSlots'))).toBe(true);
    expect(rescheduleSelectors.isChoosing(step('choosing'))).toBe(true);
    expect(rescheduleSelectors.isChoosing(step('moving'))).toBe(false);
    expect(rescheduleSelectors.isOpen(undefined)).toBe(false);
  });

  it('is closed once it has ended', async () => {
    const logic = rescheduleMachine.provide({ actors: { loadSlots: fromPromise<LabSlotOffer[], { pincode: string; items: number[] }>(async () => []) } });
    const actor = createActor(logic, { input: { order: ORDER } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(rescheduleSelectors.isOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'reschedule.back' });
    expect(rescheduleSelectors.isOpen(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
