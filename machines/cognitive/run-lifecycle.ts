// A battery run: taken, paused and resumed within the same day, then completed (scored), or left
// as incomplete (abandoned, or still open when its day ended). Ended runs stay as they are; the
// client starts a new run instead.
import { setup } from 'xstate';

export type RunStatus = 'in_progress' | 'paused' | 'completed' | 'incomplete';

export type RunEvent = { type: 'run.pause' } | { type: 'run.resume' } | { type: 'run.complete' } | { type: 'run.abandon' };

export const runLifecycle = setup({
  types: {
    events: {} as RunEvent,
  },
}).createMachine({
  id: 'cognitiveRun',
  initial: 'in_progress',
  states: {
    in_progress: {
      on: {
        'run.pause': 'paused',
        'run.complete': 'completed',
        'run.abandon': 'incomplete',
      },
    },
    paused: {
      on: {
        'run.resume': 'in_progress',
        'run.abandon': 'incomplete',
      },
    },
    completed: { type: 'final' },
    incomplete: { type: 'final' },
  },
});
