// What the thrive API says when it refuses (one place each; tests assert them).
export const THRIVE_TEXTS = {
  clientRequired: 'Staff name the client.',
  notAClient: 'Measurements are recorded for clients.',
  selfReportedOnly: 'Clients record their own weight and blood pressure only.',
  correctOwnOnly: 'Clients correct only their own self-reported readings.',
  futureReading: 'A reading cannot be taken in the future.',
  alreadyCorrected: 'This reading has been corrected already; correct the correction.',
  fromAfterTo: 'The start of the date range is after its end.',
} as const;
