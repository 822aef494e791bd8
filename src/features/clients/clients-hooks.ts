// The clients hub's machines bound to its adapter: the server-side list of clients, the program
// catalogue for the filter (a record machine, not an effect), and the New client action.
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port.ts';
import { fullName } from '../../lib/staff/format.ts';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks.ts';
import { listPrograms } from '../clinic-settings/index.ts';
import { createClient, fetchClientsPage, type NewClient } from './clients-api.ts';
import { clientCreatedToast } from './texts.ts';

export function useClientsHub() {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const list = useServerList((q) => fetchClientsPage(api, q));
  const programs = useRecord(() => listPrograms(api));
  const newClient = useAction<null>(
    (_s, values) => createClient(api, values as unknown as NewClient),
    (_s, output) => {
      const created = output as { first_name: string; last_name: string; email: string };
      enqueueSnackbar(clientCreatedToast(fullName(created), created.email), { variant: 'success' });
      list.reload();
    },
  );
  return { list, programs: programs.data ?? [], newClient };
}
