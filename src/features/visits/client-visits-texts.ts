// Texts of the therapy visits section of a client's record (tests assert them).
export const VISITS_SECTION = {
  title: 'Therapy visits',
  empty: 'No therapy visits yet.',
  failed: 'Could not load the therapy visits.',
  retry: 'Try again',
  list: 'Therapy visits of this client',
  open: 'Open chart',
  status: { draft: 'Draft', in_progress: 'In progress', completed: 'Completed', signed: 'Signed', aborted: 'Aborted' } as Record<string, string>,
  columns: { when: 'When', therapy: 'Therapy', status: 'Status', chart: 'Chart' },
} as const;
