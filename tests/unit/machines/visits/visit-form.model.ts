// The visit page chart's model: a PET visit loaded as a draft or already signed (or not at all),
// with or without changes this device kept unsent (one replayed, one lost to a newer server value,
// or storage unreadable); a change typed (and another while its save is in flight); saves
// answered, refused for another device's change (409), unanswered (offline), failed (5xx) or
// refused with a field; the browser back online; steps, screening, copy last settings, a doctor's
// override of the screening and an addendum, each answered or refused. The device storage is a spy.
import { vi } from 'vitest';
import type { MachineModel } from '../../../support/model-paths.ts';
import type { VisitChanges } from '../../../../machines/visits/visit-rebase.ts';
import { visitFormMachine } from '../../../../machines/visits/visit-form-machine.ts';

const base = {
  id: 5,
  client: 9,
  therapy: 'pet' as const,
  vitals_before: { systolic: 120 },
  vitals_after: {},
  parameters: { device: 'Mat' },
  events: [],
  adverse_events: [],
  notes: '',
};
// The draft goes by a screen a doctor may override; the saved one was read before any screening.
export const DRAFT = { ...base, status: 'draft', version: 1, screen: { id: 11 } };
export const SAVED = { ...base, status: 'draft', version: 2, notes: 'typed' };
export const STARTED = { ...base, status: 'in_progress', version: 3 };
export const SIGNED = { ...base, status: 'signed', version: 4 };
export const CONFLICT = { message: 'Changed on another device', fieldErrors: {}, status: 409 };
export const OFFLINE = { message: 'No answer', fieldErrors: {}, status: 0 };
export const UNAVAILABLE = { message: 'The server had a problem', fieldErrors: {}, status: 503 };
/** Kept on the device: notes typed offline (replayed onto the draft as read). */
export const KEPT: VisitChanges = { fields: [], notes: { was: '', now: 'typed offline' }, events: [], adverse_events: [] };
/** Kept on the device: a systolic typed on 110, but the server has 120 since (its value stays, named). */
export const STALE: VisitChanges = { fields: [{ section: 'vitals_before', key: 'systolic', was: '110', now: '135' }], events: [], adverse_events: [] };
/** The device storage the adapter provides, as a spy (cleared before every path). */
export const storeDraft = vi.fn();
export const REFUSED = {
  message: 'Invalid vitals_before.systolic',
  fieldErrors: { 'vitals_before.systolic': ['Must be between 60 and 260 mmHg.'] },
  status: 400,
};

const EDIT = { type: 'form.edit', section: 'vitals_before', field: 'systolic', value: '130' } as const;
const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    status: s.context.visit?.status,
    version: s.context.visit?.version,
    pending: s.context.pending,
    error: s.context.error !== null,
    typedInConflict: s.matches('conflict') ? s.context.form.vitals_before.systolic : undefined,
  });

export const model: MachineModel = {
  machine: visitFormMachine,
  specs: [
    {
      name: 'nothing kept on the device',
      events: [
        EDIT,
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
        { type: 'connection.online' },
      ],
      actions: { storeDraft },
      outcomes: {
        loadVisit: [{ output: DRAFT }, { output: SIGNED }, { error: OFFLINE }],
        saveVisit: [{ output: SAVED }, { error: CONFLICT }, { error: OFFLINE }, { error: UNAVAILABLE }, { error: REFUSED }],
        readDraft: [{ output: null }],
        moveVisit: [{ output: SIGNED }, { output: STARTED }, { error: REFUSED }],
        loadPrevious: [{ output: { device: 'Mat 2' } }, { error: OFFLINE }],
        recordScreen: [{ output: {} }, { error: REFUSED }],
        overrideScreen: [{ output: {} }, { error: REFUSED }],
        addAddendum: [{ output: SIGNED }, { error: REFUSED }],
      },
      serializeState,
    },
    {
      // Opened again after a reload or a closed tab: what this device kept is replayed and saved.
      name: 'changes kept on the device',
      events: [EDIT, { type: 'connection.online' }],
      actions: { storeDraft },
      outcomes: {
        loadVisit: [{ output: DRAFT }, { output: SIGNED }],
        readDraft: [{ output: KEPT }, { output: STALE }, { error: new Error('storage refused') }],
        saveVisit: [{ output: SAVED }, { error: OFFLINE }, { error: UNAVAILABLE }],
      },
      serializeState: (s: any) => JSON.stringify({ ...JSON.parse(serializeState(s)), notes: s.context.form.notes, kept: s.context.kept }),
    },
  ],
};
