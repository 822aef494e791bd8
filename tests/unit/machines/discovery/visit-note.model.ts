// The visit note chart's model: a draft, a signed note or a failure on load; a field, the outcome
// and a heart-risk number typed; save and "sign and lock", each call answering or refusing.
import { vi } from 'vitest';
import { visitNoteMachine } from '../../../../machines/discovery/visit-note-machine.ts';
import type { VisitNote } from '../../../../machines/discovery/visit-note.ts';
import type { MachineModel } from '../../../support/model-paths.ts';

export const DRAFT: VisitNote = {
  status: 'draft',
  signed_at: null,
  goals: 'Sleep through the night',
  health_and_lifestyle: '',
  barriers: '',
  heart_risk: null,
  recommended_program: null,
  recommended_therapies: [],
  outcome: null,
};
export const SAVED: VisitNote = { ...DRAFT, goals: 'More energy', outcome: 'enrol', recommended_therapies: ['HBOT'], recommended_program: 3 };
export const SIGNED: VisitNote = { ...SAVED, status: 'signed', signed_at: '2026-11-23T10:00:00.000Z' };
export const FAILURE = { message: 'This visit note is signed and locked.', fieldErrors: {}, status: 409 };

export const notify = vi.fn();

export const model: MachineModel = {
  machine: visitNoteMachine,
  specs: [
    {
      events: [
        { type: 'note.edit', field: 'goals', value: 'More energy' },
        { type: 'note.edit', field: 'outcome', value: 'enrol' },
        { type: 'note.heart', field: 'age', value: '52' },
        { type: 'note.save' },
        { type: 'note.sign' },
        { type: 'note.retry' },
      ],
      outcomes: {
        loadNote: [{ output: DRAFT }, { output: SIGNED }, { error: FAILURE }],
        saveNote: [{ output: SAVED }, { error: FAILURE }],
        signNote: [{ output: SIGNED }, { error: FAILURE }],
      },
      actions: { notify },
      edgeKey: (snapshot, event) =>
        `${JSON.stringify(snapshot.value)}|${event.type}|${'field' in event ? event.field : ''}|${'output' in event ? (event.output as VisitNote).status : 'error' in event ? 'error' : ''}`,
      describeEvent: (event) =>
        `${event.type}${'field' in event ? ` ${event.field}` : ''}${'output' in event ? ` (${(event.output as VisitNote).status})` : ''}`,
    },
  ],
};
