// @vitest-environment happy-dom
// The screening battery's model paths replayed on its screen (issue 33), as the cognitive page
// shows it: the real page, which resumes the client's open run, and the real battery chart it
// invokes, on the model's small battery (all-saved-battery.ts gives the run the model's tasks);
// saving and completing settle as each path says, and the items' times run on the fake clock.
// The client begins, practises, starts each task, answers, pauses, continues and retries through
// the battery's buttons and fields. Two things the screen does its own way: it reports an item as
// shown when it draws it (so `item.shown` needs no driving, and the time it reports is the
// screen's clock, left out of the comparison), and the buttons of a symbol or a trail cannot give
// the model's wrong answer ("zzz"), which is then sent as is. After every step the screen shows
// the chart's step: the intro, the task's instructions, the item, the feedback, the pause, the
// retry with the reason, or the progress while the server works.
import { fireEvent, within } from '@testing-library/react';
import { type ReactNode, useContext, useMemo } from 'react';
import { expect } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, fromPromise } from 'xstate';
import { cognitivePageMachine } from '../../../../machines/cognitive/cognitive-page-machine.ts';
import { batterySelectors as b } from '../../../../machines/cognitive/selectors.ts';
import { CognitivePage } from '../../../../src/features/cognitive/cognitive-page.tsx';
import { COGNITIVE_TEXT as T, TASK_TEXT } from '../../../../src/features/cognitive/texts.ts';
import { PageActorOverrideContext, type PageActorOverride } from '../../../../src/lib/page-actor.ts';
import { coveringPaths, type ModelPath, selectedPaths } from '../../../support/model-paths.ts';
import { describeReplayOnView, step } from '../../../support/page-replay.tsx';
import { renderPage } from '../../features/discovery/render.tsx';
import { batteryShaped } from './all-saved-battery.ts';
import { model, SMALL } from './battery.model.ts';

/** The model's vertex without the time an item was shown (the screen reports its own clock). */
const withoutShownTime = (path: ModelPath): ModelPath => {
  const own = path.spec.serializeState!;
  return { ...path, spec: { ...path.spec, serializeState: (s) => JSON.stringify({ ...JSON.parse(own(s)), shown: undefined }) } };
};
const paths = coveringPaths(model.machine, selectedPaths(model)).map(withoutShownTime);

/**
 * Under the harness's override: the page reads the client's open run (the path's run) at once and
 * invokes the harness's copy of the battery on the model's small battery; once the page is ready
 * it resumes the run (as its Continue button would), and that battery is the actor replayed.
 */
function PageResumingTheRun({ run, children }: { run: unknown; children: ReactNode }) {
  const harness = useContext(PageActorOverrideContext)!;
  const override = useMemo<PageActorOverride>(
    () => ({
      logic: (id, logic) =>
        id === cognitivePageMachine.id
          ? (logic.provide({
              actors: {
                loadResults: fromPromise(async () => ({ runs: [run], instruments: [] })),
                battery: harness.logic(
                  model.machine.id,
                  batteryShaped((input) => ({ ...input, battery: SMALL })),
                ),
              },
            } as never) as AnyStateMachine)
          : undefined,
      attach: (id, pageActor) => {
        if (id !== cognitivePageMachine.id) return;
        let resumed = false;
        const watch = pageActor.subscribe((s: any) => {
          if (!resumed && s.matches('ready')) {
            resumed = true;
            pageActor.send({ type: 'page.resume' });
          }
          const child = (s.children as Record<string, AnyActorRef | undefined>).battery;
          if (child) {
            watch.unsubscribe();
            harness.attach(model.machine.id, child);
          }
        });
      },
    }),
    [harness, run],
  );
  return <PageActorOverrideContext.Provider value={override}>{children}</PageActorOverrideContext.Provider>;
}

const battery = () => document.querySelector<HTMLElement>('[data-battery]');
const named = (name: string) => {
  const found = battery() && within(battery()!).queryAllByRole('button', { name });
  return found?.length === 1 ? found[0] : null;
};

async function click(found: HTMLElement | null): Promise<boolean> {
  if (!found || found.hasAttribute('disabled')) return false;
  await step(() => fireEvent.click(found));
  return true;
}

async function answer(value: string, actor: AnyActorRef): Promise<boolean> {
  const field = battery() && within(battery()!).queryByRole('textbox');
  if (field) {
    await step(() => fireEvent.change(field, { target: { value } }));
    await step(() => fireEvent.submit(field.closest('form')!));
    return true;
  }
  // A symbol's digits and a trail's labels are buttons; "zzz" is none of them.
  if (!/^\d+$/.test(value) || b.view(actor.getSnapshot()).endsWith('waiting')) return false;
  return click(named(value));
}

