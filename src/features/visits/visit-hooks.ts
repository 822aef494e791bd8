// The visit page bound to its chart (machines/visits/visit-form-machine.ts): the adapter provides
// the calls, this device's storage of unsent changes (visit-drafts.ts, per signed-in user) and the
// browser's "back online"; the page reads named selectors and sends events. Recipes, lots and the
// therapy settings are plain reads for the form's choices.
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useRef } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { type AdverseEventEntry, type Section, type VisitRecord, type VisitSections } from '../../../machines/visits/visit-form.ts';
import { type MoveRequest, type RecipeChoice, visitFormMachine } from '../../../machines/visits/visit-form-machine.ts';
import type { VisitChanges } from '../../../machines/visits/visit-rebase.ts';
import { visitFormSelectors as sel } from '../../../machines/visits/selectors.ts';
import type { Therapy } from '../../../machines/visits/therapy-fields.ts';
import { localTime } from '../../../machines/appointments/scheduling-rules.ts';
import { useShell } from '../../app/port.ts';
import { clinicFormat } from '../../lib/format.ts';
import { useRecord } from '../../lib/staff/hooks.ts';
import { visitDrafts } from './visit-drafts.ts';
import {
  addAddendum,
  fetchLots,
  fetchPreviousParameters,
  fetchRecipes,
  fetchSettings,
  fetchVisit,
  moveVisit,
  overrideScreen,
  recordScreen,
  saveVisit,
  type TherapyVisit,
} from './visits-api.ts';

/** The appointment's start as the clinic's clock reads it (HH:MM), for the chart's session times. */
function appointmentClock(startsAt: string | null | undefined): string | null {
  if (!startsAt) return null;
  const { minutes } = localTime(clinicFormat().timeZone, Date.parse(startsAt));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function useVisitForm(id: number) {
  const { api, auth } = useShell();
  const latest = useRef(api);
  latest.current = api;
  const client = useRef<number>(0);
  // Whose changes these are: kept and read back only for the account signed in now.
  const user = auth.user?.sub ?? null;
  const drafts = useRef(visitDrafts()).current;
  const asRecord = async (p: Promise<TherapyVisit>) => {
    const v = await p;
    client.current = v.client;
    return { ...v, appointment_clock: appointmentClock(v.header?.appointment_starts_at) } as unknown as VisitRecord;
  };
  const ref = usePageActor(
    visitFormMachine.provide({
      actors: {
        loadVisit: fromPromise<VisitRecord, void>(() => asRecord(fetchVisit(latest.current, id))),
        saveVisit: fromPromise<VisitRecord, { version: number; sections: VisitSections }>(({ input }) =>
          asRecord(saveVisit(latest.current, id, input.version, input.sections)),
        ),
        moveVisit: fromPromise<VisitRecord, MoveRequest>(({ input }) => asRecord(moveVisit(latest.current, id, input))),
        loadPrevious: fromPromise<Record<string, unknown>, void>(() => fetchPreviousParameters(latest.current, id)),
        recordScreen: fromPromise<unknown, { therapy: Therapy; answers: Record<string, boolean> }>(({ input }) =>
          recordScreen(latest.current, client.current, input.therapy, input.answers),
        ),
        overrideScreen: fromPromise<unknown, { screen: number; reason: string }>(({ input }) => overrideScreen(latest.current, input.screen, input.reason)),
        addAddendum: fromPromise<VisitRecord, { text: string }>(({ input }) => asRecord(addAddendum(latest.current, id, input.text))),
        readDraft: fromPromise<VisitChanges | null, void>(async () => (user ? drafts.read(user, id) : null)),
        watchConnection: fromCallback(({ sendBack }) => {
          const online = () => sendBack({ type: 'connection.online' });
          window.addEventListener('online', online);
          return () => window.removeEventListener('online', online);
        }),
      },
      actions: {
        storeDraft: (_, params: { changes: VisitChanges | null }) => {
          if (user) drafts.write(user, id, params.changes);
        },
      },
    }),
  );
  return {
    // The machine keeps what the adapter answered: the contract's visit.
    /** Only a DOCTOR overrides a relative contraindication (the server refuses anyone else). */
    mayOverride: auth.role === 'DOCTOR',
    visit: useSelector(ref, sel.visit) as unknown as TherapyVisit | null,
    form: useSelector(ref, sel.form),
    loading: useSelector(ref, sel.isLoading),
    loadFailure: useSelector(ref, sel.loadFailure),
    error: useSelector(ref, sel.error),
    fieldErrors: useSelector(ref, sel.fieldErrors),
    kept: useSelector(ref, sel.kept),
    locked: useSelector(ref, sel.isLocked),
    busy: useSelector(ref, sel.isBusy),
    saveState: useSelector(ref, sel.saveState),
    steps: useSelector(ref, sel.steps),
    edit: (section: Section, field: string, value: string) => ref.send({ type: 'form.edit', section, field, value }),
    editNotes: (value: string) => ref.send({ type: 'form.notes', value }),
    chooseRecipe: (recipe: RecipeChoice) => ref.send({ type: 'form.recipe', recipe }),
    chooseLot: (index: number, lot: string) => ref.send({ type: 'form.lot', index, lot }),
    addEvent: (text: string) => ref.send({ type: 'form.addEvent', entry: { at: new Date().toISOString(), text } }),
    addAdverse: (entry: AdverseEventEntry) => ref.send({ type: 'form.addAdverse', entry: { ...entry, at: new Date().toISOString() } }),
    copyLast: () => ref.send({ type: 'visit.copyLast' }),
    move: (move: MoveRequest) => ref.send({ type: 'visit.move', ...move }),
    screen: (answers: Record<string, boolean>) => ref.send({ type: 'screen.record', answers }),
    overrideScreening: (reason: string) => ref.send({ type: 'screen.override', reason }),
    addendum: (text: string) => ref.send({ type: 'visit.addendum', text }),
    reload: () => ref.send({ type: 'visit.reload' }),
  };
}

export function useVisitChoices() {
  const { api } = useShell();
  return {
    recipes: useRecord(() => fetchRecipes(api)),
    lots: useRecord(() => fetchLots(api)),
    settings: useRecord(() => fetchSettings(api)),
  };
}
