// The visit page chart's model: a PET visit loaded as a draft or already signed (or not at all);
// a change typed (and another while its save is in flight); saves answered, refused for another
// device's change (409), unanswered (offline) or refused with a field; steps, screening, copy last
// settings, a doctor's override of the screening and an addendum, each answered or refused.
import type { MachineModel } from '../../../support/model-paths.ts';
import { visitFormMachine } from '../../../../machines/visits/visit-form-machine.ts';

const base = { id: 5, client: 9, therapy: 'pet' as const, vitals_before: { systolic: 120 }, vitals_after: {}, parameters: { device: 'Mat' }, events: [], adverse_events: [], notes: '' };
// The draft goes by a screen a doctor may override; the saved one was read before any screening.
export const DRAFT = { ...base, status: 'draft', version: 1, screen: { id: 11 } };
export const SAVED = { ...base, status: 'draft', version: 2, notes: 'typed' };
export const STARTED = { ...base, status: 'in_progress', version: 3 };
export const SIGNED = { ...base, status: 'signed', version: 4 };
export const CONFLICT = { message: 'Changed on another device', fieldErrors: {}, status: 409 };
export const OFFLINE = { message: 'No answer', fieldErrors: {}, status: 0 };
export const REFUSED = { message: 'Invalid vitals_before.systolic', fieldErrors: { 'vitals_before.systolic': ['Must be between 60 and 260 mmHg.'] }, status: 400 };

export const model: MachineModel = {
  machine: visitFormMachine,
  specs: [
    {
      events: [
        { type: 'form.edit', section: 'vitals_before', field: 'systolic', value: '130' },
        { type: 'form.notes', value: 'typed' },
        { type: 'form.recipe', recipe: { id: 3, base_fluid: 'Normal saline', bag_volume: 250, ingredients: [{ item: 'Vitamin C', dose: 5, unit: 'g' }] } },
        { type: 'form.lot', index: 0, lot: '7' },
        { type: 'form.addEvent', entry: { at: '2026-11-23T10:00:00.000Z', text: 'Started' } },
        { type: 'form.addAdverse', entry: { type: 'Dizziness', severity: 'mild', action: 'Rest', outcome: 'Resolved' } },
        { type: 'visit.move', to: 'signed' },
        { type: 'visit.copyLast' },
        { type: 'screen.record', answers: { epilepsy: false } },
        { type: 'screen.override', reason: 'Epilepsy controlled for years; neurologist agrees' },
        { type: 'visit.addendum', text: 'Called: well.' },
        { type: 'visit.reload' },
      ],
      outcomes: {
        loadVisit: [{ output: DRAFT }, { output: SIGNED }, { error: OFFLINE }],
        saveVisit: [{ output: SAVED }, { error: CONFLICT }, { error: OFFLINE }, { error: REFUSED }],
        moveVisit: [{ output: SIGNED }, { output: STARTED }, { error: REFUSED }],
        loadPrevious: [{ output: { device: 'Mat 2' } }, { error: OFFLINE }],
        recordScreen: [{ output: {} }, { error: REFUSED }],
        overrideScreen: [{ output: {} }, { error: REFUSED }],
        addAddendum: [{ output: SIGNED }, { error: REFUSED }],
      },
      serializeState: (s) => JSON.stringify({ value: s.value, status: s.context.visit?.status, version: s.context.visit?.version, pending: s.context.pending, error: s.context.error !== null, typedInConflict: s.matches('conflict') ? s.context.form.vitals_before.systolic : undefined }),
    },
  ],
};
