// A "Download my data" export (issue 38, the right of access): requested by the client in the
// portal (or by staff for them), building once the privacy job takes it up, ready to download with
// its archive, and expired a fixed number of days after it was ready, when the archive is dropped
// (a client asks for a fresh one; the data may have changed since). A build the job queue gives up
// on after its last attempt ends failed: nothing kept, and the client may ask again (it no longer
// blocks a new ask). The server asks this chart for
// every status change; the portal asks it what to show.
import { setup } from 'xstate';

export const EXPORT_STATUSES = ['requested', 'building', 'ready', 'expired', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A ready archive can be downloaded for this many days. */
export const EXPORT_KEEP_DAYS = 7;
const DAY = 86_400_000;

export type ExportEvent = { type: 'export.start' } | { type: 'export.finish' } | { type: 'export.fail' } | { type: 'export.expire' };

export interface ExportFacts {
  /** When the archive became ready, ISO 8601, or null. */
  readyAt: string | null;
  /** The moment of the change, ISO 8601 (the job's clock). */
  now: string | null;
}

export const exportLifecycle = setup({
  types: {
    context: {} as ExportFacts,
    events: {} as ExportEvent,
    input: {} as Partial<ExportFacts> | undefined,
  },
  guards: {
    // Expiry is the clock's: a ready archive stays downloadable for its whole period.
    keptLongEnough: ({ context }) =>
      context.readyAt !== null && context.now !== null && Date.parse(context.now) - Date.parse(context.readyAt) >= EXPORT_KEEP_DAYS * DAY,
  },
}).createMachine({
  id: 'dataExport',
  initial: 'requested',
  context: ({ input }) => ({ readyAt: input?.readyAt ?? null, now: input?.now ?? null }),
  states: {
    requested: { on: { 'export.start': 'building' } },
    building: { on: { 'export.finish': 'ready', 'export.fail': 'failed' } },
    ready: { on: { 'export.expire': { target: 'expired', guard: 'keptLongEnough' } } },
    expired: { type: 'final' },
    failed: { type: 'final' },
  },
});

/** When a ready archive expires. */
export function expiresAt(readyAt: Date): Date {
  return new Date(readyAt.getTime() + EXPORT_KEEP_DAYS * DAY);
}

/** Whether a client may ask for a new export while this one is in `status` (one under way at a time). */
export function underWay(status: ExportStatus): boolean {
  return status === 'requested' || status === 'building';
}

/** Whether the archive of an export in `status` can be downloaded. */
export function downloadable(status: ExportStatus): boolean {
  return status === 'ready';
}
