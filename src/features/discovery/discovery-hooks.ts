// Discovery's views bound to the staff machines (src/lib/staff/hooks): the pipeline as a
// server-side list and as board records, the funnel, the staff to own prospects, and each write
// (new prospect, a stage move, a call, booking, converting, the visit note and its signature) as
// an action machine that toasts and reloads what it changed.
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks';
import {
  bookVisit,
  convertProspect,
  createProspect,
  type DiscoveryVisitPatch,
  fetchBoard,
  fetchFunnel,
  fetchPrograms,
  fetchProspect,
  fetchProspectPage,
  fetchServices,
  fetchStaff,
  fetchVisit,
  logCall,
  moveProspect,
  type Prospect,
  type ProspectCreate,
  saveVisit,
  signVisit,
  type Stage,
} from './discovery-api';
import { DISCOVERY_TEXT as T } from './texts';

export interface MoveRequest {
  prospect: Prospect;
  to: Stage;
}

export function useDiscovery(range: { from: string; to: string }) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList((q) => fetchProspectPage(api, q));
  const board = useRecord(() => fetchBoard(api));
  const staff = useRecord(() => fetchStaff(api));
  const funnel = useRecord(() => fetchFunnel(api, range.from, range.to));
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
  const services = useRecord(() => fetchServices(api));
  const programs = useRecord(() => fetchPrograms(api));
  const done = (text: string) => () => {
    enqueueSnackbar(text, { variant: 'success' });
    prospect.reload();
  };
  const move = useAction<null>((_s, values) => moveProspect(api, id, values as { to: Stage }), done(T.moved));
  const call = useAction<null>((_s, values) => logCall(api, id, String(values.summary ?? '')), done(T.prospect.callLogged));
  const book = useAction<null>((_s, values) => bookVisit(api, { prospect: id, service: Number(values.service), start: String(values.start), staff: values.staff ? Number(values.staff) : undefined }), done(T.prospect.visitBooked));
  const convert = useAction<null>((_s, values) => convertProspect(api, id, values), done(T.prospect.converted));
  return { prospect, services, programs, move, call, book, convert, api };
}

export function useVisit(id: number) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const visit = useRecord(() => fetchVisit(api, id));
  const programs = useRecord(() => fetchPrograms(api));
  const save = useAction<null>(
    (_s, values) => saveVisit(api, id, values as unknown as DiscoveryVisitPatch),
    () => {
      enqueueSnackbar(T.visit.saved, { variant: 'success' });
      visit.reload();
    },
  );
  const sign = useAction<null>(
    () => signVisit(api, id),
    () => {
      enqueueSnackbar(T.visit.signed, { variant: 'success' });
      visit.reload();
    },
  );
  return { visit, programs, save, sign };
}