describeReplayOnView('the screening battery', {
  model,
  paths,
  mount: (path, wrap) =>
    renderPage(wrap(<PageResumingTheRun run={(path.spec.input as { run: unknown }).run}>{<CognitivePage />}</PageResumingTheRun>), {
      path: '/user/cognitive-assessment/7',
      route: '/user/cognitive-assessment/:clientId',
      role: 'CLIENT',
      answer: () => undefined,
    }),
  drive: async (event, _, actor) => {
    switch (event.type) {
      case 'battery.start':
        return click(named(T.begin) ?? named(T.continue));
      case 'task.practice':
        return click(named(T.practice) ?? named(T.practiceAgain));
      case 'task.begin':
        return click(named(T.startTask));
      case 'item.shown':
        // The screen reported the item when it drew it.
        expect(actor.getSnapshot().context.shownAt, 'the screen reported the item shown').not.toBeNull();
        return true;
      case 'task.answer':
        return answer(event.value, actor);
      case 'battery.pause':
        return click(named(T.pause));
      case 'battery.resume':
        return click(named(T.continue));
      case 'battery.retry':
        return click(named(T.retry));
      default:
        return false;
    }
  },
  expectScreen: (snapshot) => {
    if (snapshot.status === 'done') {
      // Finished: the page reads the results again and the battery is gone.
      expect(battery(), 'the battery').toBeNull();
      return;
    }
    expect(battery(), 'the battery').not.toBeNull();
    const view = b.view(snapshot);
    const task = b.task(snapshot);
    const shows = (text: string) => battery()!.textContent!.includes(text);
    expect(shows(T.taskOf(b.taskNumber(snapshot), b.taskCount(snapshot))) || view === 'intro' || !task, 'the step line').toBe(true);
    expect(named(T.pause) !== null, 'Pause').toBe(view !== 'intro' && task !== null && b.canPause(snapshot));
    const failure = b.failure(snapshot);
    if (failure && view !== 'paused') expect(shows(failure), 'the reason').toBe(true);
    switch (view) {
      case 'intro':
        expect(named(b.started(snapshot) ? T.continue : T.begin), 'Begin or Continue').not.toBeNull();
        break;
      case 'instructions':
        expect(within(battery()!).getByRole('heading').textContent).toBe(TASK_TEXT[task!.kind].name);
        expect(named(task!.practice ? T.practice : T.startTask), 'practice or start').not.toBeNull();
        break;
      case 'practice-feedback':
        expect(shows(b.practiceRight(snapshot) ? T.practiceRight : T.practiceWrong), 'the feedback').toBe(true);
        break;
      case 'practice-waiting':
      case 'test-waiting': {
        const item = b.item(snapshot)!;
        if (item.kind === 'digits') expect(battery()!.querySelector('[data-digits]')?.getAttribute('data-digits')).toBe(item.digits);
        expect(within(battery()!).queryByRole('textbox'), 'no answer yet').toBeNull();
        break;
      }
      case 'practice-answering':
      case 'test-answering': {
        const item = b.item(snapshot)!;
        if (item.kind === 'digits' || item.kind === 'recall')
          expect(within(battery()!).getByRole('textbox', { name: item.kind === 'digits' ? T.digitsLabel : T.wordsLabel })).toBeTruthy();
        if (item.kind === 'symbol') expect(battery()!.querySelector('[data-field="symbol"]')?.getAttribute('data-digit')).toBe(String(item.symbol + 1));
        if (item.kind === 'connect')
          expect(
            within(battery()!.querySelector('[data-field="trail"]')!)
              .getAllByRole('button')
              .map((x) => x.textContent),
          ).toEqual(item.layout);
        break;
      }
      case 'paused':
        expect(shows(T.paused), 'the pause').toBe(true);
        expect(named(T.continue)?.hasAttribute('disabled'), 'Continue waits').toBe(b.pending(snapshot));
        break;
      case 'save-failed':
      case 'complete-failed':
        expect(named(T.retry), 'Try again').not.toBeNull();
        break;
      case 'completing':
        expect(shows(T.completing), 'working out the scores').toBe(true);
        break;
      default:
        expect(shows(T.saving), 'saving').toBe(true);
    }
  },
});
