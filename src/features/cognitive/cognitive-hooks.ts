// The cognitive page's machines bound to the adapter: `usePageActor` (src/lib/page-actor.ts) makes the page actor once with
// the adapter's calls (the battery's saving and completing included); views read it through the
// named selectors of machines/cognitive/selectors.ts and send the events these hooks return.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { batteryMachine } from '../../../machines/cognitive/battery-machine.ts';
import { cognitivePageMachine } from '../../../machines/cognitive/cognitive-page-machine.ts';
import { batterySelectors, cognitivePageSelectors } from '../../../machines/cognitive/selectors.ts';
import { useShell } from '../../app/port.ts';
import { completeRun, loadResults, saveProgress, startRun } from './cognitive-api.ts';

export function useCognitivePage(clientId: string) {
  const { api, auth } = useShell();
  const ref = usePageActor(
    cognitivePageMachine.provide({
      actors: {
        loadResults: fromPromise(({ input }) => loadResults(api, input.clientId)),
        startRun: fromPromise(({ input }) => startRun(api, input.clientId)),
        battery: batteryMachine.provide({
          actors: {
            saveProgress: fromPromise(({ input }) => saveProgress(api, input.runId, input.status, input.progress)),
            completeRun: fromPromise(({ input }) => completeRun(api, input.runId, input.progress)),
          },
        }),
      },
    }),
    { input: { clientId, readOnly: auth.role !== 'CLIENT' } },
  );
  return {
    view: useSelector(ref, cognitivePageSelectors.view),
    results: useSelector(ref, cognitivePageSelectors.results),
    openRun: useSelector(ref, cognitivePageSelectors.openRun),
    failure: useSelector(ref, cognitivePageSelectors.failure),
    battery: useSelector(ref, cognitivePageSelectors.battery),
    start: () => ref.send({ type: 'page.start' }),
    resume: () => ref.send({ type: 'page.resume' }),
    retry: () => ref.send({ type: 'page.retry' }),
  };
}

export type BatteryRef = ActorRefFrom<typeof batteryMachine>;

export function useBattery(ref: BatteryRef) {
  return {
    view: useSelector(ref, batterySelectors.view),
    task: useSelector(ref, batterySelectors.task),
    taskNumber: useSelector(ref, batterySelectors.taskNumber),
    taskCount: useSelector(ref, batterySelectors.taskCount),
    item: useSelector(ref, batterySelectors.item),
    itemAnswers: useSelector(ref, batterySelectors.itemAnswers),
    practiceRight: useSelector(ref, batterySelectors.practiceRight),
    symbols: useSelector(ref, batterySelectors.symbols),
    seed: useSelector(ref, batterySelectors.seed),
    itemKey: useSelector(ref, batterySelectors.itemKey),
    started: useSelector(ref, batterySelectors.started),
    failure: useSelector(ref, batterySelectors.failure),
    pending: useSelector(ref, batterySelectors.pending),
    canPause: useSelector(ref, batterySelectors.canPause),
    start: () => ref.send({ type: 'battery.start' }),
    practice: () => ref.send({ type: 'task.practice' }),
    begin: () => ref.send({ type: 'task.begin' }),
    shown: () => ref.send({ type: 'item.shown', at: performance.now() }),
    answer: (value: string) => ref.send({ type: 'task.answer', value, at: performance.now() }),
    pause: () => ref.send({ type: 'battery.pause' }),
    resume: () => ref.send({ type: 'battery.resume' }),
    retry: () => ref.send({ type: 'battery.retry' }),
  };
}
