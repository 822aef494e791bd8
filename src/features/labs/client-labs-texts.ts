// The client record's Labs section, its words in one place.
export const LABS_SECTION = {
  title: 'Labs',
  empty: 'No lab reports yet.',
  failed: 'The lab reports could not be loaded.',
  retry: 'Retry',
  report: (id: number, status: string) => `Order #${id} · ${status}`,
  flag: { normal: 'Normal', low: 'Low', high: 'High', critical: 'Critical' } as Record<string, string>,
} as const;
