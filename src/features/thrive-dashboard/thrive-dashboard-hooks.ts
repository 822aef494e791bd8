// The thrive dashboard's machines bound to its adapter: the summary and the filter options as
// record machines, the needs-attention table as a server-side list, one client's dashboard and
// measurements as records, and Add measurement as an action (the dialog).
import { useSnackbar } from 'notistack';
import { useShell } from '../../app/port';
import { useAction, useRecord, useServerList } from '../../lib/staff/hooks';
import { addMeasurement, fetchAssessments, fetchAttentionPage, fetchClient, fetchFilterOptions, fetchMeasurements, fetchSummary, type MeasurementCreate } from './thrive-dashboard-api';
import { THRIVE_TEXT } from './texts';

export function useThriveDashboard() {
  const { api } = useShell();
  const summary = useRecord(() => fetchSummary(api));
  const options = useRecord(() => fetchFilterOptions(api));
  const attention = useServerList((q) => fetchAttentionPage(api, q));
  return { summary, options, attention };
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
