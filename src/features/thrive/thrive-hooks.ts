// The thrive dashboard's machines bound to its adapter: the summary and the filter options as
// record machines, the needs-attention table as a server-side list, one client's dashboard and
// measurements as records, and Add measurement as an action (the dialog).
import { useSnackbar } from 'notistack';
import { useRef } from 'react';
import { useShell } from '../../app/port.ts';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks.ts';
import {
  addMeasurement,
  fetchAssessments,
  fetchAttentionPage,
  fetchTilePage,
  type ThriveTile,
  fetchClient,
  fetchFilterOptions,
  fetchMeasurements,
  fetchSummary,
  type MeasurementCreate,
} from './thrive-api.ts';
import { THRIVE_TEXT } from './texts.ts';

export function useThriveDashboard() {
  const { api } = useShell();
  const summary = useRecord(() => fetchSummary(api));
  const options = useRecord(() => fetchFilterOptions(api));
  const attention = useServerList((q) => fetchAttentionPage(api, q));
  return { summary, options, attention };
}

/** The clients behind one tile, a server-side list; the page keys it by tile, so a new tile starts on page one. */
export function useTileClients(tile: ThriveTile) {
  const { api } = useShell();
  const total = useRef<number | null>(null);
  const list = useServerList(async (q) => {
    const page = await fetchTilePage(api, tile, q);
    total.current = page.total;
    return page;
  });
  return { list, total: list.loading ? null : total.current };
}

export function useThriveClient(clientId: number) {
  const { api } = useShell();
  const { enqueueSnackbar } = useSnackbar();
  const dashboard = useRecord(() => fetchClient(api, clientId));
  const measurements = useRecord(() => fetchMeasurements(api, clientId));
  const assessments = useRecord(() => fetchAssessments(api, clientId));
  const add = useAction<null>(
    (_s, values) => addMeasurement(api, { ...(values as unknown as MeasurementCreate), client: clientId }),
    () => {
      enqueueSnackbar(THRIVE_TEXT.measurementAdded, { variant: 'success' });
      dashboard.reload();
      measurements.reload();
    },
  );
  return { dashboard, measurements, assessments, add };
}
