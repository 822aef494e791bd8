// On Track / At Risk / Off Track: how a client in an active program is doing, from attendance
// and package use against how much of the program has elapsed (docs/thrive-dashboard.md, "On
// Track rules"). The server computes the same label in SQL from the same thresholds
// (server/api/thrive/sql.ts), so a page and the needs-attention table never disagree.

export const TRACK_STATUSES = ['on_track', 'at_risk', 'off_track'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

export const TRACK_LABELS: Record<TrackStatus, string> = { on_track: 'On Track', at_risk: 'At Risk', off_track: 'Off Track' };

export const TRACK_THRESHOLDS = {
  /** Attended share of sessions that were due (completed, no-shows, late cancellations). */
  attendanceAtRisk: 0.8,
  attendanceOffTrack: 0.6,
  /** How far package use may trail elapsed program time (a share of the package). */
  useLagAtRisk: 0.2,
  useLagOffTrack: 0.4,
} as const;

export interface TrackInput {
  /** Share of the program's weeks gone, 0 to 1. */
  elapsed: number;
  /** Sessions attended / sessions due; null when none was due yet. */
  attendance: number | null;
  /** Package sessions used / bought across the client's packages; null without a package. */
  packageUse: number | null;
}

export function trackStatus({ elapsed, attendance, packageUse }: TrackInput): TrackStatus {
  const lag = packageUse === null ? null : Math.min(1, Math.max(0, elapsed)) - packageUse;
  const t = TRACK_THRESHOLDS;
  if ((attendance !== null && attendance < t.attendanceOffTrack) || (lag !== null && lag > t.useLagOffTrack)) return 'off_track';
  if ((attendance !== null && attendance < t.attendanceAtRisk) || (lag !== null && lag > t.useLagAtRisk)) return 'at_risk';
  return 'on_track';
}

/** Heart-risk at or above this 10-year percentage is a risk flag. */
export const HEART_RISK_FLAG_PERCENT = 20;

/** Days an adverse event recorded in a therapy visit keeps its client flagged. */
export const ADVERSE_EVENT_FLAG_DAYS = 30;

export const RISK_FLAGS = ['heart_risk', 'worsening_goal', 'adverse_event'] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];
export const RISK_FLAG_LABELS: Record<RiskFlag, string> = {
  heart_risk: 'Heart-risk 20 % or more',
  worsening_goal: 'Goal metric worsening',
  adverse_event: 'Adverse event in the last 30 days',
};
