// An appointment's visit chart as the appointment panel and the client record say it (issue 32).
export const CHART_LABEL = 'Visit chart';
export const CHART_STATUS_LABELS: Record<string, string> = {
  draft: 'Opened, not started',
  in_progress: 'In progress',
  completed: 'Completed, not signed yet',
  signed: 'Signed',
  aborted: 'Aborted',
};
export const signedBy = (name: string) => `Signed by ${name}`;
/** An appointment's chart in words: who signed it, or where it stands. */
export const chartStatusText = (chart: { status: string; signed_by_name: string | null }) =>
  chart.status === 'signed' && chart.signed_by_name ? signedBy(chart.signed_by_name) : CHART_STATUS_LABELS[chart.status];
