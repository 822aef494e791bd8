// The lab desk's words, in one place.
export const LAB_DESK_TEXT = {
  title: 'Lab orders',
  empty: 'No open lab orders.',
  collector: 'Collector',
  assign: 'Assign',
  move: { collector_assigned: 'Assign collector', collected: 'Mark collected', processing: 'Start processing', partial: 'Release partial results', ready: 'Release report' } as Record<string, string>,
  status: { booked: 'Booked', collector_assigned: 'Collector assigned', collected: 'Collected', processing: 'Processing', partial: 'Partial', ready: 'Ready', cancelled: 'Cancelled' } as Record<string, string>,
  results: 'Results',
  save: 'Save',
  value: (marker: string, unit: string, person: string) => `${marker} (${unit}) for ${person}`,
} as const;
