// The "Download my data" card bound to the adapter (privacy-api.ts) on its chart
// (machines/privacy/my-data-machine.ts): the client's exports as the server gives them, asking for a
// new one, and downloading a ready one. A SUPER_ADMIN reading a client's portal asks for nothing.
import { useSelector } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { fromPromise } from 'xstate';
import { useShell } from '../../app/port.ts';
import { usePageActor } from '../../lib/page-actor.ts';
import { myDataMachine, myDataSelectors as my } from '../../../machines/privacy/my-data-machine.ts';
import { type DataExport, downloadDataExport, listDataExports, requestDataExport } from './privacy-api.ts';

export function useMyData(clientId: number) {
  const { api, auth } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const asClient = auth.role === 'CLIENT';
  const ref = usePageActor(
    myDataMachine.provide({
      actors: {
        loadExports: fromPromise(({ input }) => listDataExports(api, input.clientId)),
        requestExport: fromPromise(({ input }) => requestDataExport(api, input.clientId, asClient)),
      },
    }),
    { input: { clientId, readOnly: !asClient } },
  );
  const snapshot = useSelector(ref, (s) => s);
  return {
    isLoading: my.isLoading(snapshot),
    isFailed: my.isFailed(snapshot),
    isRequesting: my.isRequesting(snapshot),
    mayRequest: my.mayRequest(snapshot),
    mayRefresh: my.mayRefresh(snapshot),
    rows: snapshot.context.exports as DataExport[],
    message: snapshot.context.message,
    download: (item: DataExport) => downloadDataExport(api, item).catch((error: Error) => enqueueSnackbar(error.message, { variant: 'error' })),
    send: ref.send,
  };
}
