// A client's enrollment in a program: active, paused for a while, and ended either as completed
// or cancelled. Ended enrollments stay as they are; a new enrollment starts a new story.
import { setup } from 'xstate';

export type EnrollmentStatus = 'active' | 'paused' | 'completed' | 'cancelled';

export type EnrollmentEvent = { type: 'enrollment.pause' } | { type: 'enrollment.resume' } | { type: 'enrollment.complete' } | { type: 'enrollment.cancel' };

export const enrollmentLifecycle = setup({
  types: {
    events: {} as EnrollmentEvent,
  },
}).createMachine({
  id: 'enrollment',
  initial: 'active',
  states: {
    active: {
      on: {
        'enrollment.pause': 'paused',
        'enrollment.complete': 'completed',
        'enrollment.cancel': 'cancelled',
      },
    },
    paused: {
      on: {
        'enrollment.resume': 'active',
        'enrollment.complete': 'completed',
        'enrollment.cancel': 'cancelled',
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
