// The thrive dashboard's summary tiles, each of which opens the list of what it counts: the one
// list the server's route, its SQL and the page's address (`/thrive-dashboard?tile=…`) share.
export const THRIVE_TILES = ['active_enrollments', 'sessions_this_week', 'package_sessions_left', 'overdue', 'without_visit'] as const;
export type ThriveTile = (typeof THRIVE_TILES)[number];

/** The tile an address names (`?tile=overdue`), or null for none or one that does not exist. */
export function tileOf(search: string): ThriveTile | null {
  const asked = new URLSearchParams(search).get('tile');
  return THRIVE_TILES.find((t) => t === asked) ?? null;
}
