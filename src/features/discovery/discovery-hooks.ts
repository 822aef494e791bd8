// Discovery's views bound to their machines: the pipeline as a server-side list and as board
// records, the funnel chart (its date range in the machine), the staff to own prospects, each
// write (new prospect, a stage move, a call, booking, converting) as an action machine that
// toasts and reloads what it changed, and the visit note as its own chart (edit, save, sign, lock).
import { useSelector } from '@xstate/react';
import { usePageActor } from '../../lib/page-actor.ts';
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { funnelMachine } from '../../../machines/discovery/funnel-machine.ts';
import { funnelSelectors, noteSelectors } from '../../../machines/discovery/selectors.ts';
import type { HeartField, NoteField, NoteValues, VisitNote } from '../../../machines/discovery/visit-note.ts';
import { visitNoteMachine } from '../../../machines/discovery/visit-note-machine.ts';
import { useShell } from '../../app/port.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { clinicToday } from '../../lib/format.ts';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks.ts';
import { listServices } from '../appointments/index.ts';
import { listPrograms } from '../clinic-settings/index.ts';
import {
  bookVisit,
  convertProspect,
  createProspect,
  type DiscoveryVisit,
  type DiscoveryVisitPatch,
  type Funnel,
  fetchBoard,
  fetchFunnel,
  fetchProspect,
  fetchProspectPage,
  fetchStaff,
  fetchVisit,
  logCall,
  moveProspect,
  patchProspect,
  type Prospect,
  type ProspectCreate,
  saveVisit,
  signVisit,
  type Stage,
} from './discovery-api.ts';
import { DISCOVERY_TEXT as T } from './texts.ts';

export interface MoveRequest {
  prospect: Prospect;
  to: Stage;
}

/** The funnel chart: its date range lives in the machine, which asks the server for each one. */
function useFunnel(api: ApiClient) {
  const latest = useRef(api);
  latest.current = api;
  const ref = usePageActor(funnelMachine.provide({ actors: { fetchFunnel: fromPromise(({ input }) => fetchFunnel(latest.current, input.from, input.to)) } }), {
    input: { today: clinicToday() },
  });
  return {
    range: useSelector(ref, funnelSelectors.range),
    // The machine keeps what the adapter answered: the contract's figures.
    figures: useSelector(ref, funnelSelectors.figures) as Funnel | null,
    loading: useSelector(ref, funnelSelectors.isLoading),
    failure: useSelector(ref, funnelSelectors.failure),
    problem: useSelector(ref, funnelSelectors.problem),
    setFrom: (date: string) => ref.send({ type: 'funnel.from', date }),
    setTo: (date: string) => ref.send({ type: 'funnel.to', date }),
    reload: () => ref.send({ type: 'funnel.reload' }),
    retry: () => ref.send({ type: 'funnel.retry' }),
  };
}

export type FunnelHandle = ReturnType<typeof useFunnel>;

export function useDiscovery() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList((q) => fetchProspectPage(api, q));
  const board = useRecord(() => fetchBoard(api));
  const staff = useRecord(() => fetchStaff(api));
  const funnel = useFunnel(api);
  const refresh = () => {
    list.reload();
    board.reload();
    funnel.reload();
  };
  const create = useAction<null>(
    (_s, values) => createProspect(api, values as unknown as ProspectCreate),
    () => {
      enqueueSnackbar(T.created, { variant: 'success' });
      refresh();
    },
  );
  const move = useAction<MoveRequest>(
    (s, values) => moveProspect(api, s.prospect.id, { to: s.to, ...values }),
    () => {
      enqueueSnackbar(T.moved, { variant: 'success' });
      refresh();
    },
  );
  return { list, board, staff, funnel, create, move, refresh };
}

export function useProspect(id: number) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const prospect = useRecord(() => fetchProspect(api, id));
  const services = useRecord(() => listServices(api));
  const programs = useRecord(() => listPrograms(api));
  const done = (text: string) => () => {
    enqueueSnackbar(text, { variant: 'success' });
    prospect.reload();
  };
  const move = useAction<null>((_s, values) => moveProspect(api, id, values as { to: Stage }), done(T.moved));
  const call = useAction<null>((_s, values) => logCall(api, id, String(values.summary ?? '')), done(T.prospect.callLogged));
  const book = useAction<null>(
    (_s, values) =>
      bookVisit(api, { prospect: id, service: Number(values.service), start: String(values.start), staff: values.staff ? Number(values.staff) : undefined }),
    done(T.prospect.visitBooked),
  );
  const convert = useAction<null>((_s, values) => convertProspect(api, id, values), done(T.prospect.converted));
  const staff = useRecord(() => fetchStaff(api));
  const edit = useAction<null>((_s, values) => patchProspect(api, id, values), done(T.prospect.saved));
  return { prospect, services, programs, staff, move, call, book, convert, edit, api };
}

export function useVisit(id: number) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const latest = useRef({ api, enqueueSnackbar });
  latest.current = { api, enqueueSnackbar };
  const ref = usePageActor(
    visitNoteMachine.provide({
      actors: {
        loadNote: fromPromise<VisitNote, void>(() => fetchVisit(latest.current.api, id)),
        saveNote: fromPromise<VisitNote, NoteValues>(({ input }) => saveVisit(latest.current.api, id, input as DiscoveryVisitPatch)),
        signNote: fromPromise<VisitNote, void>(() => signVisit(latest.current.api, id)),
      },
      actions: { notify: (_, params) => latest.current.enqueueSnackbar(params.what === 'signed' ? T.visit.signed : T.visit.saved, { variant: 'success' }) },
    }),
  );
  const programs = useRecord(() => listPrograms(api));
  return {
    // The machine keeps what the adapter answered: the contract's visit.
    note: useSelector(ref, noteSelectors.note) as DiscoveryVisit | null,
    form: useSelector(ref, noteSelectors.form),
    loading: useSelector(ref, noteSelectors.isLoading),
    loadFailure: useSelector(ref, noteSelectors.loadFailure),
    error: useSelector(ref, noteSelectors.error),
    fieldErrors: useSelector(ref, noteSelectors.fieldErrors),
    locked: useSelector(ref, noteSelectors.isLocked),
    busy: useSelector(ref, noteSelectors.isBusy),
    canSign: useSelector(ref, noteSelectors.canSign),
    estimate: useSelector(ref, noteSelectors.estimate),
    programs,
    edit: (field: NoteField, value: string) => ref.send({ type: 'note.edit', field, value }),
    editHeart: (field: HeartField, value: string) => ref.send({ type: 'note.heart', field, value }),
    save: () => ref.send({ type: 'note.save' }),
    sign: () => ref.send({ type: 'note.sign' }),
    retry: () => ref.send({ type: 'note.retry' }),
  };
}
