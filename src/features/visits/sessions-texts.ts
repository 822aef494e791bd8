// The portal's completed sessions, in the client's words.
export const SESSIONS_TEXT = {
  title: 'Completed sessions',
  empty: 'Your completed therapy sessions will appear here.',
  loadFailed: 'Your sessions could not be loaded.',
  retry: 'Retry',
  minutes: (n: number) => `${n} min`,
  with: (name: string) => `with ${name}`,
} as const;
